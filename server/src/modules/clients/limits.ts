import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../../http/auth.ts';
import type { Db } from '../../db/index.ts';
import { attemptLimiter, limitRate } from '../../http/rate-limit.ts';
import { clientDevices } from './device-cookie.ts';

/**
 * Abuse limits of sign-in, registration and password reset (README, "Rate limits"). All count in the one
 * store that http/rate-limit.ts registers (Redis, PostgreSQL, or memory on PGlite), shared by every instance:
 * - per e-mail, 10 attempts per 15 minutes: guessing one client's password gets 10 tries per quarter-hour,
 *   and nobody can flood one mailbox with reset links;
 * - per client address, 30 per 15 minutes and endpoint: slows spraying many accounts from one address, yet
 *   leaves room for a workshop whose staff share one office address;
 * - a sign-in from a browser holding a device cookie for that account (device-cookie.ts) is not counted per
 *   e-mail, so a stranger's guessing never locks the owner out; it has its own limit per device, 5 per 15
 *   minutes, past which the device is untrusted for the rest of the window and counted per e-mail again.
 */
export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000;
export const PER_EMAIL_MAX = 10;
export const PER_ADDRESS_MAX = 30;
export const PER_DEVICE_MAX = 5;

/** Puts an endpoint handler under the per-address limit (counted before the body is even read). */
export const limitPerAddress = <H extends object>(handler: H): H =>
  limitRate(handler, { max: PER_ADDRESS_MAX, timeWindow: AUTH_LIMIT_WINDOW_MS });

/** Puts a session endpoint under a per-client limit (the client comes from the token, resolved before). */
export const limitPerClient = <H extends object>(handler: H): H =>
  limitRate(handler, {
    max: PER_EMAIL_MAX,
    timeWindow: AUTH_LIMIT_WINDOW_MS,
    hook: 'preHandler',
    keyGenerator: (request) => `client:${authOf(request).clientId ?? request.ip}`,
  });

export type EmailScope = 'login' | 'registration' | 'reset';

/** The e-mail of a validated login, registration or reset body, in one case. */
export function emailOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : '';
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

const emailLimiters = Object.fromEntries(
  (['login', 'registration', 'reset'] as const).map((scope) => [
    scope,
    attemptLimiter({ name: `${scope}:email`, max: PER_EMAIL_MAX, windowMs: AUTH_LIMIT_WINDOW_MS }),
  ]),
) as Record<EmailScope, ReturnType<typeof attemptLimiter>>;

/**
 * Counts one attempt of `scope` for the e-mail in the request body (in any case), and answers 429 with
 * Retry-After once that e-mail is over its limit.
 */
export async function countEmailAttempt(
  scope: EmailScope,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await emailLimiters[scope].enforce(request, reply, emailOf(request.body));
}

const deviceLimiter = attemptLimiter({ name: 'login:device', max: PER_DEVICE_MAX, windowMs: AUTH_LIMIT_WINDOW_MS });

/**
 * Counts one sign-in attempt: against the device's own limit when the browser holds a device cookie for this
 * e-mail (and the device is within it), else against the e-mail's limit, answering 429 past it.
 */
export async function countSignInAttempt(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const email = emailOf(request.body);
  const device = await clientDevices.trustedDeviceOf(db, request, email);
  if (device !== null && (await deviceLimiter.count(request, device)).allowed) return;
  await emailLimiters.login.enforce(request, reply, email);
}
