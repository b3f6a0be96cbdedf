import type { FastifyReply, FastifyRequest } from 'fastify';
import { attemptLimiter } from '../../http/rate-limit.ts';

/**
 * Searches by list per client address: 120 per 10 minutes (README, "Rate limits"). A list costs up to 200
 * searches, a file a worker thread besides (decision 0034); a workshop sends a list every few minutes, a script
 * sending them in a loop is held to one every five seconds. Counted in the app's one rate-limit store, so it
 * holds across instances, before the file is read.
 */
export const LIST_SEARCH_MAX = 120;
export const LIST_SEARCH_WINDOW_MS = 10 * 60 * 1000;

const listSearches = attemptLimiter({
  name: 'list-search:address',
  max: LIST_SEARCH_MAX,
  windowMs: LIST_SEARCH_WINDOW_MS,
});

/** Counts one search by list for the caller's address; 429 with Retry-After past the limit. */
export const countListSearch = (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
  listSearches.enforce(request, reply, request.ip);
