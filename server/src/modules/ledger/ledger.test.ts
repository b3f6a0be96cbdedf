import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { adminEndpoints } from '@detal/contract';
import {
  LEDGER_ALREADY_REVERSED_MESSAGE,
  LEDGER_AMOUNT_DECIMALS_MESSAGE,
  LEDGER_AMOUNT_NEGATIVE_MESSAGE,
  LEDGER_LIMIT_NEGATIVE_MESSAGE,
  LEDGER_NOT_STOPPED_MESSAGE,
  LEDGER_REASON_MESSAGE,
  LEDGER_UNKNOWN_INN_MESSAGE,
  shopEndpoints,
  type LedgerAccount,
  type LedgerEntry,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  auditLog,
  clientGroups,
  clients,
  ledgerAccounts,
  ledgerEntries,
  ledgerUnmatchedLines,
  shipments,
} from '../../db/schema/index.ts';
import { buildTestAppWithClock, callShop, type TestClock } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { COMPANY_PAYER, insertCompanyPayer } from '../../../test/fixtures/payers.ts';
import { statementBase64 } from '../../../test/fixtures/statement.ts';
import { openSession } from '../clients/sessions.ts';
import { dayIn, recordShipmentDebitTx, runStopListTick } from './service.ts';

/**
 * Issue 31 through the API (real HTTP, the contract's routes; PGlite, or PostgreSQL with TEST_DATABASE_URL): money
 * with and without a bill lands on the right ledger, shipments are debits due after the deferral, staff adjust and
 * reverse with a reason, credit terms inherit, the stop-list is set and lifted by staff and by itself, the client
 * sees its position; bad input is refused in Russian with nothing written.
 */

const TZ = 'Europe/Moscow';
const line = (price: string) => ({ article: 'OC90', brandName: 'KNECHT', description: 'Фильтр', price, quantity: 1 });

