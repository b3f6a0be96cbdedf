import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kopecksToDecimal, toKopecks } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { ledgerAccounts, ledgerEntries } from '../../db/schema/index.ts';
import { subscribeModuleEffects } from '../subscribers.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertClient } from '../../../test/fixtures/bills.ts';
import { addDays, ledgerPosition, overdueKopecks, type LedgerEntryFacts } from './allocation.ts';
import { appendEntryTx, lockAccountFor, type NewEntry } from './service.ts';

/**
 * Issue 31, "what it must show": property tests over random sequences of shipments, payments with and without a
 * bill, refunds, adjustments and reversals. The pure arithmetic against a direct computation (many runs), and the
 * same sequences written through the service into the database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * the cached balance is the sum of the entries, no allocation exceeds either side, the overdue debt at any day is
 * what the direct computation says.
 */

const START = '2026-01-01';
const DEFERRAL = 14;

type Op =
  | { op: 'shipment'; kopecks: number; bill: number | null; gap: number }
  | { op: 'payment'; kopecks: number; bill: number | null; gap: number }
  | { op: 'refund'; kopecks: number; gap: number }
  | { op: 'adjustment'; kopecks: number; side: 'debit' | 'credit'; gap: number }
  | { op: 'reversal'; pick: number; gap: number };

const kopecks = fc.integer({ min: 1, max: 5_000_000 });
const gap = fc.integer({ min: 0, max: 9 });
const bill = fc.option(fc.integer({ min: 1, max: 3 }), { nil: null });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('shipment' as const), kopecks, bill, gap }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('payment' as const), kopecks, bill, gap }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refund' as const), kopecks, gap }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('adjustment' as const),
      kopecks,
      side: fc.constantFrom('debit' as const, 'credit' as const),
      gap,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reversal' as const), pick: fc.nat(), gap }) },
);
const sequenceArb = fc.array(opArb, { minLength: 1, maxLength: 30 });

/** The entries a sequence makes, as the service would write them (ids in order). */
function entriesOf(ops: readonly Op[]): Array<NewEntry & { id: number }> {
  const entries: Array<NewEntry & { id: number }> = [];
  let day = START;
  for (const op of ops) {
    day = addDays(day, op.gap);
    const id = entries.length + 1;
    if (op.op === 'shipment') {
      entries.push({
        id,
        kind: 'shipment',
        side: 'debit',
        amountKopecks: op.kopecks,
        occurredOn: day,
        dueOn: addDays(day, DEFERRAL),
        billId: op.bill,
      });
    } else if (op.op === 'payment') {
      entries.push({
        id,
        kind: 'payment',
        side: 'credit',
        amountKopecks: op.kopecks,
        occurredOn: day,
        billId: op.bill,
      });
    } else if (op.op === 'refund') {
      entries.push({ id, kind: 'refund', side: 'debit', amountKopecks: op.kopecks, occurredOn: day });
    } else if (op.op === 'adjustment') {
      entries.push({
        id,
        kind: 'adjustment',
        side: op.side,
        amountKopecks: op.kopecks,
        occurredOn: day,
        reason: 'тест',
      });
    } else {
      const reversedIds = new Set(entries.map((e) => e.reversesId).filter((x) => x != null));
      const candidates = entries.filter((e) => e.reversesId == null && !reversedIds.has(e.id));
      if (candidates.length === 0) continue;
      const target = candidates[op.pick % candidates.length]!;
      entries.push({
        id,
        kind: 'reversal',
        side: target.side === 'debit' ? 'credit' : 'debit',
        amountKopecks: target.amountKopecks,
        occurredOn: day,
        reversesId: target.id,
        reason: 'ошибка',
      });
    }
  }
  return entries;
}

const facts = (entries: ReadonlyArray<NewEntry & { id: number }>): LedgerEntryFacts[] =>
  entries.map((e) => ({
    id: e.id,
    side: e.side,
    amountKopecks: e.amountKopecks,
    occurredOn: e.occurredOn,
    dueOn: e.dueOn ?? null,
    billId: e.billId ?? null,
    reversesId: e.reversesId ?? null,
  }));

/**
 * The direct computation, order-free: as of day D, drop reversed pairs; each bill's named credits cover that bill's
 * debits, due order; what they do not need joins the unnamed credits, which cover the remaining debits due order.
 * Overdue: what stays open of the debits due before D.
 */
function directOverdue(entries: readonly LedgerEntryFacts[], on: string): number {
  const present = entries.filter((e) => e.occurredOn <= on);
  const reversed = new Set(present.map((e) => e.reversesId).filter((x): x is number => x !== null));
  const live = present.filter((e) => e.reversesId === null && !reversed.has(e.id));
  const due = (e: LedgerEntryFacts) => e.dueOn ?? e.occurredOn;
  const debits = live
    .filter((e) => e.side === 'debit')
    .sort((a, b) => (due(a) < due(b) ? -1 : due(a) > due(b) ? 1 : a.id - b.id));
  const open = debits.map((d) => d.amountKopecks);
  let pool = 0;
  const named = new Map<number, number>();
  for (const credit of live.filter((e) => e.side === 'credit')) {
    if (credit.billId === null) pool += credit.amountKopecks;
    else named.set(credit.billId, (named.get(credit.billId) ?? 0) + credit.amountKopecks);
  }
  for (const [billId, amount] of named) {
    let left = amount;
    debits.forEach((d, i) => {
      if (d.billId !== billId) return;
      const take = Math.min(left, open[i]!);
      open[i]! -= take;
      left -= take;
    });
    pool += left;
  }
  debits.forEach((_, i) => {
    const take = Math.min(pool, open[i]!);
    open[i]! -= take;
    pool -= take;
  });
  return debits.reduce((sum, d, i) => (due(d) < on ? sum + open[i]! : sum), 0);
}

