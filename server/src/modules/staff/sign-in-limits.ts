import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_API_PREFIX, adminEndpoints } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { deviceCookies } from '../../http/device-cookie.ts';
import { attemptLimiter, limitRate, refuse } from '../../http/rate-limit.ts';
import { WrongStaffCredentials } from './service.ts';

/**
 * The back office's sign-in limits, its own (issue 34; decision 0036), apart from the storefront's: a stranger's
 * wrong client sign-ins under a staff member's e-mail count nothing here, and the other way round.
 * - per e-mail, 10 failures per 15 minutes: a wrong password or an unknown e-mail counts, a right password does
 *   not (however often a staff member signs in, they are never refused for it);
 * - per address, 30 attempts per 15 minutes (counted before the body is read, as for clients);
 * - a browser holding the back office's device cookie for that e-mail (a browser that has signed in as that staff
 *   member) counts its failures against its own limit, 5 per 15 minutes, instead of the e-mail's: a stranger's
 *   guessing never refuses the right password there. Past its own 5 it counts per e-mail like a stranger.
 * An attempt is counted before the password is checked and taken back once it proves right (or is refused at
 * the limit), so that guesses sent all at once cannot pass the limit between them.
 */
export const STAFF_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const STAFF_FAILURES_PER_EMAIL = 10;
export const STAFF_FAILURES_PER_DEVICE = 5;
export const STAFF_ATTEMPTS_PER_ADDRESS = 30;

/** SameSite=Strict like the staff session; sent only with the back office's sign-in. */
export const staffDevices = deviceCookies({
  name: 'detal_staff_device',
  path: ADMIN_API_PREFIX + adminEndpoints['staff-sign-in'].path,
  tag: 'staff1',
  sameSite: 'strict',
});

const emailFailures = attemptLimiter({
  name: 'staff-sign-in:email',
  max: STAFF_FAILURES_PER_EMAIL,
  windowMs: STAFF_SIGN_IN_WINDOW_MS,
});
const deviceFailures = attemptLimiter({
  name: 'staff-sign-in:device',
  max: STAFF_FAILURES_PER_DEVICE,
  windowMs: STAFF_SIGN_IN_WINDOW_MS,
});

/** Puts the sign-in endpoint under its per-address limit. */
export const limitStaffSignInPerAddress = <H extends object>(handler: H): H =>
  limitRate(handler, { max: STAFF_ATTEMPTS_PER_ADDRESS, timeWindow: STAFF_SIGN_IN_WINDOW_MS });

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Runs one sign-in attempt for `email` under the limits: answers 429 with Retry-After when the attempt's count
 * (the device's, or the e-mail's) is spent; otherwise runs `attempt`, and keeps the attempt counted only when it
 * fails with wrong credentials. A success renews the browser's device cookie.
 */
export async function signInWithinLimits<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const address = normalEmail(email);
  const device = await staffDevices.trustedDeviceOf(db, request, address);
  let counted: { limiter: typeof emailFailures; key: string } | null = null;
  if (device !== null) {
    if ((await deviceFailures.count(request, device)).allowed) counted = { limiter: deviceFailures, key: device };
    else await deviceFailures.takeBack(request, device);
  }
  if (counted === null) {
    const verdict = await emailFailures.count(request, address);
    if (!verdict.allowed) {
      await emailFailures.takeBack(request, address);
      refuse(reply, verdict);
    }
    counted = { limiter: emailFailures, key: address };
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof WrongStaffCredentials)) await counted.limiter.takeBack(request, counted.key);
    throw error;
  }
  await counted.limiter.takeBack(request, counted.key);
  await staffDevices.trustDevice(db, request, reply, address);
  return result;
}
