import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  /**
   * The one-time link to create the first owner, as the app printed it on stdout at start (it prints one while
   * the shop has no staff member; none when a staff member was made before the start).
   */
  setupLink(): string;
  stop(): Promise<void>;
}

/** The line the shop prints at start while it has no staff: `  http://…/admin/setup?token=…`. */
const SETUP_LINK_PATTERN = /(https?:\/\/\S+\/admin\/setup\?token=[\w-]+)/;

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
}

/** The technical catalogue's key of the e2e app (a real shop without one gets a generated key). */
export const E2E_TECH_CATALOG_KEY = 'e2e-tech-catalog-key';

/** Where the app will run, for work that must be done on its data before it starts. */
export interface AppPlace {
  baseUrl: string;
  dataDir: string;
}

/**
 * Starts the production build (`server/dist/main.js`, serving the API and the server-rendered web app) on a free
 * port with a fresh embedded database and a small demo catalogue, as `npm start` does. `beforeStart` runs first,
 * with the database folder and address: the embedded database has one user at a time, so a command line that
 * writes to it (the first staff owner, say) has to run before the app opens it.
 */
export async function startApp(
  env: Record<string, string> = {},
  beforeStart?: (place: AppPlace) => Promise<void>,
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  await beforeStart?.({ baseUrl, dataDir });
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_OFFERS: '3000',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseUrl,
      TECH_CATALOG_KEY: E2E_TECH_CATALOG_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Read for the setup link and passed on, so that the app's output shows as before.
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  await waitForHealth(baseUrl, child, 180_000);
  return {
    baseUrl,
    dataDir,
    setupLink() {
      // Printed before the app listens: once it answers, the link is there or never will be.
      const link = SETUP_LINK_PATTERN.exec(stdout)?.[1];
      if (!link) throw new Error(`The app printed no setup link for the first owner:\n${stdout}`);
      return link;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
