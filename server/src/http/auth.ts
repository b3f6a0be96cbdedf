import type { FastifyRequest } from 'fastify';
import { PLACEHOLDER_BEARER } from '@detal/contract';
import { nowFor } from '../modules/auth/clock.ts';
import { sessionOfToken } from '../modules/auth/sessions.ts';
import type { AppDeps, AuthContext } from './handlers.ts';

export const anonymous: AuthContext = Object.freeze({ clientId: null, sessionId: null });

/** The bearer token a request carries, or null when it has none or sends the web's anonymous placeholder. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  return !token || token === PLACEHOLDER_BEARER ? null : token;
}

/**
 * Who is calling: the one place where a bearer becomes a client. The token's SHA-256 is looked up among the
 * sessions (not expired, not revoked); an unknown, forged, expired or revoked bearer is anonymous like the
 * placeholder (contract section 1), so session endpoints answer 401 and public ones serve a visitor.
 */
export async function resolveAuth(request: FastifyRequest, deps: AppDeps): Promise<AuthContext> {
  const token = bearerTokenOf(request);
  if (token === null) return anonymous;
  return (await sessionOfToken(deps.database.db, token, nowFor(request))) ?? anonymous;
}

const resolved = new WeakMap<FastifyRequest, AuthContext>();

/** Resolves and remembers the caller for the rest of the request (route handlers read it with authOf). */
export async function authenticate(request: FastifyRequest, deps: AppDeps): Promise<AuthContext> {
  const auth = await resolveAuth(request, deps);
  resolved.set(request, auth);
  return auth;
}

export const authOf = (request: FastifyRequest): AuthContext => resolved.get(request) ?? anonymous;
