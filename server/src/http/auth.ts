import type { FastifyRequest } from 'fastify';
import { PLACEHOLDER_BEARER } from '@detal/contract';
import { nowFor } from './clock.ts';
import { unauthorized } from './errors.ts';
import type { AuthContext } from './handlers.ts';

/**
 * The signed-in client a bearer token stands for at `now`, or null (unknown, forged, expired or revoked). The app
 * passes the clients module's; http/ knows no module.
 */
export type SessionResolver = (token: string, now: Date) => Promise<AuthContext | null>;

export const anonymous: AuthContext = Object.freeze({ clientId: null, sessionId: null });

/** The bearer token a request carries, or null when it has none or sends the web's anonymous placeholder. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  return !token || token === PLACEHOLDER_BEARER ? null : token;
}

/**
 * Who is calling: the one place where a bearer becomes a client. An unknown, forged, expired or revoked bearer
 * is anonymous like the placeholder (contract section 1), so session endpoints answer 401 and public ones serve
 * a visitor.
 */
export async function resolveAuth(request: FastifyRequest, resolveSession: SessionResolver): Promise<AuthContext> {
  const token = bearerTokenOf(request);
  if (token === null) return anonymous;
  return (await resolveSession(token, nowFor(request))) ?? anonymous;
}

const resolved = new WeakMap<FastifyRequest, AuthContext>();

/** Resolves and remembers the caller for the rest of the request (route handlers read it with authOf). */
export async function authenticate(request: FastifyRequest, resolveSession: SessionResolver): Promise<AuthContext> {
  const auth = await resolveAuth(request, resolveSession);
  resolved.set(request, auth);
  return auth;
}

export const authOf = (request: FastifyRequest): AuthContext => resolved.get(request) ?? anonymous;

/** The signed-in client of a session endpoint: the route answered 401 to anyone else already; this narrows the type. */
export function clientIdOf(auth: AuthContext): number {
  if (auth.clientId === null) throw unauthorized();
  return auth.clientId;
}
