import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { STAFF_SESSION_COOKIE_NAME } from '@detal/contract';
import { BEARER_SECURITY, STAFF_COOKIE_SECURITY } from '../http/routes.ts';

export const DOCS_PATH = '/api/docs';

/**
 * The OpenAPI document, generated from the same zod schemas that validate the routes, and Swagger UI at
 * /api/docs (its assets come from the npm package; nothing is fetched at run time). Register before the
 * routes: @fastify/swagger collects them as they are added.
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Detal API',
        description:
          'API интернет-магазина автозапчастей Detal: магазин (/api/v1/shop/), технический каталог (/api/tech/) ' +
          'и панель управления для сотрудников (/api/v1/admin/, сессия в cookie staff_session). ' +
          'Ответ: `{ data }`; ошибка: `{ message, error }`.',
        version: '1',
      },
      components: {
        securitySchemes: {
          [BEARER_SECURITY]: { type: 'http', scheme: 'bearer', description: 'Токен клиента из cookie token' },
          [STAFF_COOKIE_SECURITY]: {
            type: 'apiKey',
            in: 'cookie',
            name: STAFF_SESSION_COOKIE_NAME,
            description: 'Сессия сотрудника (панель управления /admin)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PATH });
}
