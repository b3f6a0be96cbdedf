import type { DbExecutor } from '../../db/index.ts';
import type { StaffSessionResolver } from '../../http/staff-auth.ts';
import { addMs, hashToken, looksLikeToken, newToken } from '../../shared/secret-token.ts';
import { deleteIdleStaffSessions, findLiveStaffSession, insertStaffSession, touchStaffSession } from './queries.ts';

/** A staff session ends after 8 hours without a request (a working day). */
export const STAFF_IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/**
 * However busy, a staff session ends this long after its sign-in (STAFF_SESSION_MAX_HOURS, default 12: a long
 * working day; decision 0036): a stolen cookie, or a screen left polling overnight, does not live for ever.
 */
export const STAFF_SESSION_MAX_HOURS_DEFAULT = 12;
/**
 * The last-seen time is moved at most once a minute: a screen that polls does not write a row per request, and
 * the idle limit is off by at most that minute.
 */
const TOUCH_INTERVAL_MS = 60 * 1000;

const idleSince = (now: Date) => addMs(now, -STAFF_IDLE_TIMEOUT_MS);

/** Opens a session for a staff member and answers the cookie's secret; their idle sessions are cleared on the way. */
export async function openStaffSession(db: DbExecutor, staffId: number, now: Date): Promise<string> {
  await deleteIdleStaffSessions(db, staffId, idleSince(now));
  const token = newToken();
  await insertStaffSession(db, { staffId, tokenHash: hashToken(token), now });
  return token;
}

/**
 * The session resolver of the back office's routes (http/staff-auth.ts), over the sessions in `db`: a session is
 * live until 8 idle hours, or `maxAgeMs` after its sign-in, whichever comes first.
 */
export const staffSessionResolverOf =
  (db: DbExecutor, maxAgeMs = STAFF_SESSION_MAX_HOURS_DEFAULT * 60 * 60 * 1000): StaffSessionResolver =>
  async (token, now) => {
    if (!looksLikeToken(token)) return null;
    const session = await findLiveStaffSession(db, hashToken(token), {
      idleSince: idleSince(now),
      signedInSince: addMs(now, -maxAgeMs),
    });
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchStaffSession(db, session.sessionId, now);
    }
    return { staffId: session.staffId, sessionId: session.sessionId, role: session.role };
  };
