import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { adminEndpoints, LedgerAccount, LedgerEntry, StatementImportResult } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { ledgerEntries } from '../../db/schema/index.ts';
import { buildTestAppWithClock, type TestClock } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { insertCompanyPayer } from '../../../test/fixtures/payers.ts';
import { statementBase64, type StatementDoc } from '../../../test/fixtures/statement.ts';

/**
 * Statement lines naming no bill (issue 31): the import's answer says which became an advance; staff match a
 * listed line to a ledger as an advance, or record it to a bill — one credit either way, never none, never two.
 */

const KNOWN_INN = '7707083893';
const UNKNOWN_INN = '500100732259';
const doc = (number: string, amount: string, payerInn: string, purpose: string): StatementDoc => ({
  number,
  date: '20.11.2026',
  amount,
  payerInn,
  payerAccount: '40802810200000001230',
  receiverAccount: TEST_REQUISITES.settlement_account,
  purpose,
});

describe('statement lines without a bill', () => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let manager: string;
  let workshop: { id: number };
  let payerId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, clock } = await buildTestAppWithClock(database));
    void clock;
    await writeBillSettings(database.db, 20);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
    workshop = await insertClient(database.db, { lastName: 'Колёсов', firstName: 'Олег', companyName: 'ООО «Колесо»' });
    payerId = await insertCompanyPayer(database.db, workshop.id, { inn: KNOWN_INN });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const admin = async <T>(path: keyof typeof adminEndpoints, body: object, status = 200): Promise<T> => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { data: T }).data;
  };
  const importStatement = (docs: StatementDoc[]) =>
    admin<StatementImportResult>('statement-import', {
      file_name: 'v.txt',
      content_base64: statementBase64([TEST_REQUISITES.settlement_account], docs),
    });
  const credits = async () =>
    (await database.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.side, 'credit')))[0]!.n;
  const payerAccount = async () =>
    (await admin<{ accounts: LedgerAccount[] }>('ledger-account-list', { client_id: workshop.id })).accounts.find(
      (account) => account.payer_id === payerId,
    )!;

  it("a line taken as an advance is in the import's advances, not among the unmatched, on every import", async () => {
    const file = [doc('601', '3000.00', KNOWN_INN, 'Предоплата за запчасти')];
    for (let time = 0; time < 2; time += 1) {
      const result = await importStatement(file);
      expect(result.unmatched).toEqual([]);
      expect(result.advances).toEqual([
        expect.objectContaining({
          line: expect.objectContaining({ number: '601', amount: 3000 }),
          client_id: workshop.id,
          name: 'ООО «Колесо»',
        }),
      ]);
    }
    expect((await payerAccount()).balance).toBe('3000.00');
  });

  it('a listed line recorded by staff to a bill is one credit naming the bill, and leaves the list', async () => {
    const { billId } = await insertOrderWithBill(database.db, {
      clientId: workshop.id,
      lines: [{ article: 'OC90', brandName: 'KNECHT', description: 'Фильтр', price: '777.00', quantity: 1 }],
    });
    const result = await importStatement([doc('602', '777.00', UNKNOWN_INN, 'Оплата по договору')]);
    expect(result.unmatched).toHaveLength(1);
    const listed = (await admin<{ lines: Array<{ id: number; amount: string }> }>('ledger-unmatched-list', {})).lines;
    expect(listed).toEqual([expect.objectContaining({ amount: '777.00' })]);
    const before = await credits();
    await admin('statement-line-record', { bill_id: billId, line: result.unmatched[0]!.line });
    expect(await credits()).toBe(before + 1);
    const [credit] = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.billId, billId));
    expect(credit).toMatchObject({ side: 'credit', amount: '777.00' });
    expect((await admin<{ lines: unknown[] }>('ledger-unmatched-list', {})).lines).toEqual([]);
  });

  it('staff match a listed line to a ledger as an advance: one credit; a second match refused; a later bill moves it', async () => {
    const result = await importStatement([doc('603', '450.00', UNKNOWN_INN, 'Аванс')]);
    const [line] = (await admin<{ lines: Array<{ id: number }> }>('ledger-unmatched-list', {})).lines;
    const account = await payerAccount();
    const before = await credits();
    const entry = await admin<LedgerEntry>('ledger-unmatched-match', { line_id: line!.id, account_id: account.id });
    expect(entry).toMatchObject({ kind: 'payment', side: 'credit', amount: '450.00', bill_id: null });
    expect(await credits()).toBe(before + 1);
    expect((await admin<{ lines: unknown[] }>('ledger-unmatched-list', {})).lines).toEqual([]);
    const again = await callAdmin(app, 'ledger-unmatched-match', {
      cookie: manager,
      body: { line_id: line!.id, account_id: account.id },
    });
    expect(again.statusCode).toBe(422);
    expect(again.body).toContain('Строка выписки уже сопоставлена');
    const { billId } = await insertOrderWithBill(database.db, {
      clientId: workshop.id,
      lines: [{ article: 'OC90', brandName: 'KNECHT', description: 'Фильтр', price: '450.00', quantity: 1 }],
    });
    const balance = (await payerAccount()).balance;
    await admin('statement-line-record', { bill_id: billId, line: result.unmatched[0]!.line });
    // Named to a bill later: the advance is reversed and the money is one credit naming the bill.
    expect(await credits()).toBe(before + 2);
    const named = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.billId, billId));
    expect(named).toMatchObject([{ side: 'credit', amount: '450.00' }]);
    const reversal = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reversesId, entry.id));
    expect(reversal).toMatchObject([{ side: 'debit', amount: '450.00' }]);
    expect(Number((await payerAccount()).balance)).toBe(Number(balance) - 450);
  });
});
