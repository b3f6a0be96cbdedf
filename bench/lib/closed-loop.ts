import { percentile } from './figures.ts';

export interface LoopFigures {
  count: number;
  seconds: number;
  p50: number;
  p99: number;
}

/**
 * `concurrency` workers each running `task` again as soon as it ends, for `durationMs`: the same closed loop
 * autocannon puts on HTTP, for loads that are not HTTP (the SQL floors). Latencies in milliseconds.
 */
export async function closedLoop(
  concurrency: number,
  durationMs: number,
  task: (index: number) => Promise<unknown>,
): Promise<LoopFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + durationMs;
  let next = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const index = next;
      next += 1;
      const begun = performance.now();
      await task(index);
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}
