import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../test/helpers/raw-socket.ts';
import { freePort } from '../test/helpers/server-process.ts';

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

async function waitForLive(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health/live`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

describe('SIGTERM', () => {
  let dataDir: string;
  let child: ChildProcess;
  let origin: string;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'detal-shutdown-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_OFFERS: '0',
        WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitForLive(origin, child, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('warns in production that PUBLIC_URL is not set', () => {
    expect(output).toContain('PUBLIC_URL is not set');
  });

  it('stops accepting, lets the request in flight finish, closes the database and exits 0', async () => {
    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.ru' });
    const socket = net.connect(new URL(origin).port ? Number(new URL(origin).port) : 80, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = answerOf(socket);
    socket.write(
      'POST /api/v1/shop/client-reset-password HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer 0000000\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));

    // No new connections are taken while it drains.
    await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();

    socket.end(body.slice(5));
    const raw = await answer;
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain('"message"');
    expect(await exited).toBe(0);
    expect(output).toContain('stopped');
  }, 60_000);
});
