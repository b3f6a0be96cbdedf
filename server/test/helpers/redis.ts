import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: TEST_REDIS_URL, else the one on this machine. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test, so that tests (and runs) never share a count. */
export const uniqueRedisPrefix = (): string => `detal-test:${randomBytes(6).toString('hex')}:`;

/** Deletes every key under `prefix` (a test's clean-up). */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** The keys under `prefix`. */
export async function redisKeys(prefix: string): Promise<string[]> {
  const redis = new Redis(testRedisUrl);
  try {
    return await redis.keys(`${prefix}*`);
  } finally {
    await redis.quit();
  }
}

/** How many keys exist under `prefix`. */
export async function countRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(testRedisUrl);
  try {
    return (await redis.keys(`${prefix}*`)).length;
  } finally {
    await redis.quit();
  }
}
