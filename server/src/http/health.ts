import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@detal/contract';
import type { Database } from '../db/index.ts';

export const HEALTH_PATH = '/api/health';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** Liveness with the database: 200 when it answers a query, 503 otherwise (for load balancers and probes). */
export function registerHealth(app: FastifyInstance, database: Database) {
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