describe('the client ledger through the API', () => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let manager: string;
  let managerId: number;
  let workshop: { id: number; token: string };
  let payerId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, clock } = await buildTestAppWithClock(database));
    await writeBillSettings(database.db, 20);
    managerId = (await createTestStaff(database.db, 'manager')).member.id;
    manager = await staffCookieFor(database.db, managerId);
    workshop = await insertClient(database.db, { lastName: 'Колёсов', firstName: 'Олег', companyName: 'ООО «Колесо»' });
    payerId = await insertCompanyPayer(database.db, workshop.id);
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
  const refused = async (path: keyof typeof adminEndpoints, body: object) => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(422);
    return response.body;
  };
  const entryCount = async () => (await database.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
  const accounts = async (clientId: number) =>
    (await admin<{ accounts: LedgerAccount[] }>('ledger-account-list', { client_id: clientId })).accounts;
  const payerAccount = async () => (await accounts(workshop.id)).find((account) => account.payer_id === payerId)!;
  const today = () => dayIn(clock.now(), TZ);

  it('a payment naming a bill still pays the bill and is a credit naming it on the client ledger', async () => {
    const { billId } = await insertOrderWithBill(database.db, { clientId: workshop.id, lines: [line('1500.00')] });
    const paid = await admin<{ bill: { state: string } }>('payment-record', {
      bill_id: billId,
      amount: 1500,
      date: today(),
      reference: 'п/п 1',
    });
    expect(paid.bill.state).toBe('paid');
    const own = (await accounts(workshop.id)).find((account) => account.payer_id === null)!;
    expect(own.balance).toBe('1500.00');
    const { entries } = await admin<{ entries: LedgerEntry[] }>('ledger-entry-list', { account_id: own.id });
    expect(entries).toMatchObject([
      { kind: 'payment', side: 'credit', amount: '1500.00', bill_id: billId, running_balance: '1500.00' },
    ]);
  });

  it('money naming no bill lands on the payer found by its INN as an advance; later shipments use it', async () => {
    const entry = await admin<LedgerEntry>('ledger-advance-create', {
      inn: COMPANY_PAYER.inn,
      amount: '10000.00',
      date: today(),
      reference: 'п/п 7',
    });
    expect(entry).toMatchObject({ kind: 'payment', side: 'credit', bill_id: null, running_balance: '10000.00' });
    await admin('ledger-terms-set', {
      client_id: workshop.id,
      credit_limit: '50000.00',
      deferral_days: 14,
      prepay_required: false,
    });
    const [shipment] = await database.db
      .insert(shipments)
      .values({
        clientId: workshop.id,
        payerId,
        postedAt: clock.now(),
        total: '12000.00',
        xmlFileId: 'ON_NSCHFDOPPR_test_1',
        document: {},
      })
      .returning();
    await database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, { now: clock.now(), timeZone: TZ }));
    // Written once, whatever asks again.
    await database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, { now: clock.now(), timeZone: TZ }));
    const account = await payerAccount();
    expect(account).toMatchObject({ balance: '-2000.00', debt: '2000.00', overdue: '0.00', name: 'ООО «Колесо»' });
    const { entries } = await admin<{ entries: LedgerEntry[] }>('ledger-entry-list', {
      account_id: account.id,
      kind: 'shipment',
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: '12000.00',
      open: '2000.00',
      due_on: addDaysTo(today(), 14),
      running_balance: '-2000.00',
    });
  });

  it('an unknown INN is refused and nothing is written; a statement line of one is listed, not guessed', async () => {
    const before = await entryCount();
    const body = await refused('ledger-advance-create', { inn: '500100732259', amount: '10.00', date: today() });
    expect(body).toContain(LEDGER_UNKNOWN_INN_MESSAGE);
    expect(await entryCount()).toBe(before);
    const statement = statementBase64(
      [TEST_REQUISITES.settlement_account],
      [
        {
          number: '501',
          date: '20.11.2026',
          amount: '777.00',
          payerInn: '500100732259',
          payerAccount: '40802810200000001230',
          receiverAccount: TEST_REQUISITES.settlement_account,
          purpose: 'Аванс за запчасти',
        },
        {
          number: '502',
          date: '20.11.2026',
          amount: '3000.00',
          payerInn: COMPANY_PAYER.inn,
          payerAccount: COMPANY_PAYER.settlementAccount,
          receiverAccount: TEST_REQUISITES.settlement_account,
          purpose: 'Предоплата за запчасти',
        },
      ],
    );
    for (let time = 0; time < 2; time += 1) {
      const response = await callAdmin(app, 'statement-import', {
        cookie: manager,
        body: { file_name: 'v.txt', content_base64: statement },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { lines } = await admin<{ lines: Array<{ inn: string; amount: string }> }>('ledger-unmatched-list', {});
    expect(lines).toEqual([expect.objectContaining({ inn: '500100732259', amount: '777.00' })]);
    expect(await entryCount()).toBe(before + 1);
    expect((await payerAccount()).balance).toBe('1000.00');
  });

  it('bad input: Russian messages, nothing written', async () => {
    const account = await payerAccount();
    const before = await entryCount();
    expect(
      await refused('ledger-adjustment-create', {
        account_id: account.id,
        side: 'debit',
        amount: '10.00',
        reason: '  ',
      }),
    ).toContain(LEDGER_REASON_MESSAGE);
    expect(
      await refused('ledger-adjustment-create', {
        account_id: account.id,
        side: 'debit',
        amount: '10.005',
        reason: 'x',
      }),
    ).toContain(LEDGER_AMOUNT_DECIMALS_MESSAGE);
    expect(
      await refused('ledger-adjustment-create', {
        account_id: account.id,
        side: 'debit',
        amount: '-10.00',
        reason: 'x',
      }),
    ).toContain(LEDGER_AMOUNT_NEGATIVE_MESSAGE);
    expect(await refused('ledger-advance-create', { account_id: account.id, amount: '-1', date: today() })).toContain(
      LEDGER_AMOUNT_NEGATIVE_MESSAGE,
    );
    expect(
      await refused('ledger-terms-set', {
        client_id: workshop.id,
        credit_limit: '-1.00',
        deferral_days: 0,
        prepay_required: null,
      }),
    ).toContain(LEDGER_LIMIT_NEGATIVE_MESSAGE);
    expect(
      await refused('ledger-terms-set', {
        client_id: workshop.id,
        credit_limit: '1.001',
        deferral_days: 0,
        prepay_required: null,
      }),
    ).toContain(LEDGER_AMOUNT_DECIMALS_MESSAGE);
    expect(await entryCount()).toBe(before);
    expect(
      (await admin<{ own: { credit_limit: string } }>('ledger-terms-get', { client_id: workshop.id })).own.credit_limit,
    ).toBe('50000.00');
  });

  it('an adjustment is audited; a reversal cancels an entry once; nothing is edited', async () => {
    const account = await payerAccount();
    const adjustment = await admin<LedgerEntry>('ledger-adjustment-create', {
      account_id: account.id,
      side: 'debit',
      amount: '250.50',
      reason: 'Доставка курьером',
    });
    expect(adjustment).toMatchObject({
      kind: 'adjustment',
      side: 'debit',
      amount: '250.50',
      reason: 'Доставка курьером',
    });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.adjustment'), eq(auditLog.entityId, String(account.id))));
    expect(audit).toBeDefined();
    const reversal = await admin<LedgerEntry>('ledger-reversal-create', {
      entry_id: adjustment.id,
      reason: 'Ошибка менеджера',
    });
    expect(reversal).toMatchObject({ kind: 'reversal', side: 'credit', amount: '250.50', reverses_id: adjustment.id });
    expect(await refused('ledger-reversal-create', { entry_id: adjustment.id, reason: 'ещё раз' })).toContain(
      LEDGER_ALREADY_REVERSED_MESSAGE,
    );
    expect((await payerAccount()).balance).toBe('1000.00');
    const { entries } = await admin<{ entries: LedgerEntry[] }>('ledger-entry-list', { account_id: account.id });
    expect(entries.find((entry) => entry.id === adjustment.id)!.reversed).toBe(true);
  });

  it('credit terms: a group default, a client override, null inherits', async () => {
    const [group] = await database.db.select().from(clientGroups).limit(1);
    await admin('ledger-terms-set', {
      group_id: group!.id,
      credit_limit: '20000.00',
      deferral_days: 7,
      prepay_required: true,
    });
    const other = await insertClient(database.db);
    await database.db.update(clients).set({ groupId: group!.id }).where(eq(clients.id, other.id));
    expect((await admin<{ effective: object }>('ledger-terms-get', { client_id: other.id })).effective).toEqual({
      credit_limit: '20000.00',
      deferral_days: 7,
      prepay_required: true,
    });
    await admin('ledger-terms-set', {
      client_id: other.id,
      credit_limit: null,
      deferral_days: 30,
      prepay_required: false,
    });
    expect((await admin<{ effective: object }>('ledger-terms-get', { client_id: other.id })).effective).toEqual({
      credit_limit: '20000.00',
      deferral_days: 30,
      prepay_required: false,
    });
  });

  it('the stop-list: by staff with a reason; by itself past N days overdue, lifted once paid', async () => {
    const account = await payerAccount();
    expect(await refused('ledger-stop-lift', { account_id: account.id })).toContain(LEDGER_NOT_STOPPED_MESSAGE);
    expect(await refused('ledger-stop-set', { account_id: account.id, reason: '' })).toContain(LEDGER_REASON_MESSAGE);
    const stopped = await admin<LedgerAccount>('ledger-stop-set', {
      account_id: account.id,
      reason: 'Звонили, не платят',
    });
    expect(stopped.stop).toMatchObject({ kind: 'manual', reason: 'Звонили, не платят' });
    expect((await admin<LedgerAccount>('ledger-stop-lift', { account_id: account.id })).stop).toBeNull();

    // A debt of 5,000 due in 14 days; 14 + 31 days later it is overdue more than 30 days.
    const [shipment] = await database.db
      .insert(shipments)
      .values({
        clientId: workshop.id,
        payerId,
        postedAt: clock.now(),
        total: '6000.00',
        xmlFileId: 'ON_NSCHFDOPPR_test_2',
        document: {},
      })
      .returning();
    await database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, { now: clock.now(), timeZone: TZ }));
    clock.advance(10 * 86_400_000);
    expect(await runStopListTick(database.db, { now: clock.now(), timeZone: TZ })).toEqual({ checked: 0 });
    clock.advance(36 * 86_400_000);
    // The clock moved past the session's lifetime: sign in again.
    const token = await openSession(database.db, workshop.id, clock.now());
    manager = await staffCookieFor(database.db, managerId, clock.now());
    const mine = await callShop(app, 'client-ledger-post', { token, body: {} });
    expect(mine.statusCode, mine.body).toBe(200);
    const view = shopEndpoints['client-ledger-post'].response
      .parse(mine.json())
      .data.accounts.find((a) => a.payer_id === payerId)!;
    expect(view).toMatchObject({
      balance: '-5000.00',
      debt: '5000.00',
      overdue: '5000.00',
      credit_limit: '50000.00',
      available: '45000.00',
    });
    expect(view.open_debits).toEqual([expect.objectContaining({ open: '5000.00', overdue: true })]);
    await runStopListTick(database.db, { now: clock.now(), timeZone: TZ });
    expect((await payerAccount()).stop).toMatchObject({ kind: 'auto' });
    // Stopped: nothing is left of the limit for the client, whatever the debt; the view names the shop's day.
    const stoppedView = shopEndpoints['client-ledger-post'].response.parse(
      (await callShop(app, 'client-ledger-post', { token, body: {} })).json(),
    ).data;
    expect(stoppedView.today).toBe(today());
    expect(stoppedView.accounts.find((a) => a.payer_id === payerId)).toMatchObject({
      credit_limit: '50000.00',
      available: '0.00',
      stop: { kind: 'auto' },
    });
    const debtors = await admin<{
      debtors: Array<{ account: LedgerAccount; days_overdue: number; email: string; limit_over_80: boolean }>;
    }>('ledger-debtor-list', { sort: 'overdue' });
    expect(debtors.debtors[0]).toMatchObject({
      account: { id: account.id, overdue: '5000.00' },
      days_overdue: 32,
      limit_over_80: false,
    });
    expect(debtors.debtors[0]!.email).toContain('@example.test');
    await admin('ledger-advance-create', { account_id: account.id, amount: '5000.00', date: today() });
    expect(await payerAccount()).toMatchObject({ balance: '0.00', overdue: '0.00', stop: null });
  });

  it("another client's ledger is not the client's: each sees only its own", async () => {
    const stranger = await insertClient(database.db);
    const token = await openSession(database.db, stranger.id, clock.now());
    const response = await callShop(app, 'client-ledger-post', { token, body: {} });
    expect(shopEndpoints['client-ledger-post'].response.parse(response.json()).data.accounts).toEqual([]);
    expect(
      (
        await database.db.select({ n: count() }).from(ledgerAccounts).where(eq(ledgerAccounts.clientId, stranger.id))
      )[0]!.n,
    ).toBe(0);
    expect(await database.db.select().from(ledgerUnmatchedLines)).toHaveLength(1);
  });
});

function addDaysTo(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
