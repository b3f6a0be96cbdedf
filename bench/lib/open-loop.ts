import { Pool } from 'undici';
import { percentile, printTable } from './figures.ts';

/*
 * An open loop: requests leave on a fixed schedule (rate per second) whatever the server does, and each latency
 * is counted from the moment the request was due, not from when it was sent. A server that stalls for 300 ms then
 * shows every request that fell due during the stall as late, as real clients would see it; a closed loop
 * (autocannon's fixed connections) would just send fewer requests and hide it.
 */

export interface OpenLoopRequest {
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  /** Headers beyond the JSON content type (a staff session's cookie). */
  headers?: Record<string, string>;
}

export interface OpenLoopFigures {
  /** Requests due and answered in the pass. */
  count: number;
  failures: number;
  /** Latency from the due time, ms. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /**
   * How late the client itself sent requests (its own event loop busy), ms: when this approaches the latencies,
   * the client, not the server, is what is measured.
   */
  sendLagP99: number;
  sendLagMax: number;
}

export interface OpenLoopOptions {
  origin: string;
  rate: number;
  durationMs: number;
  /** The request due at position `index` of the schedule. */
  request: (index: number) => OpenLoopRequest;
  /**
   * Sockets the client may open. Enough that the client never queues (a stall of 350 ms at 500 req/s keeps 175
   * requests in flight); requests beyond them wait in the client and still count from their due time.
   */
  connections?: number;
}

const HEADERS = { 'content-type': 'application/json' };

/** Runs one pass of the open loop and answers its figures. */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopFigures> {
  const pool = new Pool(options.origin, { connections: options.connections ?? 512, pipelining: 1 });
  const total = Math.round((options.rate * options.durationMs) / 1000);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const sendLags: number[] = [];
  let failures = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();

  const send = (index: number, due: number) => {
    sendLags.push(performance.now() - due);
    const { path, method, body, headers = {} } = options.request(index);
    const answered = pool
      .request({ path, method, body, headers: body === undefined ? headers : { ...HEADERS, ...headers } })
      .then(async (response) => {
        await response.body.dump();
        if (response.statusCode >= 400) failures += 1;
      })
      .catch(() => {
        failures += 1;
      })
      .then(() => {
        latencies.push(performance.now() - due);
      });
    inFlight.push(answered);
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    // A timer each millisecond sends every request that has fallen due since the last one.
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        send(next, started + next * interval);
        next += 1;
      }
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, started + next * interval - now)));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  await pool.close();

  latencies.sort((a, b) => a - b);
  sendLags.sort((a, b) => a - b);
  return {
    count: latencies.length,
    failures,
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    sendLagP99: percentile(sendLags, 0.99),
    sendLagMax: sendLags.at(-1) ?? Number.NaN,
  };
}

/** A warm-up pass, then `passes` measured passes of `passSeconds` each; prints each pass as it ends. */
export async function openLoopPasses(
  what: string,
  options: Omit<OpenLoopOptions, 'durationMs' | 'rate'> & OpenLoopSettings,
): Promise<OpenLoopFigures[]> {
  await openLoop({ ...options, durationMs: options.warmupSeconds * 1000 });
  const passes: OpenLoopFigures[] = [];
  for (let pass = 1; pass <= options.passes; pass += 1) {
    const figures = await openLoop({ ...options, durationMs: options.passSeconds * 1000 });
    passes.push(figures);
    console.log(`${what}, pass ${pass}: ${describeOpenLoop(figures)}`);
  }
  return passes;
}

export function describeOpenLoop(figures: OpenLoopFigures): string {
  const ms = (value: number) => value.toFixed(1);
  return (
    `p50 ${ms(figures.p50)} ms, p90 ${ms(figures.p90)}, p99 ${ms(figures.p99)}, max ${ms(figures.max)}; ` +
    `${figures.count} answered, ${figures.failures} failed; client send lag p99 ${ms(figures.sendLagP99)} ms, ` +
    `max ${ms(figures.sendLagMax)}`
  );
}

/** The command-line options of the open loop, shared by the benchmarks that have one (node:util parseArgs). */
export const OPEN_LOOP_ARGS = {
  rate: { type: 'string' },
  passes: { type: 'string', default: '3' },
  'pass-seconds': { type: 'string', default: '15' },
} as const;

export interface OpenLoopSettings {
  rate: number;
  passes: number;
  passSeconds: number;
  warmupSeconds: number;
}

/** The open loop asked for on the command line, or undefined when --rate is absent (closed loop). */
export function openLoopSettings(values: {
  rate?: string;
  passes?: string;
  'pass-seconds'?: string;
}): OpenLoopSettings | undefined {
  if (values.rate === undefined) return undefined;
  const rate = Number(values.rate);
  const passes = Number(values.passes ?? 3);
  const passSeconds = Number(values['pass-seconds'] ?? 15);
  if (!(rate > 0)) throw new Error('--rate takes a positive number of requests a second');
  if (!Number.isInteger(passes) || passes < 1) throw new Error('--passes takes a positive whole number');
  if (!(passSeconds > 0)) throw new Error('--pass-seconds takes a positive number');
  return { rate, passes, passSeconds, warmupSeconds: Math.min(5, passSeconds) };
}

/** Prints every pass of every target as one table. */
export function printOpenLoopTable(rows: readonly { what: string; passes: readonly OpenLoopFigures[] }[]): void {
  printTable(
    ['what', 'pass', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'answered', 'failed', 'send lag max ms'],
    rows.flatMap((row) =>
      row.passes.map((pass, index) => [
        row.what,
        String(index + 1),
        pass.p50.toFixed(1),
        pass.p90.toFixed(1),
        pass.p99.toFixed(1),
        pass.max.toFixed(1),
        String(pass.count),
        String(pass.failures),
        pass.sendLagMax.toFixed(1),
      ]),
    ),
  );
}
