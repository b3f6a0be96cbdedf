import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIVE_PATH, READY_PATH } from './health.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

const apps: FastifyInstance[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('/api/health/live and /api/health/ready', () => {
  it('live answers while the process runs; ready answers while the database does, then 503 with Retry-After', async () => {
    const database = await createTestDatabase();
    const { app } = await buildTestApp(database);
    apps.push(app);
    expect((await app.inject({ method: 'GET', url: LIVE_PATH })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: READY_PATH });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });

    await database.close();
    const down = await app.inject({ method: 'GET', url: READY_PATH });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({ message: 'Сервис временно недоступен: database', error: 'service_unavailable' });
    // Liveness does not depend on the database: restarting the process would not bring it back.
    expect((await app.inject({ method: 'GET', url: LIVE_PATH })).statusCode).toBe(200);
  });
});
