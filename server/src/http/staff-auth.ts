import type { FastifyReply, FastifyRequest } from 'fastify';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { STAFF_SESSION_COOKIE_NAME, type StaffRole } from '@detal/contract';
import { nowFor } from './clock.ts';
import { unauthorized } from './errors.ts';

/** A signed-in staff member of the back office. */
export interface StaffContext {
  staffId: number;
  sessionId: number;
  role: StaffRole;
}

/**
 * The staff member a session cookie stands for at `now`, or null (unknown, forged, idle too long, revoked, or
 * blocked). The app passes the staff module's; http/ knows no module.
 */
export type StaffSessionResolver = (token: string, now: Date) => Promise<StaffContext | null>;

export const STAFF_SIGN_IN_REQUIRED_MESSAGE = 'Войдите в панель управления';

/** The secret of the `staff_session` cookie, or null. The clients' bearer token is never read here. */
export function staffTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  return parseCookies(header)[STAFF_SESSION_COOKIE_NAME] || null;
}

const resolvedStaff = new WeakMap<FastifyRequest, StaffContext | null>();

/** Resolves and remembers the staff member of the request (handlers read it with staffOf). */
export async function authenticateStaff(
  request: FastifyRequest,
  resolveStaffSession: StaffSessionResolver,
): Promise<StaffContext | null> {
  const token = staffTokenOf(request);
  const staff = token === null ? null : await resolveStaffSession(token, nowFor(request));
  resolvedStaff.set(request, staff);
  return staff;
}

export const staffOf = (request: FastifyRequest): StaffContext | null => resolvedStaff.get(request) ?? null;

/** The staff member of an endpoint with roles: the route answered 401 to anyone else already; this narrows the type. */
export function signedInStaff(staff: StaffContext | null): StaffContext {
  if (staff === null) throw unauthorized(STAFF_SIGN_IN_REQUIRED_MESSAGE);
  return staff;
}

/**
 * The staff cookie: httpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure on
 * HTTPS, on the whole site (the server-rendered /admin pages pass it on to the API). No Max-Age: the server
 * ends a session after 8 idle hours, and the browser drops the cookie when it closes.
 */
export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header(
    'set-cookie',
    serializeCookie(STAFF_SESSION_COOKIE_NAME, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/',
    }),
  );
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    serializeCookie(STAFF_SESSION_COOKIE_NAME, '', {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: '/',
      maxAge: 0,
    }),
  );
}
