import type { FastifyReply, FastifyRequest } from 'fastify';
import { attemptLimiter } from '../../http/rate-limit.ts';

/**
 * New anonymous baskets per client address: 30 per 10 minutes (README, "Rate limits"). A visitor starts one
 * basket and keeps it for weeks; a script creating baskets in a loop fills the tables with rows nobody will
 * ever read. Thirty leaves room for an office or a mobile operator's shared address. Counted in the app's one
 * rate-limit store, so it holds across instances.
 */
export const BASKET_CREATION_MAX = 30;
export const BASKET_CREATION_WINDOW_MS = 10 * 60 * 1000;

const basketCreations = attemptLimiter({
  name: 'basket-create:address',
  max: BASKET_CREATION_MAX,
  windowMs: BASKET_CREATION_WINDOW_MS,
});

/** Counts a new anonymous basket for the caller's address; 429 with Retry-After past the limit. */
export const countBasketCreation = (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
  basketCreations.enforce(request, reply, request.ip);
