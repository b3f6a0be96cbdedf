import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppProcess {
  origin: string;
  /** The app's process id (to sample its memory). */
  pid: number;
  /** Stops the app (SIGTERM: it closes its connections and, when profiling, writes the profile). */
  stop(): Promise<void>;
}

/**
 * The whole app (`server/src/main.ts`) in production mode on PostgreSQL `url`, in a child process of its own so
 * that the load generator does not share its event loop; resolves once GET /api/health answers.
 * `cpuProfileDir`: the app writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
 * `env`: settings of the app beyond these (METRICS_TOKEN, SUGGEST_CACHE_TTL_MS).
 */
export async function startApp(
  url: string,
  options: { cpuProfileDir?: string; built?: boolean; env?: Record<string, string> } = {},
): Promise<AppProcess> {
  const port = await freePort();
  const profiling = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  // `built`: the production bundle exactly as `npm start` runs it (needs `npm run build`), not the sources.
  const entry = options.built
    ? [path.join(repoRoot, 'server/dist/main.js')]
    : ['--import', 'tsx', path.join(repoRoot, 'server/src/main.ts')];
  const child: ChildProcess = spawn(process.execPath, [...profiling, ...entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_OFFERS: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, pid: child.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error('the app did not answer /api/health within 60 s');
}
