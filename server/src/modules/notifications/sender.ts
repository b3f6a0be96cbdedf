import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/index.ts';
import { notifications } from '../../db/schema/index.ts';
import type { MailLog, Mailer } from '../../mail/mailer.ts';
import { renderNotification, type RenderSettings } from './render.ts';
import { staffAddress } from './staff-address.ts';

/**
 * Sends what the outbox holds, at least once and in practice once (decision 0023):
 * - a row is taken before its e-mail goes: on PostgreSQL by its row lock (FOR UPDATE SKIP LOCKED), held in a
 *   transaction around the SMTP send, so that a sender that dies lets go of it at once and no two senders take the
 *   same row; on the embedded database (one process, one sender at a time) by `claimed_at`, committed before the
 *   send, and cleared at the next start (releaseAbandonedClaims);
 * - `sent_at` is written right after the SMTP server accepted the message. A crash before that leaves the row
 *   unsent: it goes again (nothing is lost). The one window for a duplicate is between the server's "250 OK" and
 *   that update (a few milliseconds); a repeat carries the same Message-ID, by which mail systems recognise it.
 * - a failed attempt is retried with exponential backoff (1, 2, 4 … minutes, at most 6 hours apart); after
 *   MAX_ATTEMPTS the row is given up (`failed_at`) with its last error kept for the owner to read.
 */

export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60 * 1000;
/** Rows sent by one run at most; the next run goes on. */
const BATCH = 50;

/** How long after its `attempts`-th failed attempt a row is tried again. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export interface SendSettings extends RenderSettings {
  mailer: Mailer;
  /** STAFF_NOTIFICATION_EMAIL: the staff's address when the shop setting is not set. */
  staffEmailFallback: string | undefined;
  log: MailLog & { warn: (details: object, message: string) => void };
  /** The current time (tests move it forward instead of waiting). */
  now?: () => Date;
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

type Row = typeof notifications.$inferSelect;
type Outcome = 'sent' | 'retried' | 'failed';

const unsent = () => and(isNull(notifications.sentAt), isNull(notifications.failedAt));
const dueBy = (now: Date) => and(unsent(), isNull(notifications.claimedAt), lte(notifications.dueAt, now));

async function recipientOf(db: DbExecutor, row: Row, settings: SendSettings): Promise<string | null> {
  if (!row.kind.startsWith('staff_')) return row.recipient;
  return (await staffAddress(db, settings.staffEmailFallback))?.email ?? null;
}

/** Renders and sends one taken row, and writes how it went; never throws for a failed send. */
async function deliver(db: DbExecutor, row: Row, attempts: number, settings: SendSettings, now: Date) {
  const finish = async (set: Partial<Row>, outcome: Outcome): Promise<Outcome> => {
    await db.update(notifications).set(set).where(eq(notifications.id, row.id));
    return outcome;
  };
  const giveUp = (reason: string, level: 'warn' | 'error' = 'error') => {
    settings.log[level]({ notification: row.id, kind: row.kind, reason }, 'notification given up');
    return finish({ failedAt: now, lastError: reason, attempts }, 'failed');
  };
  try {
    const to = await recipientOf(db, row, settings);
    if (!to) {
      // Only a shop without an owner has nowhere to send the staff's e-mail: not an error.
      return await giveUp(
        'no staff address: no owner, and neither the shop setting staff_notification_email nor STAFF_NOTIFICATION_EMAIL',
        'warn',
      );
    }
    const rendered = await renderNotification(db, row, settings);
    if ('nothing' in rendered) return await giveUp(rendered.nothing);
    await settings.mailer.send({ ...rendered.mail, to }, settings.log);
    return await finish({ sentAt: new Date(), attempts, lastError: null }, 'sent');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (attempts >= MAX_ATTEMPTS) return giveUp(message);
    const dueAt = new Date(now.getTime() + retryDelayMs(attempts));
    settings.log.warn(
      { notification: row.id, kind: row.kind, attempts, retryAt: dueAt.toISOString(), err: message },
      'notification not sent: will retry',
    );
    return finish({ claimedAt: null, dueAt, attempts, lastError: message.slice(0, 2000) }, 'retried');
  }
}

/** PostgreSQL: one due row under its row lock, held while it is sent. */
async function sendOneLocked(database: Database, settings: SendSettings, now: Date): Promise<Outcome | null> {
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(dueBy(now))
      .orderBy(asc(notifications.dueAt), asc(notifications.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    // Seen by nobody until commit; a status change meanwhile skips the locked row and opens a new e-mail.
    await tx.update(notifications).set({ claimedAt: now }).where(eq(notifications.id, row.id));
    return deliver(tx, row, row.attempts + 1, settings, now);
  });
}

/** Embedded database: one due row taken by `claimed_at` (committed), then sent outside any transaction. */
async function sendOneClaimed(database: Database, settings: SendSettings, now: Date): Promise<Outcome | null> {
  const next = database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(dueBy(now))
    .orderBy(asc(notifications.dueAt), asc(notifications.id))
    .limit(1);
  const [row] = await database.db
    .update(notifications)
    .set({ claimedAt: now })
    .where(and(eq(notifications.id, sql`(${next})`), isNull(notifications.claimedAt)))
    .returning();
  if (!row) return null;
  return deliver(database.db, row, row.attempts + 1, settings, now);
}

/** Sends every due notification (up to a batch); the `notifications-send` job. */
export async function sendDueNotifications(database: Database, settings: SendSettings): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0 };
  const sendOne = database.driver === 'postgres' ? sendOneLocked : sendOneClaimed;
  for (let done = 0; done < BATCH; done += 1) {
    const outcome = await sendOne(database, settings, settings.now?.() ?? new Date());
    if (outcome === null) break;
    report[outcome] += 1;
  }
  return report;
}

/**
 * Embedded database, at start: claims left by a process that died while sending are let go, so those e-mails go
 * again. Only there: one process at a time opens it, so any claim found at start is a dead one.
 */
export async function releaseAbandonedClaims(db: DbExecutor): Promise<number> {
  const released = await db
    .update(notifications)
    .set({ claimedAt: null })
    .where(and(unsent(), isNotNull(notifications.claimedAt)))
    .returning({ id: notifications.id });
  return released.length;
}
