import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  LEDGER_ACCOUNT_NOT_FOUND_MESSAGE,
  LEDGER_ALREADY_REVERSED_MESSAGE,
  LEDGER_AMBIGUOUS_INN_MESSAGE,
  LEDGER_ENTRY_NOT_FOUND_MESSAGE,
  LEDGER_LINE_ALREADY_MATCHED_MESSAGE,
  LEDGER_LINE_NOT_FOUND_MESSAGE,
  LEDGER_NOT_STOPPED_MESSAGE,
  LEDGER_REVERSAL_OF_REVERSAL_MESSAGE,
  LEDGER_UNKNOWN_INN_MESSAGE,
  kopecksToDecimal,
  toKopecks,
  type LedgerAccount,
  type LedgerEntry,
  type LedgerEntryKind,
  type LedgerSideName,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import {
  bills,
  clients,
  creditTerms,
  ledgerAccounts,
  ledgerEntries,
  ledgerUnmatchedLines,
  orders,
  payers,
  shipmentLines,
  shipments,
} from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import {
  addDays,
  daysBetween,
  ledgerPosition,
  overdueKopecks,
  type LedgerEntryFacts,
  type OpenDebit,
} from './allocation.ts';
import { entryPageQuery, overdueSql, type EntryPageRequest, type EntryRow } from './list-queries.ts';
import { effectiveTerms } from './terms.ts';

/**
 * The client ledger (issue 31, decision 0054). `appendEntryTx` is the one place an entry is written: it locks the
 * account's row (`for update`), inserts, derives the position from all the account's entries and keeps it on the
 * row, all in the caller's transaction; concurrent writers of one ledger queue on that lock.
 */

