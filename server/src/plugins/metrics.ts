import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/index.ts';
import { unauthorized } from '../http/errors.ts';

export const METRICS_PATH = '/metrics';

/** Seconds; from a cached answer (about 1 ms) to a slow import page or PDF. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The Bearer token of the request equals `token` (compared in constant time). */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digestOf(given), digestOf(token));
}

/**
 * Prometheus metrics at /metrics: requests and their durations per route pattern (`/api/v1/shop/page/:id`, never
 * the raw URL, so that the series stay few), the PostgreSQL pool, and Node's defaults (memory, event loop, GC).
 * Each app has a registry of its own. Without `token` the path is an unknown page; with it, only a caller sending
 * it as a Bearer token reads the figures (they reveal traffic). Answers the registry, for the modules' own metrics.
 */
export function registerMetrics(app: FastifyInstance, database: Database, token: string | undefined): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer, by route pattern and status',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and queries waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    // Unmatched requests (404s of any address) share one series.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (token === undefined) return reply.callNotFound();
    if (!carriesToken(request.headers.authorization, token)) throw unauthorized('Нужен токен метрик (METRICS_TOKEN)');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
