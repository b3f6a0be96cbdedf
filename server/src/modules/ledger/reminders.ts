import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import { kopecksToDecimal, toKopecks } from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { clients, ledgerAccounts, ledgerReminders, payers } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { addDays, daysBetween } from './allocation.ts';
import { dayIn, type Clock } from './service.ts';

/**
 * The client's e-mail reminders about its ledger (issue 31 point 6, decision 0056): `ledger.remind_before_days`
 * before a debit's due day, and once it is overdue, again every `ledger.overdue_notice_every_days` (0: once). Each
 * debit, kind and round is told of exactly once: the row of `ledger_reminders` (unique) and the e-mail (the
 * `LedgerReminderDue` event, queued into the notification outbox by its subscriber) are written in one transaction,
 * under the account's lock, so overlapping or retried runs add nothing.
 */

export const DEFAULT_REMIND_BEFORE_DAYS = 3;
export const DEFAULT_OVERDUE_NOTICE_EVERY_DAYS = 7;

export interface ReminderSettings {
  remindBeforeDays: number;
  overdueNoticeEveryDays: number;
}

export async function reminderSettings(db: DbExecutor): Promise<ReminderSettings> {
  const stored = await readShopSetting(db, 'ledger');
  return {
    remindBeforeDays: stored?.remind_before_days ?? DEFAULT_REMIND_BEFORE_DAYS,
    overdueNoticeEveryDays: stored?.overdue_notice_every_days ?? DEFAULT_OVERDUE_NOTICE_EVERY_DAYS,
  };
}

interface StoredOpenDebit {
  entry_id: number;
  due_on: string;
  open: string;
}

type ReminderKind = 'before_due' | 'overdue';

/** Which reminder a debit is due on `today`, and its round; null when none. */
export function reminderFor(
  dueOn: string,
  today: string,
  settings: ReminderSettings,
): { kind: ReminderKind; round: number } | null {
  if (dueOn < today) {
    const late = daysBetween(dueOn, today);
    const every = settings.overdueNoticeEveryDays;
    return { kind: 'overdue', round: every > 0 ? Math.floor((late - 1) / every) : 0 };
  }
  if (settings.remindBeforeDays > 0 && dueOn <= addDays(today, settings.remindBeforeDays)) {
    return { kind: 'before_due', round: 0 };
  }
  return null;
}

/** One ledger under its lock: the reminders due, recorded and queued. Returns how many e-mails were queued. */
async function remindAccountTx(tx: Tx, accountId: number, today: string, settings: ReminderSettings, now: Date) {
  const [row] = await tx
    .select({
      account: ledgerAccounts,
      payerName: payers.shortName,
      companyName: clients.companyName,
      firstName: clients.firstName,
      lastName: clients.lastName,
    })
    .from(ledgerAccounts)
    .innerJoin(clients, eq(clients.id, ledgerAccounts.clientId))
    .leftJoin(payers, eq(payers.id, ledgerAccounts.payerId))
    .where(eq(ledgerAccounts.id, accountId))
    .for('update', { of: ledgerAccounts });
  if (!row) return 0;
  const open = row.account.openDebits as StoredOpenDebit[];
  const news: Record<ReminderKind, StoredOpenDebit[]> = { before_due: [], overdue: [] };
  for (const debit of open) {
    const due = reminderFor(debit.due_on, today, settings);
    if (!due) continue;
    const [inserted] = await tx
      .insert(ledgerReminders)
      .values({ entryId: debit.entry_id, kind: due.kind, round: due.round, sentOn: today, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: ledgerReminders.id });
    if (inserted) news[due.kind].push(debit);
  }
  const debt = open.reduce((sum, debit) => sum + toKopecks(debit.open), 0);
  const overdue = open.filter((debit) => debit.due_on < today).reduce((sum, debit) => sum + toKopecks(debit.open), 0);
  let queued = 0;
  for (const kind of ['overdue', 'before_due'] as const) {
    if (news[kind].length === 0) continue;
    await emit(tx, 'LedgerReminderDue', {
      clientId: row.account.clientId,
      accountId,
      kind,
      accountName: row.payerName ?? (row.companyName || `${row.lastName} ${row.firstName}`.trim()),
      debits: news[kind].map((debit) => ({ entryId: debit.entry_id, dueOn: debit.due_on, open: debit.open })),
      debt: kopecksToDecimal(debt),
      overdue: kopecksToDecimal(overdue),
      at: now,
    });
    queued += 1;
  }
  return queued;
}

/**
 * The job: every ledger with an open debit due within the reminder's days (or overdue) is looked at in its own
 * transaction. The account row's open debits are the derived cache, rewritten with every entry under the same lock.
 */
export async function runLedgerRemindersTick(db: Db, clock: Clock): Promise<{ accounts: number; emails: number }> {
  const settings = await reminderSettings(db);
  const today = dayIn(clock.now, clock.timeZone);
  const horizon = addDays(today, Math.max(0, settings.remindBeforeDays));
  const candidates = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(isNotNull(ledgerAccounts.oldestOpenDue), lte(ledgerAccounts.oldestOpenDue, horizon)))
    .orderBy(asc(ledgerAccounts.id));
  let emails = 0;
  for (const { id } of candidates) {
    emails += await db.transaction((tx) => remindAccountTx(tx, id, today, settings, clock.now));
  }
  return { accounts: candidates.length, emails };
}
