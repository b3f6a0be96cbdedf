import { Readable } from 'node:stream';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, isPersonalEndpoint, type EndpointDef } from '@detal/contract';
import { authenticate, authOf, type SessionResolver } from './auth.ts';
import { refuseCrossSite, type TrustedOrigins } from './cross-site.ts';
import { forbidden, unauthorized, unavailable } from './errors.ts';
import type { HandlerContext, HandlersFor } from './handlers.ts';
import { rateLimitOf } from './rate-limit.ts';
import { allowSlowUpload } from './request-deadline.ts';
import { STAFF_SIGN_IN_REQUIRED_MESSAGE, authenticateStaff, staffOf, type StaffSessionResolver } from './staff-auth.ts';

/** OpenAPI security scheme name of the bearer token, declared in plugins/docs.ts. */
export const BEARER_SECURITY = 'bearerAuth';
/** OpenAPI security scheme name of the staff session cookie, declared in plugins/docs.ts. */
export const STAFF_COOKIE_SECURITY = 'staffSession';

export const STAFF_ROLE_FORBIDDEN_MESSAGE = 'Недостаточно прав для этого действия';

/** The content type of an XLSX workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const binaryResponses = {
  pdf: { description: 'PDF-файл', content: { 'application/pdf': { schema: z.file().mime('application/pdf') } } },
  csv: { description: 'CSV-файл', content: { 'text/csv': { schema: z.file().mime('text/csv') } } },
  table: {
    description: 'Таблица: XLSX или CSV (кодировка в Content-Type)',
    content: {
      [XLSX_TYPE]: { schema: z.file().mime(XLSX_TYPE) },
      'text/csv': { schema: z.file().mime('text/csv') },
    },
  },
  document: {
    description: 'PDF- или XML-файл',
    content: {
      'application/pdf': { schema: z.file().mime('application/pdf') },
      'application/xml': { schema: z.file().mime('application/xml') },
    },
  },
  image: {
    description: 'Изображение: JPEG, PNG, WebP, HEIC или AVIF',
    content: { 'image/*': { schema: z.file() } },
  },
} as const;
/** 'table' (CSV in the supplier's encoding, or XLSX), 'document' (PDF or XML) and 'image' say their own type. */
const BINARY_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  table: null,
  document: null,
  image: null,
} as const;

/** The content type of an upload endpoint's body: the file's raw bytes, handed to the handler as a stream. */
export const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

/** Personal answers (a client's data, a basket, a token) must not be kept by a browser's disk cache or a proxy. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

const errorResponse = errorBodySchema.describe('Ошибка: { message, error }; при 422 error — поля и их сообщения');

function schemaOf(endpoint: EndpointDef): FastifySchema {
  return {
    summary: endpoint.summary,
    tags: [...endpoint.tags],
    ...(endpoint.session ? { security: [{ [BEARER_SECURITY]: [] }] } : {}),
    ...(endpoint.roles
      ? {
          security: [{ [STAFF_COOKIE_SECURITY]: [] }],
          description: `Роли: ${endpoint.roles.join(', ')}`,
        }
      : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.headers ? { headers: endpoint.headers } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.upload ? { consumes: [UPLOAD_CONTENT_TYPE] } : {}),
    response: {
      200: typeof endpoint.response === 'string' ? binaryResponses[endpoint.response] : endpoint.response,
      '4xx': errorResponse,
      '5xx': errorResponse,
    },
  };
}

type AnyEndpointHandler = (ctx: HandlerContext<EndpointDef>) => Promise<unknown>;

const toBytes = (payload: unknown): Buffer | NodeJS.ReadableStream => {
  if (Buffer.isBuffer(payload)) return payload;
  if (payload instanceof Uint8Array) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  if (payload instanceof Readable) return payload;
  throw new TypeError('A download endpoint handler must return bytes or a stream');
};

/**
 * One route per contract endpoint under `prefix`, validated and documented by the endpoint's schemas.
 * The caller is resolved before the body is read, so a session endpoint answers 401 to an anonymous caller
 * whatever it sent; `resolveSession` tells who a bearer token stands for. Endpoints whose module is not there yet are still routed (validation, docs and 401
 * work) and answer 501.
 *
 * The back office's registry passes `staff`: then no bearer token is read at all, every non-GET request must
 * come from one of the shop's own origins (refuseCrossSite), and an endpoint with `roles` needs a staff session (401)
 * of one of its roles (403), checked here for every endpoint before the body is read.
 */
