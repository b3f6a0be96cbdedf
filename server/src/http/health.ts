import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@detal/contract';
import type { Database } from '../db/index.ts';

export const HEALTH_PATH = '/api/health';
/** The process is up and serving (restart it when this fails). */
export const LIVE_PATH = '/api/health/live';
/** The instance can do its work: the database answers (and every dependency in `ReadinessCheck`s). */
export const READY_PATH = '/api/health/ready';

/**
 * One dependency the instance needs to serve requests. The database is always checked; the Redis of the shared
 * rate limits (REDIS_URL) comes from registerRateLimit.
 */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<unknown>;
}

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.literal('ok')) });

/**
 * Liveness with the database: 200 when it answers a query, 503 otherwise (for load balancers and probes); and the
 * split probes of orchestrators: /live (the process answers, nothing else is checked) and /ready (the database
 * and every further check answer).
 */
export function registerHealth(app: FastifyInstance, database: Database, checks: readonly ReadinessCheck[] = []) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    LIVE_PATH,
    { schema: { summary: 'Процесс жив', tags: ['service'], response: { 200: liveSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  const readiness: ReadinessCheck[] = [{ name: 'database', check: () => database.ping() }, ...checks];
  routes.get(
    READY_PATH,
    {
      schema: {
        summary: 'Готов ли экземпляр обслуживать запросы (база данных и другие зависимости)',
        tags: ['service'],
        response: { 200: readySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const results = await Promise.allSettled(readiness.map(({ check }) => check()));
      const failed = readiness.filter((_, index) => results[index]!.status === 'rejected').map(({ name }) => name);
      if (failed.length > 0) {
        request.log.error({ failed }, 'readiness check failed');
        reply.header('retry-after', '5');
        return reply
          .code(503)
          .send({ message: `Сервис временно недоступен: ${failed.join(', ')}`, error: 'service_unavailable' });
      }
      return { status: 'ok' as const, checks: Object.fromEntries(readiness.map(({ name }) => [name, 'ok' as const])) };
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    HEALTH_PATH,
    {
      schema: {
        summary: 'Состояние сервера и базы данных',
        tags: ['service'],
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        return reply.code(503).send({ message: 'База данных недоступна', error: 'database_unavailable' });
      }
      return { status: 'ok' as const, database: database.driver };
    },
  );
}
