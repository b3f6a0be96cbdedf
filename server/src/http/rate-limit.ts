import { createHmac } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { ReadinessCheck } from './health.ts';
import type { AppConfig } from '../config.ts';
import type { Database, Db } from '../db/index.ts';
import { rateLimits } from '../db/schema/index.ts';
import { shopSecret } from '../db/shop-settings.ts';
import { tooManyRequests } from './errors.ts';

export type { RateLimitOptions };

/** Where the counters of every limit live (README, "Rate limits"). */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

/** The store the app's settings call for: Redis when REDIS_URL is set, else PostgreSQL, else (PGlite) memory. */
export function rateLimitStoreKind(config: Pick<AppConfig, 'redisUrl'>, database: Pick<Database, 'driver'>) {
  if (config.redisUrl) return 'redis' satisfies RateLimitStoreKind;
  return database.driver === 'postgres' ? ('postgres' satisfies RateLimitStoreKind) : 'memory';
}

/** A count in a fixed window: hits so far, and the milliseconds until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * Where the counts of every limit live: fixed windows per key. `takeBack` returns one hit of a window still open
 * (an attempt that turned out not to count, such as a sign-in whose password was right).
 */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<WindowCount>;
  takeBack(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one counter store, its keys hashed (registerRateLimit). */
    rateLimitCounters: LimitCounters;
  }
}

/**
 * @fastify/rate-limit with no global limit: only routes that ask for one are limited. A route asks through
 * its `config.rateLimit` (see rateLimitRouteConfig), an endpoint handler through limitRate, code inside a
 * handler through attemptLimiter. All of them count in the one store chosen here, so that several instances
 * of the shop share every count: Redis (REDIS_URL), else PostgreSQL (a table), else, on the embedded database,
 * which has one instance by nature, memory. Every key is stored as its limit's name and a keyed hash of what it
 * counts (limitCounters): no store holds an e-mail or an address in clear. Answers the readiness check of the
 * store when it is a service of its own (Redis): an instance that cannot count its limits is not ready.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  { config, database }: { config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>; database: Database },
): Promise<ReadinessCheck[]> {
  const kind = rateLimitStoreKind(config, database);
  const redis = kind === 'redis' ? redisFor(app, config.redisUrl!) : undefined;
  const store =
    redis !== undefined
      ? redisCounters(redis, config.redisKeyPrefix)
      : kind === 'postgres'
        ? postgresCounters(database.db)
        : memoryCounters();
  const counters = limitCounters(store, () => shopSecret(database.db, 'rate_limit_key'));
  app.decorate('rateLimitCounters', counters);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
    store: pluginStoreOver(counters),
  });
  return redis ? [{ name: 'redis', check: () => redis.ping() }] : [];
}

function redisFor(app: FastifyInstance, url: string): Redis {
  // Fail fast rather than queue: a request waiting on a Redis that is gone would hang (the plugin's advice).
  const redis = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'Redis (rate limits) connection error'));
  app.addHook('onClose', async () => {
    await redis.quit();
  });
  return redis;
}

/**
 * The counts of every limit, keyed `<limit>:<HMAC-SHA256 of the counted value, 128 bits, base64url>` under the
 * shop's own key (`rate_limit_key`, made on first use): the limit a key belongs to stays readable, what it
 * counts (an e-mail, an address, a device) does not, and nobody without the key can tell whose count it is.
 */
export interface LimitCounters {
  hit(limit: string, value: string, windowMs: number): Promise<WindowCount>;
  takeBack(limit: string, value: string): Promise<void>;
}

export function limitCounters(store: CounterStore, secret: () => Promise<Buffer>): LimitCounters {
  const keyOf = async (limit: string, value: string) => {
    const digest = createHmac('sha256', await secret())
      .update(value)
      .digest();
    return `${limit}:${digest.subarray(0, 16).toString('base64url')}`;
  };
  return {
    hit: async (limit, value, windowMs) => store.hit(await keyOf(limit, value), windowMs),
    takeBack: async (limit, value) => store.takeBack(await keyOf(limit, value)),
  };
}

/** Redis: one script per hit (atomic: INCR, and the window's expiry set by the hit that opened it). */
const REDIS_HIT = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;
const REDIS_TAKE_BACK = `
  local current = tonumber(redis.call('GET', KEYS[1]))
  if current and current > 0 then redis.call('DECR', KEYS[1]) end
  return 0
`;

type RedisWithScripts = Redis & {
  detalRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  detalRateLimitTakeBack(key: string): Promise<number>;
};

/** Counts in Redis, every key under `prefix` (REDIS_KEY_PREFIX). */
export function redisCounters(redis: Redis, prefix: string): CounterStore {
  redis.defineCommand('detalRateLimitHit', { numberOfKeys: 1, lua: REDIS_HIT });
  redis.defineCommand('detalRateLimitTakeBack', { numberOfKeys: 1, lua: REDIS_TAKE_BACK });
  const scripts = redis as RedisWithScripts;
  return {
    async hit(key, windowMs) {
      const [current, ttl] = await scripts.detalRateLimitHit(prefix + key, windowMs);
      return { current: Number(current), ttl: Number(ttl) };
    },
    async takeBack(key) {
      await scripts.detalRateLimitTakeBack(prefix + key);
    },
  };
}

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

