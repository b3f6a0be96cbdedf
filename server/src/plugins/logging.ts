import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

const REDACTED = '[Redacted]';

/** Body keys whose values are secrets: any field naming a password (current_password too), a token or a key (basket_key, the catalogue key). */
const isSecretKey = (key: string) => /password|token|key/i.test(key);

/** A copy of a request body fit for the logs: secret fields replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, isSecretKey(key) ? REDACTED : redactSecrets(child)]),
  );
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * The request as one log line shows it. Headers are left out on purpose (they carry the bearer and the
 * cookie); the shop's own X-Visited-* headers are kept because they tell which page made the call.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url,
    host: request.host,
    remoteAddress: request.ip,
    visitedDomain: headerValue(request.headers['x-visited-domain']),
    visitedUrl: headerValue(request.headers['x-visited-url']),
  };
}

/**
 * The server's pino logger. Pass a destination to capture the lines (tests); the default is stdout.
 * Headers that hold credentials are redacted wherever they get logged, and anything logged under `body`
 * goes through redactSecrets.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'headers.authorization',
          'headers.cookie',
          'headers["set-cookie"]',
          '*.headers.authorization',
          '*.headers.cookie',
          '*.headers["set-cookie"]',
        ],
        censor: REDACTED,
      },
      serializers: { req: serializeRequest, body: redactSecrets },
    },
    destination,
  );
}

/**
 * A request id taken from the caller's X-Request-Id (so a proxy's id follows the request through our logs)
 * when it looks like an id, else a fresh UUID. The check keeps arbitrary text out of logs and headers.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && /^[\w.:-]{1,128}$/.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id on every response, errors and 404s included (onRequest runs for all of them). */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
