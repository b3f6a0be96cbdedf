import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { METRICS_PATH } from './metrics.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';

const TOKEN = 'metrics-token-for-the-tests';

let database: Database;
let open: FastifyInstance;
let closed: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app: open } = await buildTestApp(database, { metricsToken: TOKEN }));
  ({ app: closed } = await buildTestApp(database));
});

afterAll(async () => {
  await open?.close();
  await closed?.close();
  await database?.close();
});

const scrape = (app: FastifyInstance, authorization?: string) =>
  app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization ? { authorization } : {} });

describe('/metrics', () => {
  it('is an unknown page without METRICS_TOKEN, and 401 without the right Bearer token', async () => {
    expect((await scrape(closed, `Bearer ${TOKEN}`)).statusCode).toBe(404);
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(open, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('counts and times requests per route pattern, shows the pool and the Node defaults', async () => {
    for (const slug of ['one', 'two', 'three']) {
      await open.inject({ method: 'GET', url: `/api/v1/shop/page/${slug}` });
    }
    await open.inject({ method: 'GET', url: '/no/such/address/42' });
    const response = await scrape(open, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/v1\/shop\/page\/:id",status="404"\} 3/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/shop\/page\/:id",status="404"\} 3/,
    );
    expect(text).not.toContain('page/one');
    expect(text).not.toContain('/no/such/address');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (testDriver === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });
});
