import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract';
import { openDatabase, type Database } from '../db/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase, createTestDatabaseTarget, testDriver } from '../../test/helpers/db.ts';
import { answerOf } from '../../test/helpers/raw-socket.ts';
import { createTestStaff, staffCookieFor } from '../../test/helpers/staff.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('answers 408 in the contract shape and closes a request whose body trickles in too slowly', async () => {
    const database = await createTestDatabase();
    const { app } = await buildTestApp(database, { requestTimeoutMs: 600 });
    cleanups.push(
      () => database.close(),
      () => app.close(),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    const answer = answerOf(socket);
    socket.write(
      `POST ${SHOP_API_PREFIX}client-login HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\n` +
        'Content-Length: 200\r\n\r\n',
    );
    // One byte every 100 ms: the body would take 20 s.
    const drip = setInterval(() => socket.writable && socket.write('{'), 100);
    const started = Date.now();
    const raw = await answer;
    clearInterval(drip);
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'Запрос не был получен целиком за отведённое время',
      error: 'request_timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('UPLOAD_TIMEOUT_MS: uploads have a deadline of their own, and idle ones are still closed', () => {
  // Small values so that the test runs in seconds: a request gets 600 ms, an upload 3 s, silent for 600 ms at most.
  const REQUEST_TIMEOUT_MS = 600;
  const UPLOAD_TIMEOUT_MS = 3_000;
  let port: number;
  let cookie: string;

  const csv = Buffer.from(
    Array.from({ length: 60 }, (_, index) => `Knecht;OC ${index};Mahle;OC ${index};аналог`).join('\n') + '\n',
  );

  /** Headers of an upload (cross-references: no supplier needed) of `length` bytes, sent on a raw socket. */
  function startUpload(length: number, headers: Record<string, string>) {
    const socket = net.connect(port, '127.0.0.1');
    const answer = answerOf(socket);
    const lines = Object.entries({
      Host: 'shop',
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(length),
      Connection: 'close',
      ...headers,
    }).map(([name, value]) => `${name}: ${value}`);
    socket.write(
      `POST ${ADMIN_API_PREFIX}import-upload?kind=cross_references&file_name=slow.csv HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`,
    );
    return { socket, answer };
  }

  /** Sends `body` in `pieces` parts, `gapMs` apart; stops when the server has closed the connection. */
  async function trickle(socket: net.Socket, body: Buffer, pieces: number, gapMs: number) {
    const size = Math.ceil(body.length / pieces);
    for (let offset = 0; offset < body.length && socket.writable; offset += size) {
      socket.write(body.subarray(offset, offset + size));
      await sleep(gapMs);
    }
  }

  const statusOf = (raw: string) => /^HTTP\/1\.1 (\d+) /.exec(raw)?.[1];
  const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;

  it('a slow upload longer than REQUEST_TIMEOUT_MS arrives', async () => {
    const database = await createTestDatabase();
    const uploadsDir = await mkdtemp(path.join(tmpdir(), 'detal-slow-upload-'));
    const { app } = await buildTestApp(database, {
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      uploadTimeoutMs: UPLOAD_TIMEOUT_MS,
      uploadsDir,
    });
    cleanups.push(
      () => database.close(),
      () => app.close(),
      () => rm(uploadsDir, { recursive: true, force: true }),
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as net.AddressInfo).port;
    cookie = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);

    const started = Date.now();
    const { socket, answer } = startUpload(csv.length, { Cookie: cookie });
    // 10 pieces 200 ms apart: about 2 s in all, each silence a third of the 600 ms allowed.
    await trickle(socket, csv, 10, 200);
    const raw = await answer;
    const took = Date.now() - started;
    expect(statusOf(raw), raw).toBe('200');
    expect(bodyOf(raw)).toMatchObject({ data: { import: { kind: 'cross_references', file_name: 'slow.csv' } } });
    expect(took).toBeGreaterThan(REQUEST_TIMEOUT_MS * 2);
  });

  it('an upload that sends nothing for REQUEST_TIMEOUT_MS is answered 408 and closed', async () => {
    const started = Date.now();
    const { socket, answer } = startUpload(csv.length, { Cookie: cookie });
    socket.write(csv.subarray(0, 100));
    const raw = await answer;
    expect(statusOf(raw), raw).toBe('408');
    expect(bodyOf(raw)).toEqual({
      message: 'Запрос не был получен целиком за отведённое время',
      error: 'request_timeout',
    });
    // Closed for its silence, well before the upload's own deadline.
    expect(Date.now() - started).toBeLessThan(UPLOAD_TIMEOUT_MS - 500);
  });

  it('an upload that never ends is cut at UPLOAD_TIMEOUT_MS', async () => {
    const started = Date.now();
    const { socket, answer } = startUpload(10 * 1024 * 1024, { Cookie: cookie });
    // A byte every 200 ms: never silent long enough to be closed as idle.
    void trickle(socket, Buffer.alloc(100, 'x'), 100, 200);
    const raw = await answer;
    socket.destroy();
    expect(statusOf(raw), raw).toBe('408');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(UPLOAD_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(UPLOAD_TIMEOUT_MS + 3_000);
  });

  it('a caller without a staff session gets no upload deadline: its trickling body is cut at REQUEST_TIMEOUT_MS', async () => {
    const started = Date.now();
    // Kept alive: after the 401 the server reads the rest of the body, under the request's deadline.
    const { socket, answer } = startUpload(csv.length, { Connection: 'keep-alive' });
    void trickle(socket, csv, 40, 100);
    const raw = await answer;
    socket.destroy();
    expect(statusOf(raw), raw).toBe('401');
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500);
  });
});

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped, nothing accepted) and restore. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server!.close(() => resolve());
    });
  await open();
  return { port: () => port, cut, restore: open };
}

describe.runIf(testDriver === 'postgres')('the database becomes unreachable (PostgreSQL)', () => {
  it('answers 503 with Retry-After and a Russian message while it is, and recovers without a restart', async () => {
    const target = await createTestDatabaseTarget();
    cleanups.push(() => target.remove());
    const direct = new URL(target.options.databaseUrl!);
    const proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(direct);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port());
    const database: Database = await openDatabase({
      databaseUrl: throughProxy.href,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 5_000,
    });
    const { app } = await buildTestApp(database);
    cleanups.push(
      () => database.close().catch(() => undefined),
      () => app.close(),
    );
    const pageList = () => app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}page-list` });

    expect((await pageList()).statusCode).toBe(200);

    await proxy.cut();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const down = await pageList();
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('5');
      expect(down.json()).toEqual({
        message: 'База данных временно недоступна. Повторите попытку через несколько секунд',
        error: 'database_unavailable',
      });
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);

    await proxy.restore();
    expect((await pageList()).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('a statement past the statement timeout is cancelled and answers 503', async () => {
    const target = await createTestDatabaseTarget();
    cleanups.push(() => target.remove());
    const database = await openDatabase({ databaseUrl: target.options.databaseUrl!, statementTimeoutMs: 200 });
    const { app } = await buildTestApp(database, {}, (scope: FastifyInstance) => {
      scope.get('/slow', async () => {
        await database.db.execute(sql`select pg_sleep(2)`);
        return { ok: true };
      });
    });
    cleanups.push(
      () => database.close(),
      () => app.close(),
    );
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(503);
  });
});
