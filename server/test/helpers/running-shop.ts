import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../scripts/free-port.mjs';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface RunningShop {
  baseUrl: string;
  /** Everything the shop wrote to stdout so far. */
  stdout(): string;
  /** SIGTERM, then waits for the exit (the shop closes its database and lets its lock go). */
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // Three minutes: a start with migrations on a machine busy with other suites took over 90 s.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The shop exited with code ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop did not answer ${baseUrl}/api/health:\n${output()}`);
}

/**
 * The shop as `npm run dev` runs it (the sources through tsx, API only, no demo offers) on the database `env`
 * names (DATABASE_URL, or DATA_DIR for the embedded one): a real process beside the test, as the owner's
 * commands meet it.
 */
export async function startShop(env: Record<string, string>): Promise<RunningShop> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_OFFERS: '0',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    stdout: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
