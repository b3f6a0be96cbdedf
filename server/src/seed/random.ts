/** A small deterministic PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[int(0, items.length - 1)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    // Partial Fisher-Yates: only the first `count` places are shuffled.
    const taken = Math.min(count, pool.length);
    for (let index = 0; index < taken; index += 1) {
      const swap = int(index, pool.length - 1);
      [pool[index], pool[swap]] = [pool[swap] as T, pool[index] as T];
    }
    return pool.slice(0, taken);
  };
  return { next, int, chance: (probability) => next() < probability, pick, sample };
}
