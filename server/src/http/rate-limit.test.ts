import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { PER_EMAIL_MAX } from '../modules/clients/limits.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { callShop } from '../../test/helpers/clients.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import { createTestStaff } from '../../test/helpers/staff.ts';
import { rateLimits } from '../db/schema/index.ts';
import {
  countRedisKeys,
  redisKeys,
  deleteRedisKeys,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../../test/helpers/redis.ts';
import { Redis } from 'ioredis';
import {
  deleteEndedRateLimitWindows,
  limitCounters,
  memoryCounters,
  postgresCounters,
  postgresStoreFor,
  rateLimitStoreKind,
  redisCounters,
  type CounterStore,
} from './rate-limit.ts';
import { LIVE_PATH, READY_PATH } from './health.ts';

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await database.close();
});

type Store = InstanceType<ReturnType<typeof postgresStoreFor>>;

const incr = (store: Store, key: string, timeWindow: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow);
  });

describe('the store every limit counts in', () => {
  it('is Redis with REDIS_URL, else PostgreSQL, and memory only on the embedded database', () => {
    expect(rateLimitStoreKind({ redisUrl: 'redis://r:6379' }, { driver: 'pglite' })).toBe('redis');
    expect(rateLimitStoreKind({ redisUrl: 'redis://r:6379' }, { driver: 'postgres' })).toBe('redis');
    expect(rateLimitStoreKind({ redisUrl: undefined }, { driver: 'postgres' })).toBe('postgres');
    expect(rateLimitStoreKind({ redisUrl: undefined }, { driver: 'pglite' })).toBe('memory');
  });
});

describe('every store takes a hit back, within its window only', () => {
  const stores: Array<[string, () => { store: CounterStore; close: () => Promise<void> }]> = [
    ['memory', () => ({ store: memoryCounters(), close: async () => undefined })],
    ['PostgreSQL’s table', () => ({ store: postgresCounters(database.db), close: async () => undefined })],
    [
      'Redis',
      () => {
        const prefix = uniqueRedisPrefix();
        const redis = new Redis(testRedisUrl);
        return {
          store: redisCounters(redis, prefix),
          close: async () => {
            await redis.quit();
            await deleteRedisKeys(prefix);
          },
        };
      },
    ],
  ];

  it.each(stores)('%s', async (_name, open) => {
    const { store, close } = open();
    try {
      expect((await store.hit('k', 60_000)).current).toBe(1);
      expect((await store.hit('k', 60_000)).current).toBe(2);
      await store.takeBack('k');
      const third = await store.hit('k', 60_000);
      expect(third.current).toBe(2);
      expect(third.ttl).toBeGreaterThan(50_000);
      // Never below nothing, and a key never hit stays so.
      for (let times = 0; times < 3; times += 1) await store.takeBack('k');
      await store.takeBack('never hit');
      expect((await store.hit('k', 60_000)).current).toBe(1);
      expect((await store.hit('never hit', 60_000)).current).toBe(1);
      // An ended window is not taken back from: the next hit opens a new one.
      await store.hit('short', 30);
      await sleep(60);
      await store.takeBack('short');
      expect((await store.hit('short', 60_000)).current).toBe(1);
    } finally {
      await close();
    }
  });
});

describe('limitCounters: what a store is given as a key', () => {
  it('is the limit’s name and a keyed hash of the value, the same for the same value and key only', async () => {
    const seen: string[] = [];
    const recording: CounterStore = {
      hit: async (key) => {
        seen.push(key);
        return { current: 1, ttl: 1 };
      },
      takeBack: async (key) => {
        seen.push(key);
      },
    };
    const counters = limitCounters(recording, async () => Buffer.alloc(32, 1));
    const other = limitCounters(recording, async () => Buffer.alloc(32, 2));
    await counters.hit('login:email', 'owner@shop.example.ru', 1000);
    await counters.takeBack('login:email', 'owner@shop.example.ru');
    await counters.hit('login:email', 'someone@shop.example.ru', 1000);
    await other.hit('login:email', 'owner@shop.example.ru', 1000);
    expect(seen[0]).toMatch(/^login:email:[A-Za-z0-9_-]{22}$/);
    expect(seen[1]).toBe(seen[0]);
    expect(new Set(seen).size).toBe(3);
    expect(seen.join(' ')).not.toContain('shop.example.ru');
  });
});