/** The calendar day of `at` in `timeZone`. */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** A payer's first version: a ledger follows the payer through corrected requisites (payers.replaces_id). */
export async function rootPayerId(db: DbExecutor, payerId: number): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    with recursive chain(id, replaces_id) as (
      select id, replaces_id from payers where id = ${payerId}
      union all
      select p.id, p.replaces_id from payers p join chain c on p.id = c.replaces_id
    )
    select id from chain where replaces_id is null limit 1`);
  const row =
    (rows as unknown as { rows?: Array<{ id: number }> }).rows?.[0] ?? (rows as unknown as Array<{ id: number }>)[0];
  return row ? Number(row.id) : payerId;
}

/** The ledger of (client, payer), made on first use, its row locked for the rest of the transaction. */
export async function lockAccountFor(tx: Tx, clientId: number, payerId: number | null): Promise<number> {
  const root = payerId === null ? null : await rootPayerId(tx, payerId);
  await tx.insert(ledgerAccounts).values({ clientId, payerId: root }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      root === null
        ? and(eq(ledgerAccounts.clientId, clientId), isNull(ledgerAccounts.payerId))
        : eq(ledgerAccounts.payerId, root),
    )
    .for('update');
  return row!.id;
}

async function lockAccount(tx: Tx, accountId: number) {
  const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for('update');
  return row ?? null;
}

const factsOf = (row: typeof ledgerEntries.$inferSelect): LedgerEntryFacts => ({
  id: row.id,
  side: row.side as LedgerSideName,
  amountKopecks: toKopecks(row.amount),
  occurredOn: row.occurredOn,
  dueOn: row.dueOn,
  billId: row.billId,
  reversesId: row.reversesId,
});

async function entriesOf(db: DbExecutor, accountId: number) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId)).orderBy(asc(ledgerEntries.id));
}

interface StoredOpenDebit {
  entry_id: number;
  due_on: string;
  open: string;
}

/** Derives the position from every entry and keeps it on the account's row (the caller holds its lock). */
async function refreshAccountTx(tx: Tx, accountId: number, clock: Clock, stopAfterDays: number) {
  const today = dayIn(clock.now, clock.timeZone);
  const position = ledgerPosition((await entriesOf(tx, accountId)).map(factsOf));
  const open: StoredOpenDebit[] = position.openDebits.map((debit) => ({
    entry_id: debit.entryId,
    due_on: debit.dueOn,
    open: kopecksToDecimal(debit.openKopecks),
  }));
  const oldest = position.openDebits.reduce<string | null>(
    (min, d) => (min === null || d.dueOn < min ? d.dueOn : min),
    null,
  );
  await tx
    .update(ledgerAccounts)
    .set({
      balance: kopecksToDecimal(position.balanceKopecks),
      openDebits: open,
      oldestOpenDue: oldest,
      overdue: kopecksToDecimal(overdueKopecks(position.openDebits, today)),
      overdueOn: today,
    })
    .where(eq(ledgerAccounts.id, accountId));
  await applyAutoStopTx(tx, accountId, oldest, today, stopAfterDays, clock.now);
  return position;
}

/** The automatic stop-list: on when a debit is overdue more than `days`, off once no such debit is left. */
async function applyAutoStopTx(
  tx: Tx,
  accountId: number,
  oldestDue: string | null,
  today: string,
  days: number,
  now: Date,
) {
  const tooLate = oldestDue !== null && daysBetween(oldestDue, today) > days;
  const [account] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  if (!account) return;
  if (tooLate && account.stopKind === null) {
    await tx
      .update(ledgerAccounts)
      .set({
        stopKind: 'auto',
        stopReason: `Просроченный долг более ${days} дн.`,
        stoppedAt: new Date(`${today}T00:00:00Z`),
      })
      .where(eq(ledgerAccounts.id, accountId));
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'ledger.stop_auto',
      entity: 'ledger_account',
      entityId: accountId,
      after: { oldest_due: oldestDue },
      at: new Date(),
    });
  } else if (!tooLate && account.stopKind === 'auto') {
    await tx
      .update(ledgerAccounts)
      .set({ stopKind: null, stopReason: null, stoppedAt: null })
      .where(eq(ledgerAccounts.id, accountId));
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'ledger.stop_lift_auto',
      entity: 'ledger_account',
      entityId: accountId,
      at: new Date(),
    });
    await emit(tx, 'LedgerStopLifted', { accountId, at: now });
  }
}

/** The days of overdue after which the stop-list is set by itself (shop setting `ledger`, 30 when unset). */
export async function stopAfterDays(db: DbExecutor): Promise<number> {
  return (await readShopSetting(db, 'ledger'))?.stop_after_overdue_days ?? 30;
}

export interface NewEntry {
  kind: LedgerEntryKind;
  side: LedgerSideName;
  amountKopecks: number;
  occurredOn: string;
  dueOn?: string | null;
  billId?: number | null;
  shipmentId?: number | null;
  paymentId?: number | null;
  statementKey?: string | null;
  reversesId?: number | null;
  reason?: string;
  staffId?: number | null;
}

export interface Clock {
  now: Date;
  timeZone: string;
}

/** Appends an entry to a ledger (locking it) and refreshes the derived position; null when the entry's unique key exists. */
export async function appendEntryTx(tx: Tx, accountId: number, entry: NewEntry, clock: Clock) {
  if (!(await lockAccount(tx, accountId))) throw notFound(LEDGER_ACCOUNT_NOT_FOUND_MESSAGE);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      accountId,
      kind: entry.kind,
      side: entry.side,
      amount: kopecksToDecimal(entry.amountKopecks),
      occurredOn: entry.occurredOn,
      dueOn: entry.dueOn ?? null,
      billId: entry.billId ?? null,
      shipmentId: entry.shipmentId ?? null,
      paymentId: entry.paymentId ?? null,
      statementKey: entry.statementKey ?? null,
      reversesId: entry.reversesId ?? null,
      reason: entry.reason ?? '',
      staffId: entry.staffId ?? null,
      createdAt: clock.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await refreshAccountTx(tx, accountId, clock, await stopAfterDays(tx));
  return row;
}

// --- what other modules' events bring ------------------------------------------------------------------------

/** Lines were handed over: each shipment posted of them (modules/shipments, same transaction) becomes a debit. */
export async function recordShipmentDebitsTx(tx: Tx, lineIds: readonly number[], clock: Clock): Promise<void> {
  if (lineIds.length === 0) return;
  const posted = await tx
    .selectDistinct({
      id: shipments.id,
      clientId: shipments.clientId,
      payerId: shipments.payerId,
      total: shipments.total,
      postedAt: shipments.postedAt,
    })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(
      sql`${shipmentLines.orderItemId} in ${lineIds} and not exists (select 1 from ledger_entries e where e.shipment_id = ${shipments.id} and e.kind = 'shipment')`,
    )
    .orderBy(asc(shipments.id));
  for (const shipment of posted) await recordShipmentDebitTx(tx, shipment, clock);
}

export async function recordShipmentDebitTx(
  tx: Tx,
  shipment: {
    id: number;
    clientId: number;
    payerId: number | null;
    total: string;
    postedAt: Date;
    billId?: number | null;
  },
  clock: Clock,
) {
  const amount = toKopecks(shipment.total);
  if (amount <= 0) return null;
  const accountId = await lockAccountFor(tx, shipment.clientId, shipment.payerId);
  const terms = await effectiveTerms(tx, shipment.clientId);
  const day = dayIn(shipment.postedAt, clock.timeZone);
  return appendEntryTx(
    tx,
    accountId,
    {
      kind: 'shipment',
      side: 'debit',
      amountKopecks: amount,
      occurredOn: day,
      dueOn: addDays(day, terms.deferralDays),
      shipmentId: shipment.id,
      billId: shipment.billId ?? null,
    },
    clock,
  );
}

/** A payment against a bill (modules/payments): a credit naming the bill, once per payment and statement document. */
export async function recordBillPaymentTx(
  tx: Tx,
  payment: {
    paymentId: number;
    billId: number;
    amount: string;
    paidOn: string;
    statementKey: string | null;
    reference: string;
    staffId: number | null;
  },
  clock: Clock,
) {
  const [bill] = await tx
    .select({ clientId: orders.clientId, payerId: orders.payerId })
    .from(bills)
    .innerJoin(orders, eq(orders.id, bills.orderId))
    .where(eq(bills.id, payment.billId));
  if (!bill) return null;
  let statementKey = payment.statementKey;
  if (statementKey !== null) {
    const [earlier] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.statementKey, statementKey));
    if (earlier && earlier.billId !== null) return null;
    if (earlier) {
      // Taken as an advance before staff named its bill: the advance is reversed and the money becomes one credit
      // naming the bill, on the bill's ledger (it may be another than the INN's). The document's key stays on the
      // advance; the credit is kept unique by its payment.
      await lockAccount(tx, earlier.accountId);
      const [reversal] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reversesId, earlier.id));
      if (!reversal) {
        await appendEntryTx(
          tx,
          earlier.accountId,
          {
            kind: 'reversal',
            side: 'debit',
            amountKopecks: toKopecks(earlier.amount),
            occurredOn: payment.paidOn,
            reversesId: earlier.id,
            reason: `Зачтено в оплату счёта № ${payment.billId}`,
            staffId: payment.staffId,
          },
          clock,
        );
      }
      statementKey = null;
    }
  }
  const accountId = await lockAccountFor(tx, bill.clientId, bill.payerId);
  const row = await appendEntryTx(
    tx,
    accountId,
    {
      kind: 'payment',
      side: 'credit',
      amountKopecks: toKopecks(payment.amount),
      occurredOn: payment.paidOn,
      billId: payment.billId,
      paymentId: payment.paymentId,
      statementKey,
      reason: payment.reference,
      staffId: payment.staffId,
    },
    clock,
  );
  if (row && payment.statementKey !== null) await markLineMatchedTx(tx, payment.statementKey, row.id);
  return row;
}

/** A listed statement line staff have put on a ledger (as an advance or to a bill) leaves the list. */
async function markLineMatchedTx(tx: Tx, statementKey: string, entryId: number) {
  await tx
    .update(ledgerUnmatchedLines)
    .set({ entryId })
    .where(and(eq(ledgerUnmatchedLines.statementKey, statementKey), isNull(ledgerUnmatchedLines.entryId)));
}

type InnMatch = { kind: 'one'; clientId: number; payerId: number | null } | { kind: 'none' } | { kind: 'many' };

/** Whose INN it is: one payer (any version), else one client's own INN; anything else is not guessed. */
export async function findByInn(db: DbExecutor, inn: string): Promise<InnMatch> {
  const byPayer = await db
    .selectDistinct({ clientId: payers.clientId, id: payers.id, replacesId: payers.replacesId })
    .from(payers)
    .where(eq(payers.inn, inn));
  const roots = new Map<number, number>();
  for (const payer of byPayer) roots.set(await rootPayerId(db, payer.id), payer.clientId);
  if (roots.size === 1) {
    const [payerId, clientId] = [...roots][0]!;
    return { kind: 'one', clientId, payerId };
  }
  if (roots.size > 1) return { kind: 'many' };
  const byClient = await db.select({ id: clients.id }).from(clients).where(eq(clients.inn, inn));
  if (byClient.length === 1) return { kind: 'one', clientId: byClient[0]!.id, payerId: null };
  return byClient.length === 0 ? { kind: 'none' } : { kind: 'many' };
}

export interface MoneyWithoutBill {
  inn: string;
  amountKopecks: number;
  paidOn: string;
  reference: string;
  statementKey: string | null;
  staffId: number | null;
}

/**
 * A statement line naming no bill: an advance on the payer its INN names, or a line listed for staff. Answers the
 * ledger the line is (or already was) an advance on; null when it is listed.
 */
export async function recordStatementAdvanceTx(
  tx: Tx,
  line: MoneyWithoutBill,
  clock: Clock,
): Promise<{ accountId: number; clientId: number; name: string } | null> {
  if (line.statementKey !== null) {
    const [earlier] = await tx
      .select({ accountId: ledgerEntries.accountId, billId: ledgerEntries.billId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.statementKey, line.statementKey));
    if (earlier) {
      const account = await accountView(tx, earlier.accountId, clock);
      return earlier.billId === null && account
        ? { accountId: account.id, clientId: account.client_id, name: account.name }
        : null;
    }
  }
  const match = line.inn === '' ? ({ kind: 'none' } as const) : await findByInn(tx, line.inn);
  if (match.kind !== 'one') {
    if (line.statementKey !== null) {
      await tx
        .insert(ledgerUnmatchedLines)
        .values({
          statementKey: line.statementKey,
          inn: line.inn,
          amount: kopecksToDecimal(line.amountKopecks),
          paidOn: line.paidOn,
          reference: line.reference,
        })
        .onConflictDoNothing();
    }
    return null;
  }
  const accountId = await lockAccountFor(tx, match.clientId, match.payerId);
  await appendEntryTx(
    tx,
    accountId,
    {
      kind: 'payment',
      side: 'credit',
      amountKopecks: line.amountKopecks,
      occurredOn: line.paidOn,
      statementKey: line.statementKey,
      reason: line.reference,
      staffId: line.staffId,
    },
    clock,
  );
  const account = (await accountView(tx, accountId, clock))!;
  return { accountId, clientId: account.client_id, name: account.name };
}

/** Staff put a listed statement line on a ledger as an advance: one credit carrying the document's key. */
export async function matchUnmatchedLine(
  db: Db,
  staffId: number,
  body: { line_id: number; account_id: number },
  clock: Clock,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(ledgerUnmatchedLines)
      .where(eq(ledgerUnmatchedLines.id, body.line_id))
      .for('update');
    if (!line) throw notFound(LEDGER_LINE_NOT_FOUND_MESSAGE);
    const already = () =>
      validationFailed({ line_id: [LEDGER_LINE_ALREADY_MATCHED_MESSAGE] }, LEDGER_LINE_ALREADY_MATCHED_MESSAGE);
    if (line.entryId !== null) throw already();
    const row = await appendEntryTx(
      tx,
      body.account_id,
      {
        kind: 'payment',
        side: 'credit',
        amountKopecks: toKopecks(line.amount),
        occurredOn: line.paidOn,
        statementKey: line.statementKey,
        reason: line.reference,
        staffId,
      },
      clock,
    );
    // The document is on a ledger already (recorded to a bill by then): nothing is written twice.
    if (!row) throw already();
    await tx.update(ledgerUnmatchedLines).set({ entryId: row.id }).where(eq(ledgerUnmatchedLines.id, line.id));
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.unmatched_match',
      entity: 'ledger_account',
      entityId: body.account_id,
      after: { entry_id: row.id, line_id: line.id, amount: row.amount },
      at: clock.now,
    });
    return (await entryView(tx, body.account_id, row.id))!;
  });
}

// --- staff's writes ------------------------------------------------------------------------------------------

/** Money naming no bill typed in by staff: on the account chosen, or the one its INN names (422 otherwise). */
export async function createAdvance(
  db: Db,
  staffId: number,
  body: { account_id?: number | null; inn?: string | null; amount: string; date: string; reference?: string | null },
  clock: Clock,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    let accountId = body.account_id ?? null;
    if (accountId === null) {
      const match = await findByInn(tx, body.inn!);
      if (match.kind === 'none')
        throw validationFailed({ inn: [LEDGER_UNKNOWN_INN_MESSAGE] }, LEDGER_UNKNOWN_INN_MESSAGE);
      if (match.kind === 'many')
        throw validationFailed({ inn: [LEDGER_AMBIGUOUS_INN_MESSAGE] }, LEDGER_AMBIGUOUS_INN_MESSAGE);
      accountId = await lockAccountFor(tx, match.clientId, match.payerId);
    }
    if (body.date > dayIn(clock.now, clock.timeZone)) {
      throw validationFailed(
        { date: ['Дата платежа не может быть в будущем'] },
        'Дата платежа не может быть в будущем',
      );
    }
    const row = await appendEntryTx(
      tx,
      accountId,
      {
        kind: 'payment',
        side: 'credit',
        amountKopecks: toKopecks(body.amount),
        occurredOn: body.date,
        reason: body.reference ?? '',
        staffId,
      },
      clock,
    );
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.advance',
      entity: 'ledger_account',
      entityId: accountId,
      after: { entry_id: row!.id, amount: row!.amount, date: row!.occurredOn },
      at: clock.now,
    });
    return (await entryView(tx, accountId, row!.id))!;
  });
}

/** A staff adjustment with a reason (audited). */
export async function createAdjustment(
  db: Db,
  staffId: number,
  body: { account_id: number; side: LedgerSideName; amount: string; reason: string },
  clock: Clock,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    const row = await appendEntryTx(
      tx,
      body.account_id,
      {
        kind: 'adjustment',
        side: body.side,
        amountKopecks: toKopecks(body.amount),
        occurredOn: dayIn(clock.now, clock.timeZone),
        reason: body.reason,
        staffId,
      },
      clock,
    );
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.adjustment',
      entity: 'ledger_account',
      entityId: body.account_id,
      after: { entry_id: row!.id, side: body.side, amount: row!.amount, reason: body.reason },
      at: clock.now,
    });
    return (await entryView(tx, body.account_id, row!.id))!;
  });
}

/** Reverses an entry once: its mirror on the other side, today, with a reason. */
export async function createReversal(
  db: Db,
  staffId: number,
  body: { entry_id: number; reason: string },
  clock: Clock,
): Promise<LedgerEntry> {
  return db.transaction(async (tx) => {
    const [original] = Number.isSafeInteger(body.entry_id)
      ? await tx.select().from(ledgerEntries).where(eq(ledgerEntries.id, body.entry_id))
      : [];
    if (!original) throw notFound(LEDGER_ENTRY_NOT_FOUND_MESSAGE);
    if (original.reversesId !== null) {
      throw validationFailed({ entry_id: [LEDGER_REVERSAL_OF_REVERSAL_MESSAGE] }, LEDGER_REVERSAL_OF_REVERSAL_MESSAGE);
    }
    await lockAccount(tx, original.accountId);
    const row = await appendEntryTx(
      tx,
      original.accountId,
      {
        kind: 'reversal',
        side: original.side === 'debit' ? 'credit' : 'debit',
        amountKopecks: toKopecks(original.amount),
        occurredOn: dayIn(clock.now, clock.timeZone),
        reversesId: original.id,
        reason: body.reason,
        staffId,
      },
      clock,
    );
    if (!row) throw validationFailed({ entry_id: [LEDGER_ALREADY_REVERSED_MESSAGE] }, LEDGER_ALREADY_REVERSED_MESSAGE);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.reversal',
      entity: 'ledger_account',
      entityId: original.accountId,
      after: { entry_id: row.id, reverses_id: original.id, reason: body.reason },
      at: clock.now,
    });
    return (await entryView(tx, original.accountId, row.id))!;
  });
}

export async function setStop(
  db: Db,
  staffId: number,
  body: { account_id: number; reason: string },
  clock: Clock,
): Promise<LedgerAccount> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, body.account_id);
    if (!account) throw notFound(LEDGER_ACCOUNT_NOT_FOUND_MESSAGE);
    await tx
      .update(ledgerAccounts)
      .set({ stopKind: 'manual', stopReason: body.reason, stoppedAt: clock.now })
      .where(eq(ledgerAccounts.id, account.id));
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.stop',
      entity: 'ledger_account',
      entityId: account.id,
      before: { stop: account.stopKind },
      after: { stop: 'manual', reason: body.reason },
      at: clock.now,
    });
    return (await accountView(tx, account.id, clock))!;
  });
}

export async function liftStop(
  db: Db,
  staffId: number,
  body: { account_id: number },
  clock: Clock,
): Promise<LedgerAccount> {
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, body.account_id);
    if (!account) throw notFound(LEDGER_ACCOUNT_NOT_FOUND_MESSAGE);
    if (account.stopKind === null)
      throw validationFailed({ account_id: [LEDGER_NOT_STOPPED_MESSAGE] }, LEDGER_NOT_STOPPED_MESSAGE);
    await tx
      .update(ledgerAccounts)
      .set({ stopKind: null, stopReason: null, stoppedAt: null })
      .where(eq(ledgerAccounts.id, account.id));
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'ledger.stop_lift',
      entity: 'ledger_account',
      entityId: account.id,
      before: { stop: account.stopKind, reason: account.stopReason },
      at: clock.now,
    });
    await emit(tx, 'LedgerStopLifted', { accountId: account.id, at: clock.now });
    return (await accountView(tx, account.id, clock))!;
  });
}

/** The job (decision 0043): the automatic stop-list set or lifted on every ledger whose overdue crossed the line. */
/**
 * Brings every account's cached overdue to `today` (one statement, once a day in effect): debits fall due overnight
 * without a write to their ledger. A position written meanwhile holds its row: the update waits and reads it anew.
 */
export async function refreshOverdue(db: DbExecutor, today: string): Promise<number> {
  const result = await db.execute<{ id: number }>(sql`
    update ledger_accounts
       set overdue = ${overdueSql(sql`ledger_accounts`, today)}, overdue_on = ${today}::date
     where overdue_on is distinct from ${today}::date and (oldest_open_due < ${today}::date or overdue <> 0)
    returning id`);
  return result.rows.length;
}

export async function runStopListTick(db: Db, clock: Clock): Promise<{ checked: number }> {
  const days = await stopAfterDays(db);
  const today = dayIn(clock.now, clock.timeZone);
  await refreshOverdue(db, today);
  const line = addDays(today, -days);
  const candidates = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      sql`(${ledgerAccounts.stopKind} is null and ${ledgerAccounts.oldestOpenDue} < ${line}) or (${ledgerAccounts.stopKind} = 'auto' and (${ledgerAccounts.oldestOpenDue} is null or ${ledgerAccounts.oldestOpenDue} >= ${line}))`,
    );
  for (const { id } of candidates) {
    await db.transaction(async (tx) => {
      const account = await lockAccount(tx, id);
      if (account) await applyAutoStopTx(tx, id, account.oldestOpenDue, today, days, clock.now);
    });
  }
  return { checked: candidates.length };
}

// --- reads -----------------------------------------------------------------------------------------------------

const openDebitsOf = (row: typeof ledgerAccounts.$inferSelect): OpenDebit[] =>
  (row.openDebits as StoredOpenDebit[]).map((d) => ({
    entryId: d.entry_id,
    dueOn: d.due_on,
    openKopecks: toKopecks(d.open),
  }));

export async function accountView(db: DbExecutor, accountId: number, clock: Clock): Promise<LedgerAccount | null> {
  const [row] = await db
    .select({
      account: ledgerAccounts,
      payerName: payers.shortName,
      firstName: clients.firstName,
      lastName: clients.lastName,
      companyName: clients.companyName,
    })
    .from(ledgerAccounts)
    .innerJoin(clients, eq(clients.id, ledgerAccounts.clientId))
    .leftJoin(payers, eq(payers.id, ledgerAccounts.payerId))
    .where(eq(ledgerAccounts.id, accountId));
  if (!row) return null;
  return toAccountView(row, clock);
}

type AccountRow = {
  account: typeof ledgerAccounts.$inferSelect;
  payerName: string | null;
  firstName: string;
  lastName: string;
  companyName: string | null;
};

function toAccountView(
  { account, payerName, firstName, lastName, companyName }: AccountRow,
  clock: Clock,
): LedgerAccount {
  const open = openDebitsOf(account);
  const debt = open.reduce((sum, d) => sum + d.openKopecks, 0);
  return {
    id: account.id,
    client_id: account.clientId,
    payer_id: account.payerId,
    name: payerName ?? (companyName || `${lastName} ${firstName}`.trim()),
    balance: account.balance,
    debt: kopecksToDecimal(debt),
    overdue: kopecksToDecimal(overdueKopecks(open, dayIn(clock.now, clock.timeZone))),
    oldest_due: account.oldestOpenDue,
    stop:
      account.stopKind === null
        ? null
        : {
            kind: account.stopKind as 'manual' | 'auto',
            reason: account.stopReason ?? '',
            at: account.stoppedAt!.toISOString(),
          },
  };
}

export async function accountsOfClient(db: DbExecutor, clientId: number, clock: Clock): Promise<LedgerAccount[]> {
  const rows = await db
    .select({
      account: ledgerAccounts,
      payerName: payers.shortName,
      firstName: clients.firstName,
      lastName: clients.lastName,
      companyName: clients.companyName,
    })
    .from(ledgerAccounts)
    .innerJoin(clients, eq(clients.id, ledgerAccounts.clientId))
    .leftJoin(payers, eq(payers.id, ledgerAccounts.payerId))
    .where(eq(ledgerAccounts.clientId, clientId))
    .orderBy(asc(ledgerAccounts.id));
  return rows.map((row) => toAccountView(row, clock));
}

/**
 * A page of a ledger's entries with the running balance and what is open of each debit (decision 0057): the
 * running balance counts every entry before, filtered out or not; what is open comes from the account's cached
 * position (rewritten from all entries on every write), so a page never reads the whole ledger into the app.
 */
export async function entryList(db: DbExecutor, body: EntryPageRequest, clock: Clock) {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, body.account_id));
  const account = row ? await accountView(db, body.account_id, clock) : null;
  if (!row || !account) throw notFound(LEDGER_ACCOUNT_NOT_FOUND_MESSAGE);
  const open = new Map(openDebitsOf(row).map((debit) => [debit.entryId, debit.openKopecks]));
  const { rows } = await db.execute<EntryRow>(entryPageQuery(body));
  const entries = rows
    .filter((entry) => entry.id !== null)
    .map((entry): LedgerEntry => {
      const id = Number(entry.id);
      return {
        id,
        kind: entry.kind as LedgerEntryKind,
        side: entry.side as LedgerSideName,
        amount: kopecksToDecimal(toKopecks(entry.amount)),
        date: entry.occurred_on,
        due_on: entry.due_on,
        bill_id: entry.bill_id,
        shipment_id: entry.shipment_id,
        reverses_id: entry.reverses_id === null ? null : Number(entry.reverses_id),
        reversed: entry.reversed,
        reason: entry.reason,
        running_balance: kopecksToDecimal(toKopecks(entry.running_balance)),
        open: entry.side === 'debit' ? kopecksToDecimal(open.get(id) ?? 0) : null,
      };
    });
  return { account, entries, total: Number(rows[0]?.total ?? 0) };
}

async function entryViews(db: DbExecutor, accountId: number): Promise<LedgerEntry[]> {
  const rows = await entriesOf(db, accountId);
  const position = ledgerPosition(rows.map(factsOf));
  const open = new Map(position.openDebits.map((d) => [d.entryId, d.openKopecks]));
  const reversed = new Set(rows.map((row) => row.reversesId).filter((id): id is number => id !== null));
  let running = 0;
  return rows.map((row) => {
    running += (row.side === 'credit' ? 1 : -1) * toKopecks(row.amount);
    return {
      id: row.id,
      kind: row.kind as LedgerEntryKind,
      side: row.side as LedgerSideName,
      amount: row.amount,
      date: row.occurredOn,
      due_on: row.dueOn,
      bill_id: row.billId,
      shipment_id: row.shipmentId,
      reverses_id: row.reversesId,
      reversed: reversed.has(row.id),
      reason: row.reason,
      running_balance: kopecksToDecimal(running),
      open: row.side === 'debit' ? kopecksToDecimal(open.get(row.id) ?? 0) : null,
    };
  });
}

async function entryView(db: DbExecutor, accountId: number, entryId: number) {
  return (await entryViews(db, accountId)).find((entry) => entry.id === entryId) ?? null;
}

export async function unmatchedLines(db: DbExecutor) {
  const rows = await db
    .select()
    .from(ledgerUnmatchedLines)
    .where(isNull(ledgerUnmatchedLines.entryId))
    .orderBy(asc(ledgerUnmatchedLines.id));
  return {
    lines: rows.map((row) => ({
      id: row.id,
      inn: row.inn,
      amount: row.amount,
      date: row.paidOn,
      reference: row.reference,
    })),
  };
}

export { creditTerms };
