import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { ReadinessCheck } from './health.ts';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/index.ts';
import { rateLimits } from '../db/schema.ts';
import { tooManyRequests } from './errors.ts';

export type { RateLimitOptions };

/** Where the counters of every limit live (README, "Rate limits"). */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

/** The store the app's settings call for: Redis when REDIS_URL is set, else PostgreSQL, else (PGlite) memory. */
export function rateLimitStoreKind(config: Pick<AppConfig, 'redisUrl'>, database: Pick<Database, 'driver'>) {
  if (config.redisUrl) return 'redis' satisfies RateLimitStoreKind;
  return database.driver === 'postgres' ? ('postgres' satisfies RateLimitStoreKind) : 'memory';
}

/**
 * @fastify/rate-limit with no global limit: only routes that ask for one are limited. A route asks through
 * its `config.rateLimit` (see rateLimitRouteConfig), an endpoint handler through limitRate, code inside a
 * handler through attemptLimiter. All of them count in the one store chosen here, so that several instances
 * of the shop share every count: Redis (REDIS_URL), else PostgreSQL (a table), else, on the embedded database,
 * which has one instance by nature, memory. Answers the readiness check of the store when it is a service of its
 * own (Redis): an instance that cannot count its limits is not ready.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { config, database }: { config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>; database: Database },
): Promise<ReadinessCheck[]> {
  const kind = rateLimitStoreKind(config, database);
  const redisOptions = kind === 'redis' ? redisStoreOptions(app, config) : undefined;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
    ...(redisOptions ?? {}),
    ...(kind === 'postgres' ? { store: postgresStoreFor(database.db) } : {}),
  });
  const redis = redisOptions?.redis;
  return redis ? [{ name: 'redis', check: () => redis.ping() }] : [];
}

function redisStoreOptions(
  app: FastifyInstance,
  config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>,
): Partial<RateLimitPluginOptions> & { redis: Redis } {
  // Fail fast rather than queue: a request waiting on a Redis that is gone would hang (the plugin's advice).
  const redis = new Redis(config.redisUrl!, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (rate limits) connection error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return { redis, nameSpace: config.redisKeyPrefix };
}

/** What @fastify/rate-limit hands a store's child(): the merged options, and the route when there is one. */
interface StoreChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A fixed window per key in one upsert: the first hit (or the first after the window ended) opens a window of
 * `timeWindow` ms with count 1; later hits add one. Atomic under concurrency (the row is locked by the upsert),
 * so instances on one database never lose a count.
 */
const hit = (db: Db, key: string, timeWindowMs: number) =>
  db.execute<{ count: number; ttl: number }>(sql`
    insert into ${rateLimits} (key, count, reset_at)
    values (${key}, 1, clock_timestamp() + ${timeWindowMs}::integer * interval '1 millisecond')
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= clock_timestamp() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= clock_timestamp() then excluded.reset_at
                      else ${rateLimits.resetAt} end
    returning count,
      greatest(0, ceil(extract(epoch from reset_at - clock_timestamp()) * 1000))::integer as ttl
  `);

/** Forgets windows that have ended (a scheduled job calls this; a hit on an ended window restarts it anyway). */
export async function deleteEndedRateLimitWindows(db: Db): Promise<number> {
  const deleted = await db.execute<{ key: string }>(
    sql`delete from ${rateLimits} where ${rateLimits.resetAt} < clock_timestamp() returning key`,
  );
  return deleted.rows.length;
}

/**
 * @fastify/rate-limit's custom store interface (its README, "Custom store"): a class the plugin constructs
 * with its options, whose `incr(key, callback, timeWindow, max)` counts a hit and `child(options)` gives the
 * store of one route. A route's keys are prefixed with its method and URL, as the plugin's own stores keep
 * routes apart; limiters made with createRateLimit have no route and prefix their keys themselves.
 */
