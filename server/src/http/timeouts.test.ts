import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX } from '@detal/contract';
import { openDatabase, type Database } from '../db/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase, createTestDatabaseTarget, testDriver } from '../../test/helpers/db.ts';
import { answerOf } from '../../test/helpers/raw-socket.ts';

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
