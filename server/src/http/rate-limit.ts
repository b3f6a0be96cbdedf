import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { tooManyRequests } from './errors.ts';

export type { RateLimitOptions };

/**
 * @fastify/rate-limit with no global limit: only routes that ask for one are limited. A route asks through
 * its `config.rateLimit` (see rateLimitRouteConfig), an endpoint handler through limitRate. `options` may
 * swap the in-memory store for a shared one (several app instances).
 */
export async function registerRateLimit(app: FastifyInstance, options: Partial<RateLimitPluginOptions> = {}) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
    ...options,
  });
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
