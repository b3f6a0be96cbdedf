import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The shop's server as a process of its own (`main.ts` through tsx), for tests of start, stop and restart. */

const mainFile = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A TCP port nobody listens on at this moment. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** Waits until `check` holds, looking every 100 ms; fails after `timeoutMs`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
  /** SIGKILL, and waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Spawns the server with `env` (on top of this process's) and waits until `/api/health/live` at `origin` answers;
 * rejects, with what it printed, if it exits first.
 */
export async function startServerProcess(
  env: Record<string, string>,
  origin: string,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: ServerProcess = {
    child,
    output: () => output,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await until(
      'the server to answer',
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
        return fetch(`${origin}/api/health/live`).then(
          (response) => response.ok,
          () => false,
        );
      },
      timeoutMs,
    );
  } catch (error) {
    await started.kill();
    throw error;
  }
  return started;
}