/** Counts in PostgreSQL's `rate_limits` (unlogged; decision 0017). */
export function postgresCounters(db: Db): CounterStore {
  return {
    async hit(key, windowMs) {
      const {
        rows: [row],
      } = await hit(db, key, windowMs);
      return { current: Number(row!.count), ttl: Number(row!.ttl) };
    },
    async takeBack(key) {
      await db.execute(sql`
        update ${rateLimits} set count = ${rateLimits.count} - 1
        where ${rateLimits.key} = ${key} and ${rateLimits.count} > 0 and ${rateLimits.resetAt} > clock_timestamp()
      `);
    },
  };
}

/** Forgets windows that have ended (a scheduled job calls this; a hit on an ended window restarts it anyway). */
export async function deleteEndedRateLimitWindows(db: Db): Promise<number> {
  const deleted = await db.execute<{ key: string }>(
    sql`delete from ${rateLimits} where ${rateLimits.resetAt} < clock_timestamp() returning key`,
  );
  return deleted.rows.length;
}

/** Windows kept in memory between sweeps of the ended ones. */
const MEMORY_SWEEP_EVERY = 10_000;

/** Counts in this process's memory: the embedded database has one instance by nature. */
export function memoryCounters(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweepAt = MEMORY_SWEEP_EVERY;
  return {
    async hit(key, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        if (windows.size >= sweepAt) {
          for (const [each, { endsAt }] of windows) if (endsAt <= at) windows.delete(each);
          sweepAt = Math.max(MEMORY_SWEEP_EVERY, windows.size * 2);
        }
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { current: window.count, ttl: window.endsAt - at };
    },
    async takeBack(key) {
      const window = windows.get(key);
      if (window && window.endsAt > now() && window.count > 0) window.count -= 1;
    },
  };
}

/** What @fastify/rate-limit hands a store's child(): the merged options, and the route when there is one. */
interface StoreChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

type IncrCallback = (error: Error | null, result?: WindowCount) => void;

/**
 * @fastify/rate-limit's custom store interface (its README, "Custom store") over the app's counters: a class the
 * plugin constructs with its options, whose `incr(key, callback, timeWindow, max)` counts a hit and
 * `child(options)` gives the store of one route. A route's count is a limit named by its method and URL, as the
 * plugin's own stores keep routes apart.
 */
export function pluginStoreOver(counters: LimitCounters) {
  return class CountersRateLimitStore {
    readonly limit: string;

    // The plugin's typings call child()'s argument route options; at run time both get the merged limit options.
    constructor(options: object, limit = 'route') {
      const { continueExceeding, exponentialBackoff } = options as StoreChildOptions;
      // The stores keep plain fixed windows; fail at start rather than silently ignore these options.
      if (continueExceeding || exponentialBackoff) {
        throw new Error('The rate-limit stores support neither continueExceeding nor exponentialBackoff');
      }
      this.limit = limit;
    }

    // The plugin passes the window (ms) as the third argument; its typings leave it out.
    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      if (timeWindow === undefined) {
        callback(new Error('The rate-limit plugin passed no time window'));
        return;
      }
      counters.hit(this.limit, key, timeWindow).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: object): CountersRateLimitStore {
      const route = (options as StoreChildOptions).routeInfo;
      return new CountersRateLimitStore(
        options,
        route?.url ? `${[route.method].flat().join(',')}${route.url}` : this.limit,
      );
    }
  };
}

/** The plugin's store over PostgreSQL's table, its keys hashed with `secret` (tests use it alone). */
export const postgresStoreFor = (db: Db, secret = () => shopSecret(db, 'rate_limit_key')) =>
  pluginStoreOver(limitCounters(postgresCounters(db), secret));

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
  windowMs: number;
}

/**
 * A limit counted where a handler decides (per e-mail, per device, per created basket), in the app's one store.
 * `count(request, key)` counts an attempt for `key` and tells whether it is within the limit; `enforce` also
 * answers 429 with Retry-After once it is not; `takeBack` returns an attempt that turned out not to count.
 */
export function attemptLimiter(limit: AttemptLimit) {
  const count = async (request: FastifyRequest, key: string): Promise<AttemptVerdict> => {
    const { current, ttl } = await request.server.rateLimitCounters.hit(limit.name, key, limit.windowMs);
    return { allowed: current <= limit.max, retryAfterSeconds: Math.ceil(ttl / 1000) };
  };

  const enforce = async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    const verdict = await count(request, key);
    if (!verdict.allowed) refuse(reply, verdict);
  };

  const takeBack = (request: FastifyRequest, key: string): Promise<void> =>
    request.server.rateLimitCounters.takeBack(limit.name, key);

  return { count, enforce, takeBack, max: limit.max };
}

/** The 429 of a limit counted by hand, with its Retry-After. */
export function refuse(reply: FastifyReply, verdict: AttemptVerdict): never {
  reply.header('retry-after', Math.max(1, verdict.retryAfterSeconds));
  throw tooManyRequests();
}
