import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kopecksToDecimal, toKopecks } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { ledgerAccounts, ledgerEntries, orders, payers, shipments } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { COMPANY_PAYER } from '../../../test/fixtures/payers.ts';
import { statementBase64 } from '../../../test/fixtures/statement.ts';
import { ledgerPosition } from './allocation.ts';
import { appendEntryTx, dayIn, lockAccountFor, recordShipmentDebitTx } from './service.ts';

/**
 * Issue 31: writes to one payer's ledger at once (on PostgreSQL they really overlap; PGlite runs them one after
 * another, and the test still holds): two payments by staff, a bill's payment, a shipment and a statement import
 * of money naming no bill. No entry is lost or doubled, and the cached balance and open debits are what the entries
 * say — the account row's lock (`for update`) orders the writers.
 */

describe(`one payer's ledger written at once (${testDriver})`, () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeBillSettings(database.db, 20);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('two payments, a bill payment, a shipment and a statement import: every entry once, the balance right', async () => {
    const TZ = 'Europe/Moscow';
    const today = dayIn(new Date(), TZ);
    for (let round = 0; round < 4; round += 1) {
      const client = await insertClient(database.db);
      const [payer] = await database.db
        .insert(payers)
        .values({ clientId: client.id, ...COMPANY_PAYER, inn: round === 0 ? COMPANY_PAYER.inn : innFor(round) })
        .returning();
      const { orderId, billId } = await insertOrderWithBill(database.db, {
        clientId: client.id,
        lines: [{ article: 'OC90', brandName: 'KNECHT', description: 'Фильтр', price: '700.00', quantity: 1 }],
      });
      await database.db.update(orders).set({ payerId: payer!.id }).where(eq(orders.id, orderId));
      const [shipment] = await database.db
        .insert(shipments)
        .values({
          clientId: client.id,
          payerId: payer!.id,
          postedAt: new Date(),
          total: '5000.00',
          xmlFileId: `ON_test_${round}`,
          document: {},
        })
        .returning();
      const statement = statementBase64(
        [TEST_REQUISITES.settlement_account],
        [
          {
            number: `9${round}`,
            date: '20.11.2026',
            amount: '300.00',
            payerInn: payer!.inn,
            payerAccount: COMPANY_PAYER.settlementAccount,
            receiverAccount: TEST_REQUISITES.settlement_account,
            purpose: 'Предоплата за запчасти',
          },
        ],
      );
      const account = (
        await callAdmin(app, 'ledger-account-list', { cookie: manager, body: { client_id: client.id } }).then(
          (r) => r.json() as { data: { accounts: unknown[] } },
        )
      ).data.accounts;
      expect(account).toEqual([]);
      const results = await Promise.all([
        callAdmin(app, 'ledger-advance-create', {
          cookie: manager,
          body: { inn: payer!.inn, amount: '1000.00', date: today },
        }),
        callAdmin(app, 'ledger-advance-create', {
          cookie: manager,
          body: { inn: payer!.inn, amount: '2000.00', date: today },
        }),
        callAdmin(app, 'payment-record', { cookie: manager, body: { bill_id: billId, amount: 700, date: today } }),
        callAdmin(app, 'statement-import', { cookie: manager, body: { file_name: null, content_base64: statement } }),
        callAdmin(app, 'statement-import', { cookie: manager, body: { file_name: null, content_base64: statement } }),
        database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, { now: new Date(), timeZone: TZ })),
      ]);
      for (const result of results.slice(0, 5))
        expect((result as { statusCode: number }).statusCode, (result as { body: string }).body).toBe(200);
      const accounts = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientId, client.id));
      expect(accounts).toHaveLength(1);
      const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accounts[0]!.id));
      expect(rows.map((row) => `${row.kind} ${row.side} ${row.amount}`).sort()).toEqual([
        'payment credit 1000.00',
        'payment credit 2000.00',
        'payment credit 300.00',
        'payment credit 700.00',
        'shipment debit 5000.00',
      ]);
      const position = ledgerPosition(
        rows.map((row) => ({
          id: row.id,
          side: row.side as 'debit' | 'credit',
          amountKopecks: toKopecks(row.amount),
          occurredOn: row.occurredOn,
          dueOn: row.dueOn,
          billId: row.billId,
          reversesId: row.reversesId,
        })),
      );
      expect(accounts[0]!.balance).toBe('-1000.00');
      expect(accounts[0]!.balance).toBe(kopecksToDecimal(position.balanceKopecks));
      expect((accounts[0]!.openDebits as Array<{ open: string }>).map((d) => d.open)).toEqual(['1000.00']);
    }
  }, 120_000);

  it('sixteen writers of one ledger at once: the cached position is the sum of all sixteen', async () => {
    const clock = { now: new Date(), timeZone: 'Europe/Moscow' };
    const client = await insertClient(database.db);
    const accountId = await database.db.transaction((tx) => lockAccountFor(tx, client.id, null));
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        database.db.transaction((tx) =>
          appendEntryTx(
            tx,
            accountId,
            {
              kind: 'adjustment',
              side: i % 4 === 0 ? 'credit' : 'debit',
              amountKopecks: 100 * (i + 1),
              occurredOn: '2026-11-20',
              reason: 'тест',
            },
            clock,
          ),
        ),
      ),
    );
    const rows = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
    expect(rows).toHaveLength(16);
    const [account] = await database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
    const sum = rows.reduce((total, row) => total + (row.side === 'credit' ? 1 : -1) * toKopecks(row.amount), 0);
    expect(account!.balance).toBe(kopecksToDecimal(sum));
  });
});

/** A valid company INN (10 digits with its check digit) other than COMPANY's. */
function innFor(seed: number): string {
  const body = `77071${String(10000 + seed).slice(1)}`.slice(0, 9);
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const check = (weights.reduce((sum, w, i) => sum + w * Number(body[i]), 0) % 11) % 10;
  return `${body}${check}`;
}