export interface StaffRouteOptions {
  staff: StaffSessionResolver;
  /** Where the back office's writes may come from (PUBLIC_URL, CORS_ORIGINS). */
  trustedOrigins: TrustedOrigins;
}

export interface UploadRouteOptions {
  /** Largest upload in bytes (413 above it, checked on Content-Length and on the bytes as they come). */
  uploadLimit: number;
  /** An upload silent this long is answered 408 and closed (its whole time is Node's request timeout). */
  uploadIdleMs: number;
}

export function registerEndpoints<T extends Record<string, EndpointDef>>(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  prefix: string,
  endpoints: T,
  handlers: HandlersFor<T>,
  options?: StaffRouteOptions & Partial<UploadRouteOptions>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  if (options) {
    // Every answer under the back office's prefix is a staff member's own, an unknown path's 404 included.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith(prefix)) reply.header('cache-control', PERSONAL_CACHE_CONTROL);
    });
  }
  // Once per app: the shop's registry (a return's photos) and the back office's (price lists) both take uploads.
  if (Object.values(endpoints).some((endpoint) => endpoint.upload) && !app.hasContentTypeParser(UPLOAD_CONTENT_TYPE)) {
    // The raw bytes of an upload are left unread: the handler streams them to disk.
    app.addContentTypeParser(UPLOAD_CONTENT_TYPE, (_request, payload, done) => done(null, payload));
  }
  for (const key of Object.keys(endpoints)) {
    const endpoint: EndpointDef = endpoints[key]!;
    // The handler map is typed per endpoint; this loop only passes each handler its own endpoint's input.
    const handler = handlers[key] as AnyEndpointHandler | undefined;
    const limit = handler ? rateLimitOf(handler) : undefined;
    const personal = isPersonalEndpoint(endpoint);
    routes.route({
      method: endpoint.method,
      url: prefix + endpoint.path,
      schema: schemaOf(endpoint),
      ...(limit ? { config: { rateLimit: limit } } : {}),
      ...(endpoint.upload ? { bodyLimit: options?.uploadLimit ?? Number.MAX_SAFE_INTEGER } : {}),
      onRequest: options
        ? async (request, reply) => {
            if (endpoint.method !== 'GET') refuseCrossSite(request, options.trustedOrigins);
            const staff = await authenticateStaff(request, options.staff);
            if (!endpoint.roles) return;
            if (staff === null) throw unauthorized(STAFF_SIGN_IN_REQUIRED_MESSAGE);
            if (!endpoint.roles.includes(staff.role)) throw forbidden(STAFF_ROLE_FORBIDDEN_MESSAGE);
            // Only a caller allowed to upload gets the upload's time to send its body.
            if (endpoint.upload && options.uploadIdleMs) allowSlowUpload(request, reply, options.uploadIdleMs);
          }
        : async (request, reply) => {
            const auth = await authenticate(request, resolveSession);
            // A signed-in caller's answer may differ from everyone else's (prices, their account), so it is theirs too.
            if (personal || auth.clientId !== null) reply.header('cache-control', PERSONAL_CACHE_CONTROL);
            if (endpoint.session && auth.clientId === null) throw unauthorized();
            if (endpoint.roles)
              throw new Error(`${endpoint.path} names staff roles but is registered without staff sessions`);
          },
      handler: async (request, reply) => {
        if (!handler) throw unavailable();
        const payload = await handler({
          body: request.body,
          params: request.params,
          query: request.query,
          auth: authOf(request),
          staff: staffOf(request),
          request,
          reply,
        });
        if (typeof endpoint.response === 'string') {
          const type = BINARY_TYPES[endpoint.response];
          if (type === null && !reply.hasHeader('content-type')) {
            throw new TypeError(`A ${endpoint.response} download handler must set its content type`);
          }
          return (type === null ? reply : reply.type(type)).send(toBytes(payload));
        }
        return { data: payload };
      },
    });
  }
}
