import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
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

const queryNameOf = (pair: string): string => {
  const name = pair.split('=', 1)[0]!.replaceAll('+', ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
};

/**
 * A URL (a path with its query, or a whole address) fit for the logs: the value of every query parameter named
 * like a secret (`token`, `access_token`, `basket_key`…) replaced, the rest kept as it came. One-time links
 * (set-password, reset) carry their token there, and anyone reading the logs could use it.
 */
export function redactUrlSecrets(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const queryEnd = fragmentStart < 0 ? url.length : fragmentStart;
  const query = url
    .slice(queryStart + 1, queryEnd)
    .split('&')
    .map((pair) => (isSecretKey(queryNameOf(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
    .join('&');
  return `${url.slice(0, queryStart)}?${query}${url.slice(queryEnd)}`;
}

/**
 * The request as one log line shows it. Headers are left out on purpose (they carry the bearer and the
 * cookie); the shop's own X-Visited-* headers are kept because they tell which page made the call. Secrets in
 * the query of either URL are redacted.
 */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    visitedDomain: headerValue(request.headers['x-visited-domain']),
    visitedUrl: redactUrlSecrets(headerValue(request.headers['x-visited-url'])),
  };
}

/** A driver's error for a failed statement: PostgreSQL's SQLSTATE, five characters (pg and PGlite alike). */
interface DatabaseFailure {
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
}

const isDatabaseFailure = (value: unknown): value is DatabaseFailure =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((value as { code: string }).code) &&
  ('severity' in value || 'routine' in value);

/** `insert into clients`, `select from offers`: what ran, from the SQL text alone (never its values). */
export function describeStatement(sqlText: string): string {
  const text = sqlText.replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = /^(with|select|insert|update|delete|copy|create|alter|drop|truncate|analyze|vacuum|lock)\b/.exec(
    text,
  )?.[1];
  const target = /\b(into|update|from|table) ("[^"]+"|[a-z_][a-z0-9_.]*)/.exec(text);
  if (!verb) return 'statement';
  if (!target) return verb;
  const [, keyword, relation] = target as unknown as [string, string, string];
  const name = relation.replaceAll('"', '');
  return keyword === verb ? `${verb} ${name}` : `${verb} ${keyword} ${name}`;
}

/**
 * Errors as the logs show them. A failed database statement carries the values it was given (drizzle puts them in
 * its message and `params`; PostgreSQL's message and detail quote values too: `Key (email)=(…) already exists`):
 * those are passwords' hashes, e-mails, phones and addresses, so such an error is logged as what ran, its SQLSTATE
 * and the constraint, table and column it names, with the stack's frames, never a value.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return stdSerializers.err(error as Error);
  const query = (error as { query?: unknown }).query;
  const cause = isDatabaseFailure(error) ? error : isDatabaseFailure(error.cause) ? error.cause : undefined;
  if (cause === undefined && typeof query !== 'string') return stdSerializers.err(error);
  return {
    type: error.name,
    message: 'database statement failed',
    statement: typeof query === 'string' ? describeStatement(query) : undefined,
    code: cause?.code,
    constraint: cause?.constraint,
    table: cause?.table,
    column: cause?.column,
    // The first line of a stack repeats the message; the frames alone say where it failed.
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/**
 * The server's pino logger. Pass a destination to capture the lines (tests); the default is stdout.
 * Headers that hold credentials are redacted wherever they get logged, anything logged under `body` goes through
 * redactSecrets, and an `err` from the database is logged without the values it carried.
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
      serializers: { req: serializeRequest, body: redactSecrets, err: serializeError },
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
