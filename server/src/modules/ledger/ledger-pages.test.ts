import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toKopecks, type adminEndpoints, type LedgerDebtor, type LedgerEntry } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { inArray } from 'drizzle-orm';
import { creditTerms, ledgerAccounts } from '../../db/schema/index.ts';
import { buildTestAppWithClock, type TestClock } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient } from '../../../test/fixtures/bills.ts';
import { addDays } from './allocation.ts';
import { accountsOfClient, appendEntryTx, dayIn, lockAccountFor, refreshOverdue, type NewEntry } from './service.ts';

/**
 * The ledger's long lists paged in the database (decision 0057), through the API (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a page of entries carries the running balance of every entry before it, filtered out or
 * not, and what is open of each debit; the debtors come sorted and counted, with the debt and overdue the
 * account's own view gives; a page number below one is refused in Russian.
 */

const TZ = 'Europe/Moscow';

describe('the ledger lists, paged', () => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let manager: string;
  const accounts: number[] = [];
  const clientIds: number[] = [];

  const admin = async <T>(path: keyof typeof adminEndpoints, body: object, status = 200): Promise<T> => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { data: T }).data;
  };
  const today = () => dayIn(clock.now(), TZ);

  /** Writes entries through the one write path (lock, insert, cached position). */
  const write = async (clientId: number, entries: readonly NewEntry[]) =>
    database.db.transaction(async (tx) => {
      const accountId = await lockAccountFor(tx, clientId, null);
      for (const entry of entries) await appendEntryTx(tx, accountId, entry, { now: clock.now(), timeZone: TZ });
      return accountId;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, clock } = await buildTestAppWithClock(database));
    const staffId = (await createTestStaff(database.db, 'manager')).member.id;
    manager = await staffCookieFor(database.db, staffId);
    // Client 0: 25 entries: shipments of 1,000 due 60..36 days ago, a payment of 1,500 after every fourth.
    // Clients 1 and 2: one shipment each, 3,000 overdue and 7,000 not yet due (the larger debt, no overdue).
    for (const name of ['Первый', 'Второй', 'Третий'])
      clientIds.push((await insertClient(database.db, { lastName: name })).id);
    const start = addDays(today(), -80);
    const first: NewEntry[] = [];
    for (let index = 0; index < 25; index += 1) {
      const day = addDays(start, index);
      first.push(
        index % 5 === 4
          ? { kind: 'payment', side: 'credit', amountKopecks: 150_000, occurredOn: day }
          : { kind: 'shipment', side: 'debit', amountKopecks: 100_000, occurredOn: day, dueOn: addDays(day, 20) },
      );
    }
    accounts.push(await write(clientIds[0]!, first));
    accounts.push(
      await write(clientIds[1]!, [
        { kind: 'shipment', side: 'debit', amountKopecks: 300_000, occurredOn: start, dueOn: addDays(start, 5) },
      ]),
    );
    accounts.push(
      await write(clientIds[2]!, [
        { kind: 'shipment', side: 'debit', amountKopecks: 700_000, occurredOn: today(), dueOn: addDays(today(), 30) },
      ]),
    );
    await database.db.insert(creditTerms).values({ clientId: clientIds[2]!, creditLimit: '8000.00' });
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('a page of entries: the running balance counts every entry before it; open from the whole ledger', async () => {
    const all = await admin<{ entries: LedgerEntry[]; total: number }>('ledger-entry-list', {
      account_id: accounts[0],
      per_page: 100,
    });
    expect(all.total).toBe(25);
    let running = 0;
    for (const entry of all.entries) {
      running += (entry.side === 'credit' ? 1 : -1) * toKopecks(entry.amount);
      expect(toKopecks(entry.running_balance)).toBe(running);
    }
    // 20 shipments of 1,000, 5 payments of 1,500: 12,500 owed, the youngest debits open (oldest due paid first).
    expect(all.entries.reduce((sum, entry) => sum + (entry.open === null ? 0 : toKopecks(entry.open)), 0)).toBe(
      1_250_000,
    );
    expect(all.entries.filter((entry) => entry.open === '1000.00')).toHaveLength(12);
    expect(all.entries.filter((entry) => entry.open === '500.00')).toHaveLength(1);

    const second = await admin<{ entries: LedgerEntry[]; total: number }>('ledger-entry-list', {
      account_id: accounts[0],
      page: 2,
      per_page: 10,
    });
    expect(second.total).toBe(25);
    expect(second.entries).toEqual(all.entries.slice(10, 20));

    const payments = await admin<{ entries: LedgerEntry[]; total: number }>('ledger-entry-list', {
      account_id: accounts[0],
      kind: 'payment',
      page: 2,
      per_page: 2,
    });
    expect(payments.total).toBe(5);
    expect(payments.entries).toEqual(all.entries.filter((entry) => entry.kind === 'payment').slice(2, 4));

    const past = await admin<{ entries: LedgerEntry[]; total: number }>('ledger-entry-list', {
      account_id: accounts[0],
      page: 9,
      per_page: 10,
    });
    expect(past).toMatchObject({ entries: [], total: 25 });
  });

  it('the debtors: sorted and counted in the database, with the figures of the account itself', async () => {
    const byOverdue = await admin<{ debtors: LedgerDebtor[]; total: number }>('ledger-debtor-list', { per_page: 2 });
    expect(byOverdue.total).toBe(3);
    expect(byOverdue.debtors.map((debtor) => debtor.account.id)).toEqual([accounts[0], accounts[1]]);
    const rest = await admin<{ debtors: LedgerDebtor[]; total: number }>('ledger-debtor-list', {
      per_page: 2,
      page: 2,
    });
    expect(rest.debtors.map((debtor) => debtor.account.id)).toEqual([accounts[2]]);

    const byDebt = await admin<{ debtors: LedgerDebtor[] }>('ledger-debtor-list', { sort: 'debt' });
    expect(byDebt.debtors.map((debtor) => debtor.account.id)).toEqual([accounts[0], accounts[2], accounts[1]]);
    const byLimit = await admin<{ debtors: LedgerDebtor[] }>('ledger-debtor-list', { sort: 'limit_used' });
    expect(byLimit.debtors[0]).toMatchObject({
      account: { id: accounts[2] },
      credit_limit: '8000.00',
      limit_used_percent: 87.5,
      limit_over_80: true,
    });
    // Sorted by overdue the limit is worked out for the page's rows only; by limit, for every debtor: the same figures.
    const limitsOf = (debtors: LedgerDebtor[]) =>
      new Map(debtors.map((debtor) => [debtor.account.id, [debtor.credit_limit, debtor.limit_used_percent]]));
    const byOverdueAll = await admin<{ debtors: LedgerDebtor[] }>('ledger-debtor-list', { sort: 'overdue' });
    expect(limitsOf(byOverdueAll.debtors)).toEqual(limitsOf(byLimit.debtors));
    expect(limitsOf(byOverdueAll.debtors).get(accounts[2]!)).toEqual(['8000.00', 87.5]);
    const attention = await admin<{ debtors: LedgerDebtor[]; total: number }>('ledger-debtor-list', {
      only_attention: true,
    });
    expect(attention.total).toBe(3);

    for (const [index, clientId] of clientIds.entries()) {
      const [own] = await accountsOfClient(database.db, clientId, { now: clock.now(), timeZone: TZ });
      const listed = byDebt.debtors.find((debtor) => debtor.account.id === accounts[index])!;
      expect(listed.account).toEqual(own);
    }
    expect(byDebt.debtors.find((debtor) => debtor.account.id === accounts[1])).toMatchObject({
      days_overdue: 75,
      account: { overdue: '3000.00' },
    });
  });

  // Last: it moves the clock a month on.
  it('a debit falling due overnight counts as overdue the next morning, before the daily refresh and after it', async () => {
    clock.advance(31 * 86_400_000);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id, clock.now());
    const overdueOf = async () =>
      (await admin<{ debtors: LedgerDebtor[] }>('ledger-debtor-list', { per_page: 10 })).debtors.map((debtor) => [
        debtor.account.id,
        debtor.account.overdue,
      ]);
    // Client 2's 7,000 and the rest of client 0's debits fell due; the cached figures are of the day they were written.
    const expected = [
      [accounts[0], '12500.00'],
      [accounts[2], '7000.00'],
      [accounts[1], '3000.00'],
    ];
    const cached = async () =>
      (await database.db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accounts))).map((row) => [
        row.id,
        row.overdue,
        row.overdueOn,
      ]);
    expect((await cached()).find(([id]) => id === accounts[2])).toEqual([accounts[2], '0.00', addDays(today(), -31)]);
    expect(await overdueOf()).toEqual(expected);

    expect(await refreshOverdue(database.db, today())).toBe(3);
    expect(await cached()).toEqual(expect.arrayContaining(expected.map(([id, sum]) => [id, sum, today()])));
    expect(await overdueOf()).toEqual(expected);
    // Once a day: the second refresh of the day finds nothing to do.
    expect(await refreshOverdue(database.db, today())).toBe(0);
  });

  it('a page number below one is refused in Russian', async () => {
    for (const path of ['ledger-entry-list', 'ledger-debtor-list'] as const) {
      const response = await callAdmin(app, path, { cookie: manager, body: { account_id: accounts[0], page: 0 } });
      expect(response.statusCode).toBe(422);
      expect(response.body).toContain('Номер страницы начинается с 1');
    }
  });
});
