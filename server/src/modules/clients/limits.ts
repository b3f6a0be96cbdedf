import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../http/auth.ts';
import { tooManyRequests } from '../../http/errors.ts';
import { limitRate } from '../../http/rate-limit.ts';

/**
 * Abuse limits of sign-in, registration and password reset (README, "Rate limits"). Both kinds count in the
 * store of @fastify/rate-limit that http/rate-limit.ts registers (in memory by default; a shared store there
 * covers these limits on every instance):
 * - per e-mail, 10 attempts per 15 minutes: guessing one client's password gets 10 tries per quarter-hour,
 *   and nobody can flood one mailbox with reset links;
 * - per client address, 30 per 15 minutes and endpoint: slows spraying many accounts from one address, yet
 *   leaves room for a workshop whose staff share one office address.
 */
export const AUTH_LIMIT_WINDOW = '15 minutes';
export const PER_EMAIL_MAX = 10;
export const PER_ADDRESS_MAX = 30;

/** Puts an endpoint handler under the per-address limit (counted before the body is even read). */
export const limitPerAddress = <H extends object>(handler: H): H =>
  limitRate(handler, { max: PER_ADDRESS_MAX, timeWindow: AUTH_LIMIT_WINDOW });

/** Puts a session endpoint under a per-client limit (the client comes from the token, resolved before). */
export const limitPerClient = <H extends object>(handler: H): H =>
  limitRate(handler, {
    max: PER_EMAIL_MAX,
    timeWindow: AUTH_LIMIT_WINDOW,
    hook: 'preHandler',
    keyGenerator: (request) => `client:${authOf(request).clientId ?? request.ip}`,
  });

type EmailLimiter = ReturnType<FastifyInstance['createRateLimit']>;

/** One limiter per app and scope: each createRateLimit call opens a counter store of its own. */
const emailLimiters = new WeakMap<FastifyInstance, Map<EmailScope, EmailLimiter>>();

export type EmailScope = 'login' | 'registration' | 'reset';

/** The e-mail of a validated login, registration or reset body, in one case. */
function emailOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : '';
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

function emailLimiterFor(app: FastifyInstance, scope: EmailScope): EmailLimiter {
  let byScope = emailLimiters.get(app);
  if (!byScope) {
    byScope = new Map();
    emailLimiters.set(app, byScope);
  }
  let limiter = byScope.get(scope);
  if (!limiter) {
    limiter = app.createRateLimit({
      max: PER_EMAIL_MAX,
      timeWindow: AUTH_LIMIT_WINDOW,
      keyGenerator: (request) => `${scope}:email:${emailOf(request.body)}`,
    });
    byScope.set(scope, limiter);
  }
  return limiter;
}

/**
 * Counts one attempt of `scope` for the e-mail in the request body (in any case), and answers 429 with
 * Retry-After once that e-mail is over its limit.
 */
export async function countEmailAttempt(
  scope: EmailScope,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const verdict = await emailLimiterFor(request.server, scope)(request);
  if (!verdict.isAllowed && verdict.isExceeded) {
    reply.header('retry-after', verdict.ttlInSeconds);
    throw tooManyRequests();
  }
}
