import { parentPort, Worker, workerData, type Transferable } from 'node:worker_threads';

/*
 * Work on untrusted input in a worker thread of its own (decision 0034): the worker has its own heap, capped
 * (`resourceLimits`), and a time budget, so that input that still breaks the code there ends that worker, not the
 * server. The worker's results stream back as messages, a few ahead of the consumer at most, so that memory stays
 * flat however many there are and a slow consumer holds the worker back.
 */

export interface WorkerBudget {
  /** The worker's old generation (its long-lived heap), in MB: past it the worker ends. */
  memoryMb: number;
  /** The worker's young generation, in MB (short-lived objects: a larger one costs fewer collections). */
  youngMb?: number;
  /** Longest wait for the worker's next result while the consumer waits for it (its start not counted). */
  stallMs: number;
}

/** How a worker ended before its work was done. */
export type WorkerEnding = 'memory' | 'time' | 'crash';

export class WorkerEnded extends Error {
  constructor(
    readonly ending: WorkerEnding,
    detail: string,
  ) {
    super(`The worker ended (${ending}): ${detail}`);
    this.name = 'WorkerEnded';
  }
}

/** An error thrown in the worker, as it arrives: its class name and message. */
export interface WorkerFailure {
  name: string;
  message: string;
}

type FromWorker<T> =
  { kind: 'ready' } | { kind: 'item'; value: T } | { kind: 'done' } | { kind: 'failed'; failure: WorkerFailure };

/**
 * Longest wait for a worker to start (its script loaded, before it touches the input): not the input's doing, so
 * not its time budget; long, as starting a thread (and, from the sources, tsx) takes seconds on a loaded machine.
 */
const STARTUP_MS = 120_000;

/** Results a worker may send before the consumer has taken them. */
const RESULTS_AHEAD = 2;

/**
 * The script of a module's worker: `name.ts` beside the module in the sources (run through tsx, as the sources
 * are in development and tests), `name.js` beside the bundle in the production build (build.mjs bundles each
 * worker as an entry of its own, next to server.js).
 */
export function workerScript(name: string, moduleUrl: string): URL {
  return new URL(`./${name}.${moduleUrl.endsWith('.ts') ? 'ts' : 'js'}`, moduleUrl);
}

function startWorker(script: URL, input: unknown, budget: WorkerBudget, transfer: readonly Transferable[]): Worker {
  const options = {
    workerData: input,
    transferList: [...transfer],
    resourceLimits: { maxOldGenerationSizeMb: budget.memoryMb, maxYoungGenerationSizeMb: budget.youngMb ?? 16 },
    stdout: false,
    stderr: false,
  };
  if (!script.pathname.endsWith('.ts')) return new Worker(script, options);
  // TypeScript sources: the worker registers tsx's loader first (a worker does not inherit the parent's).
  const tsx = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : 'tsx/esm/api';
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * Runs `script` on `input` in a worker and yields what it sends (see serveStream). A failure thrown in the worker
 * comes back through `revive` (by default an Error with its message); a worker that runs out of memory, past its
 * time budget, or dies otherwise is a WorkerEnded. The worker is ended when the consumer stops.
 */
export async function* streamFromWorker<T>(
  script: URL,
  input: unknown,
  budget: WorkerBudget,
  options: { transfer?: readonly Transferable[]; revive?: (failure: WorkerFailure) => Error } = {},
): AsyncGenerator<T> {
  const worker = startWorker(script, input, budget, options.transfer ?? []);
  const revive = options.revive ?? ((failure: WorkerFailure) => new Error(failure.message));
  const results: T[] = [];
  let ready = false;
  let done = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  worker.on('message', (message: FromWorker<T>) => {
    if (message.kind === 'ready') ready = true;
    else if (message.kind === 'item') results.push(message.value);
    else if (message.kind === 'done') done = true;
    else failure ??= revive(message.failure);
    notify();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    failure ??= new WorkerEnded(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', error.message);
    notify();
  });
  worker.on('exit', (code) => {
    if (!done) failure ??= new WorkerEnded('crash', `exit code ${code}`);
    notify();
  });
  try {
    for (;;) {
      const next = results.shift();
      if (next !== undefined) {
        worker.postMessage('more');
        yield next;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      let timer: NodeJS.Timeout | undefined;
      const starting = !ready;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(
          () => {
            failure ??= starting
              ? new WorkerEnded('crash', `not started within ${STARTUP_MS} ms`)
              : new WorkerEnded('time', `no result within ${budget.stallMs} ms`);
            resolve();
          },
          starting ? STARTUP_MS : budget.stallMs,
        );
      });
      clearTimeout(timer);
    }
  } finally {
    await worker.terminate();
  }
}

/** Runs `script` on `input` in a worker (see streamFromWorker) and answers its one result. */
export async function runInWorker<T>(
  script: URL,
  input: unknown,
  budget: WorkerBudget,
  options: { transfer?: readonly Transferable[]; revive?: (failure: WorkerFailure) => Error } = {},
): Promise<T> {
  for await (const result of streamFromWorker<T>(script, input, budget, options)) return result;
  throw new WorkerEnded('crash', 'the worker sent no result');
}

/**
 * The worker's side: sends what `produce` yields for the worker's input, waiting whenever RESULTS_AHEAD results
 * are not yet taken, then 'done'; an error thrown is sent as its name and message.
 */
export function serveStream<I, T>(produce: (input: I) => AsyncIterable<T>): void {
  const port = parentPort;
  if (!port) throw new Error('serveStream runs in a worker thread');
  let credit = RESULTS_AHEAD;
  let resume: (() => void) | undefined;
  port.on('message', () => {
    credit += 1;
    resume?.();
    resume = undefined;
  });
  const send = (message: FromWorker<T>) => port.postMessage(message);
  send({ kind: 'ready' });
  void (async () => {
    try {
      for await (const value of produce(workerData as I)) {
        while (credit === 0) await new Promise<void>((resolve) => (resume = resolve));
        credit -= 1;
        send({ kind: 'item', value });
      }
      send({ kind: 'done' });
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      send({ kind: 'failed', failure: { name, message } });
    }
  })();
}
