import { describe, expect, it } from 'vitest';
import { createRandom } from './random.ts';

const draw = (seed: number, count: number) => {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('createRandom', () => {
  it('repeats the same sequence for the same seed, and another for another seed', () => {
    expect(draw(42, 20)).toEqual(draw(42, 20));
    expect(draw(42, 20)).not.toEqual(draw(43, 20));
  });

  it('gives the same numbers on every machine (mulberry32 reference values)', () => {
    expect(draw(1, 3).map((value) => Math.floor(value * 4_294_967_296))).toEqual([2693262067, 11749833, 2265367787]);
  });

  it('stays within the bounds asked and reaches both ends', () => {
    const random = createRandom(7);
    const values = Array.from({ length: 2000 }, () => random.int(3, 6));
    expect(new Set(values)).toEqual(new Set([3, 4, 5, 6]));
    expect(Array.from({ length: 1000 }, () => random.next()).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('samples distinct items, all of them when asked for more', () => {
    const random = createRandom(9);
    const items = ['a', 'b', 'c', 'd', 'e'];
    const sample = random.sample(items, 3);
    expect(sample).toHaveLength(3);
    expect(new Set(sample).size).toBe(3);
    expect(sample.every((item) => items.includes(item))).toBe(true);
    expect(random.sample(items, 10).sort()).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => createRandom(1).pick([])).toThrow('Cannot pick from an empty list');
  });
});
