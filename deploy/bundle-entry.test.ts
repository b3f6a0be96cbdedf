import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../scripts/free-port.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm start` runs `node server/dist/main.js` with no NODE_ENV: the bundle must run in production mode, React's
 * production build included (set before React loads; its development build rendered a result page about ten times
 * slower, issue 18). vitest sets NODE_ENV=test in this process, so the child gets an environment without it.
 */
it('the built server started as npm start does runs in production mode', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-bundle-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_OFFERS: '0',
  };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  const child = spawn(process.execPath, [path.join(repoRoot, 'server/dist/main.js')], { cwd: repoRoot, env });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await expect.poll(() => log, { timeout: 60_000, interval: 200 }).toContain('Detal is running');
    const running = log.split('\n').find((line) => line.includes('Detal is running'))!;
    expect(JSON.parse(running)).toMatchObject({ mode: 'production' });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