export function postgresStoreFor(db: Db) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    // The plugin's typings call child()'s argument route options; at run time both get the merged limit options.
    constructor(options: object, prefix = '') {
      const { continueExceeding, exponentialBackoff } = options as StoreChildOptions;
      // This store keeps plain fixed windows; fail at start rather than silently ignore these options.
      if (continueExceeding || exponentialBackoff) {
        throw new Error('The PostgreSQL rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      this.prefix = prefix;
    }

    // The plugin passes the window (ms) as the third argument; its typings leave it out.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      if (timeWindow === undefined) {
        callback(new Error('The rate-limit plugin passed no time window'));
        return;
      }
      hit(db, this.prefix + key, timeWindow).then(
        ({ rows: [row] }) => callback(null, { current: Number(row!.count), ttl: Number(row!.ttl) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): PostgresRateLimitStore {
      const route = (options as StoreChildOptions).routeInfo;
      const prefix = route?.url ? `${[route.method].flat().join(',')}${route.url}:` : '';
      return new PostgresRateLimitStore(options, prefix);
    }
  };
}

/** Route options that put a route under a limit, for routes registered by hand. */
export const rateLimitRouteConfig = (limit: RateLimitOptions) => ({ config: { rateLimit: limit } });

const handlerLimits = new WeakMap<object, RateLimitOptions>();

/**
 * Marks a module's endpoint handler as rate-limited; the route registration reads the mark and limits
 * the endpoint's route, e.g. `'client-login': limitRate(login, { max: 10, timeWindow: '15 minutes' })`.
 * For per-e-mail keys pass `hook: 'preHandler'` so that the key generator sees the parsed body.
 */
export function limitRate<H extends object>(handler: H, limit: RateLimitOptions): H {
  handlerLimits.set(handler, limit);
  return handler;
}

export const rateLimitOf = (handler: object): RateLimitOptions | undefined => handlerLimits.get(handler);

/** A count kept from inside a handler: whether this attempt is still within its limit. */
export interface AttemptVerdict {
  allowed: boolean;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  retryAfterSeconds: number;
}

export interface AttemptLimit {
  /** Names the limit; its keys start with it, so two limits never share a count. */
  name: string;
  max: number;
  timeWindow: string | number;
}

type AppLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A limit counted where a handler decides (per e-mail, per device, per created basket), in the app's one store.
 * `count(request, key)` counts an attempt for `key` and tells whether it is within the limit; `enforce` also
 * answers 429 with Retry-After once it is not.
 */
export function attemptLimiter(limit: AttemptLimit) {
  // One limiter per app: the plugin's createRateLimit lives on the app, and in memory each call opens a store.
  const limiters = new WeakMap<FastifyInstance, AppLimiter>();
  const keys = new WeakMap<FastifyRequest, string>();
  const limiterOf = (app: FastifyInstance): AppLimiter => {
    let limiter = limiters.get(app);
    if (!limiter) {
      limiter = app.createRateLimit({
        max: limit.max,
        timeWindow: limit.timeWindow,
        keyGenerator: (request) => `${limit.name}:${keys.get(request) ?? ''}`,
      });
      limiters.set(app, limiter);
    }
    return limiter;
  };

  const count = async (request: FastifyRequest, key: string): Promise<AttemptVerdict> => {
    keys.set(request, key);
    const verdict = await limiterOf(request.server)(request);
    const exceeded = !verdict.isAllowed && verdict.isExceeded;
    return { allowed: !exceeded, retryAfterSeconds: verdict.isAllowed ? 0 : verdict.ttlInSeconds };
  };

  const enforce = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    const verdict = await count(request, key);
    if (!verdict.allowed) refuse(reply, verdict);
  };

  return { count, enforce, max: limit.max };
}

/** The 429 of a limit counted by hand, with its Retry-After. */
export function refuse(reply: FastifyReply, verdict: AttemptVerdict): never {
  reply.header('retry-after', Math.max(1, verdict.retryAfterSeconds));
  throw tooManyRequests();
}