function checkInvariants(list: readonly LedgerEntryFacts[]) {
  const position = ledgerPosition(list);
  const sum = list.reduce((s, e) => s + (e.side === 'credit' ? e.amountKopecks : -e.amountKopecks), 0);
  expect(position.balanceKopecks).toBe(sum);
  const byCredit = new Map<number, number>();
  const byDebit = new Map<number, number>();
  for (const a of position.allocations) {
    expect(a.amountKopecks).toBeGreaterThan(0);
    byCredit.set(a.creditId, (byCredit.get(a.creditId) ?? 0) + a.amountKopecks);
    byDebit.set(a.debitId, (byDebit.get(a.debitId) ?? 0) + a.amountKopecks);
  }
  const amount = new Map(list.map((e) => [e.id, e]));
  for (const [id, total] of byCredit) expect(total).toBeLessThanOrEqual(amount.get(id)!.amountKopecks);
  for (const [id, total] of byDebit) expect(total).toBeLessThanOrEqual(amount.get(id)!.amountKopecks);
  for (const [id] of byCredit) expect(amount.get(id)!.side).toBe('credit');
  for (const [id] of byDebit) expect(amount.get(id)!.side).toBe('debit');
  // Without reversals of allocated halves, debt and advance never stand together.
  const open = position.openDebits.reduce((s, d) => s + d.openKopecks, 0);
  expect(open === 0 || position.unallocatedKopecks === 0).toBe(true);
  return position;
}

describe('ledger arithmetic (pure): random sequences against the direct computation', () => {
  it('balance = sum of entries; allocations within both sides; overdue equals the direct computation at any day', () => {
    fc.assert(
      fc.property(sequenceArb, fc.integer({ min: 0, max: 400 }), (ops, offset) => {
        const list = facts(entriesOf(ops));
        checkInvariants(list);
        const on = addDays(START, offset);
        expect(overdueKopecks(ledgerPosition(list, on).openDebits, on)).toBe(directOverdue(list, on));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('ledger in the database: the same sequences through appendEntryTx', () => {
  let database: Database;

  beforeAll(async () => {
    subscribeModuleEffects();
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('the cached balance and open debits are what the entries say; overdue at any day matches', async () => {
    const clock = { now: new Date(`${START}T09:00:00Z`), timeZone: 'Europe/Moscow' };
    await fc.assert(
      fc.asyncProperty(
        sequenceArb,
        fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 3, maxLength: 3 }),
        async (ops, offsets) => {
          const client = await insertClient(database.db);
          const planned = entriesOf(ops);
          const idOf = new Map<number, number>();
          const accountId = await database.db.transaction((tx) => lockAccountFor(tx, client.id, null));
          for (const entry of planned) {
            const { id, ...values } = entry;
            const row = await database.db.transaction((tx) =>
              appendEntryTx(
                tx,
                accountId,
                { ...values, reversesId: values.reversesId == null ? null : idOf.get(values.reversesId)! },
                clock,
              ),
            );
            idOf.set(id, row!.id);
          }
          const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
          const stored: LedgerEntryFacts[] = rows.map((r) => ({
            id: r.id,
            side: r.side as 'debit' | 'credit',
            amountKopecks: toKopecks(r.amount),
            occurredOn: r.occurredOn,
            dueOn: r.dueOn,
            billId: r.billId,
            reversesId: r.reversesId,
          }));
          expect(stored).toHaveLength(planned.length);
          const position = checkInvariants(stored);
          const [account] = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
          const sum = stored.reduce((s, e) => s + (e.side === 'credit' ? e.amountKopecks : -e.amountKopecks), 0);
          expect(account!.balance).toBe(kopecksToDecimal(sum));
          const cachedOpen = (account!.openDebits as Array<{ entry_id: number; due_on: string; open: string }>).map(
            (d) => ({ entryId: d.entry_id, dueOn: d.due_on, openKopecks: toKopecks(d.open) }),
          );
          expect(cachedOpen).toEqual(position.openDebits);
          for (const offset of offsets) {
            const on = addDays(START, offset);
            // Today's overdue from the cache equals the direct computation once every entry is in (they are all
            // dated up to the last op's day); at earlier days the entries as of then.
            const last = planned.at(-1)?.occurredOn ?? START;
            if (on >= last) expect(overdueKopecks(cachedOpen, on)).toBe(directOverdue(facts(planned), on));
            expect(overdueKopecks(ledgerPosition(stored, on).openDebits, on)).toBe(directOverdue(facts(planned), on));
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('an entry is never updated nor deleted (the trigger), whatever writes it', async () => {
    const client = await insertClient(database.db);
    const clock = { now: new Date(), timeZone: 'Europe/Moscow' };
    const row = await database.db.transaction(async (tx) => {
      const accountId = await lockAccountFor(tx, client.id, null);
      return appendEntryTx(
        tx,
        accountId,
        { kind: 'adjustment', side: 'debit', amountKopecks: 100, occurredOn: '2026-11-27', reason: 'тест' },
        clock,
      );
    });
    await expect(
      database.db.execute(sql`update ledger_entries set amount = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries where id = ${row!.id}`)).rejects.toThrow();
    const [kept] = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, row!.id));
    expect(kept!.amount).toBe('1.00');
  });
});
