import type { DbExecutor } from '../../db/index.ts';
import type { SessionResolver } from '../../http/auth.ts';
import type { AuthContext } from '../../http/handlers.ts';
import { deleteExpiredSessions, findLiveSession, insertSession } from './queries.ts';
import { addMs, hashToken, looksLikeToken, newToken } from '../../shared/secret-token.ts';
import { SESSION_TTL_MS } from './token-lifetimes.ts';

/**
 * Opens a 24-hour session for a client and answers its token, which exists nowhere else from then on. The
 * client's expired sessions are cleared on the way.
 */
export async function openSession(db: DbExecutor, clientId: number, now: Date): Promise<string> {
  await deleteExpiredSessions(db, clientId, now);
  const token = newToken();
  await insertSession(db, {
    clientId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: addMs(now, SESSION_TTL_MS),
  });
  return token;
}

/**
 * The signed-in client a bearer token stands for at `now`, or null (unknown, forged, expired or revoked): the
 * token's SHA-256 is looked up among the live sessions (not expired, not revoked).
 */
export async function sessionOfToken(db: DbExecutor, token: string, now: Date): Promise<AuthContext | null> {
  if (!looksLikeToken(token)) return null;
  const session = await findLiveSession(db, hashToken(token), now);
  return session && { clientId: session.clientId, sessionId: session.sessionId };
}

/** The session resolver the routes ask who is calling (http/auth.ts), over the sessions in `db`. */
export const sessionResolverOf =
  (db: DbExecutor): SessionResolver =>
  (token, now) =>
    sessionOfToken(db, token, now);