describe('the PostgreSQL store (its SQL, on this run’s driver)', () => {
  const Store = () => postgresStoreFor(database.db);

  it('counts hits of a key in a fixed window and tells how long the window still runs', async () => {
    const store = new (Store())({});
    expect(await incr(store, 'count-me', 60_000)).toMatchObject({ current: 1 });
    const second = await incr(store, 'count-me', 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(55_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);
    expect((await incr(store, 'another key', 60_000)).current).toBe(1);
  });

  it('opens a new window once the old one ended, and the clean-up forgets ended windows only', async () => {
    const store = new (Store())({});
    await incr(store, 'short', 30);
    await incr(store, 'short', 30);
    await incr(store, 'long', 60_000);
    await sleep(60);
    expect(await deleteEndedRateLimitWindows(database.db)).toBeGreaterThanOrEqual(1);
    expect((await incr(store, 'short', 30)).current).toBe(1);
    expect((await incr(store, 'long', 60_000)).current).toBe(2);
  });

  it('never loses a hit under concurrency', async () => {
    const store = new (Store())({});
    const results = await Promise.all(Array.from({ length: 20 }, () => incr(store, 'racing', 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('keeps routes apart: a route’s child store prefixes its keys with the route', async () => {
    const store = new (Store())({});
    const login = store.child({ routeInfo: { method: 'POST', url: '/login' } });
    const reset = store.child({ routeInfo: { method: 'POST', url: '/reset' } });
    await incr(login, '10.0.0.1', 60_000);
    expect((await incr(login, '10.0.0.1', 60_000)).current).toBe(2);
    expect((await incr(reset, '10.0.0.1', 60_000)).current).toBe(1);
  });

  it('refuses options it does not implement, at start', () => {
    expect(() => new (Store())({ exponentialBackoff: true })).toThrow(/exponentialBackoff/);
  });
});

async function startApp(overrides: Parameters<typeof buildTestApp>[1] = {}): Promise<FastifyInstance> {
  const { app } = await buildTestApp(database, overrides);
  apps.push(app);
  return app;
}

/** 10 wrong passwords for one e-mail, alternating between the two instances; then one more on each. */
async function guessAcross(first: FastifyInstance, second: FastifyInstance, email: string): Promise<number[]> {
  for (let attempt = 0; attempt < PER_EMAIL_MAX; attempt += 1) {
    const app = attempt % 2 === 0 ? first : second;
    const response = await callShop(app, 'client-login', { body: { email, password: `guess ${attempt}` } });
    expect(response.statusCode).toBe(422);
  }
  return Promise.all(
    [first, second].map(
      async (app) => (await callShop(app, 'client-login', { body: { email, password: 'one more guess' } })).statusCode,
    ),
  );
}

describe('two instances share one count', () => {
  it.runIf(testDriver === 'postgres')('on PostgreSQL without Redis: the 11th try on either answers 429', async () => {
    const [first, second] = [await startApp(), await startApp()];
    expect(await guessAcross(first!, second!, 'shared-pg@example.ru')).toEqual([429, 429]);
  });

  it.runIf(testDriver === 'pglite')(
    'on the embedded database each counts on its own (one instance by nature)',
    async () => {
      const [first, second] = [await startApp(), await startApp()];
      expect(await guessAcross(first!, second!, 'alone@example.ru')).toEqual([422, 422]);
    },
  );

  it('with REDIS_URL: the 11th try on either answers 429, counted under REDIS_KEY_PREFIX', async () => {
    const prefix = uniqueRedisPrefix();
    try {
      const options = { redisUrl: testRedisUrl, redisKeyPrefix: prefix };
      const [first, second] = [await startApp(options), await startApp(options)];
      expect(await guessAcross(first!, second!, 'shared-redis@example.ru')).toEqual([429, 429]);
      expect(await countRedisKeys(prefix)).toBeGreaterThan(0);
      // Ready checks the Redis the limits count in.
      const ready = await first!.inject({ method: 'GET', url: READY_PATH });
      expect([ready.statusCode, ready.json()]).toEqual([
        200,
        { status: 'ok', checks: { database: 'ok', redis: 'ok' } },
      ]);
    } finally {
      await deleteRedisKeys(prefix);
    }
  });

  it('with REDIS_URL pointing at no Redis: not ready (503 naming redis), while live still answers', async () => {
    const app = await startApp({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: uniqueRedisPrefix() });
    const ready = await app.inject({ method: 'GET', url: READY_PATH });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toContain('redis');
    expect((await app.inject({ method: 'GET', url: LIVE_PATH })).statusCode).toBe(200);
  });
});

describe('what the stores keep: no e-mail address in clear, no stray prefix', () => {
  /** Sign-in, registration and reset attempts with `email`, at the storefront and the back office. */
  async function attemptsWith(app: FastifyInstance, email: string): Promise<void> {
    await callShop(app, 'client-login', { body: { email, password: 'a guess' } });
    await callShop(app, 'client-reset-password', { body: { email } });
    const registration = { email, password: 'x', password_confirmation: 'y' };
    await callShop(app, 'client-registration', { body: registration });
    const staff = await createTestStaff(database.db, 'manager');
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/staff-sign-in',
      payload: { email: staff.email, password: 'a guess' },
    });
    await app.inject({ method: 'POST', url: '/api/v1/admin/staff-sign-in', payload: { email, password: 'a guess' } });
  }

  it.runIf(testDriver === 'postgres')('PostgreSQL’s table keys e-mails by a keyed hash', async () => {
    const app = await startApp();
    const email = 'Clear.Text@Example.ru';
    await attemptsWith(app, email);
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) {
      expect(key.toLowerCase()).not.toContain('example.ru');
      expect(key).not.toContain('undefined');
    }
  });

  it('Redis keys e-mails by a keyed hash, every key under REDIS_KEY_PREFIX and a limit’s name', async () => {
    const prefix = uniqueRedisPrefix();
    try {
      const app = await startApp({ redisUrl: testRedisUrl, redisKeyPrefix: prefix });
      await attemptsWith(app, 'Clear.Text@Example.ru');
      const keys = await redisKeys(prefix);
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) {
        expect(key.toLowerCase()).not.toContain('example.ru');
        expect(key).not.toContain('undefined');
        expect(key.startsWith(prefix)).toBe(true);
      }
      // The limit a key belongs to stays readable: the e-mail limit of the storefront's sign-in, say.
      expect(keys.some((key) => key.startsWith(`${prefix}login:email:`))).toBe(true);
    } finally {
      await deleteRedisKeys(prefix);
    }
  });
});
