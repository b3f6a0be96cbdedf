import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBill, Payment, StatementImportResult } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, bills, clients, payments } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { statementBase64, type StatementDoc } from '../../../test/fixtures/statement.ts';
import { loadAdminCommands } from '../../cli/admin.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { dayIn } from './service.ts';

const SHOP = TEST_REQUISITES.settlement_account;
const PAYER = '40702810400000011111';
const SUPPLIER = '40702810500000022222';
const line = (amount: string) => ({
  article: 'OC90',
  brandName: 'KNECHT',
  description: 'Фильтр',
  price: amount,
  quantity: 1,
});

describe('payments: recorded by staff, by the statement and by the CLI', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;
  let client: { id: number; token: string };
  const today = dayIn(new Date(), 'Europe/Moscow');

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeBillSettings(database.db, 20);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
    client = await insertClient(database.db, { lastName: 'Сидоров', firstName: 'Пётр' });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const newBill = async (amount: string) =>
    (await insertOrderWithBill(database.db, { clientId: client.id, lines: [line(amount)] })).billId;

  const record = (body: Record<string, unknown>) => callAdmin(app, 'payment-record', { cookie: manager, body });

  const billOf = async (billId: number): Promise<AdminBill> => {
    const response = await callAdmin(app, 'bill-list', { cookie: manager, body: { bill_id: billId } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { data: AdminBill[] } }).data.data[0]!;
  };

  const clientSees = async (billId: number): Promise<boolean | undefined> => {
    const response = await callShop(app, 'client-bill-all-post', { token: client.token, body: {} });
    const list = (response.json() as { data: { data: { id: number; paid: boolean }[] } }).data.data;
    return list.find((bill) => bill.id === billId)?.paid;
  };

  const paymentCount = async (billId?: number) => {
    const [row] = await database.db
      .select({ total: count() })
      .from(payments)
      .where(billId ? eq(payments.billId, billId) : undefined);
    return row!.total;
  };

  it('a partial payment leaves the bill partly paid (the client still sees «Ждем оплаты»), the rest pays it', async () => {
    const billId = await newBill('1000.00');
    const first = await record({ bill_id: billId, amount: 400.5, date: today, reference: 'п/п 17' });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { data: { bill: AdminBill } }).data.bill).toMatchObject({
      state: 'partly_paid',
      paid_sum: 400.5,
      remaining: 599.5,
      paid_at: null,
    });
    expect(await clientSees(billId)).toBe(false);

    const rest = await record({ bill_id: billId, amount: 599.5, date: today });
    expect(rest.statusCode, rest.body).toBe(200);
    const { bill, payment } = (rest.json() as { data: { bill: AdminBill; payment: Payment } }).data;
    expect(bill).toMatchObject({ state: 'paid', paid_sum: 1000, remaining: 0, paid_at: expect.any(String) });
    expect(payment).toMatchObject({ amount: 599.5, source: 'manual', staff_email: expect.stringContaining('manager') });
    expect(await clientSees(billId)).toBe(true);

    // Audited: who, what, before and after.
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.record'));
    expect(audits.filter((row) => row.entityId === String(billId)).map((row) => row.after)).toEqual([
      expect.objectContaining({ amount: 400.5, state: 'partly_paid', reference: 'п/п 17' }),
      expect.objectContaining({ amount: 599.5, state: 'paid', paid_sum: 1000 }),
    ]);

    // Nothing more can be paid on it.
    const more = await record({ bill_id: billId, amount: 1, date: today });
    expect(more.statusCode).toBe(422);
    expect(more.json()).toMatchObject({ error: { bill_id: ['Счёт уже оплачен полностью'] } });
  });

  it.each([
    ['a missing bill', { bill_id: 999999, amount: 10, date: '2026-01-10' }, 'bill_id', 'Счёт не найден'],
    ['three decimals', { amount: 10.005 }, 'amount', 'не более двух знаков'],
    ['zero', { amount: 0 }, 'amount', 'больше нуля'],
    ['a negative amount', { amount: -5 }, 'amount', 'больше нуля'],
    ['a future date', { date: '2999-01-01' }, 'date', 'не может быть в будущем'],
    ['more than is left', { amount: 5000 }, 'amount', 'Сумма больше остатка по счёту (1\u00A0000,00\u00A0₽)'],
    ['no date', { date: undefined }, 'date', ''],
  ])('refuses %s in Russian and writes nothing', async (_, change, field, message) => {
    const billId = await newBill('1000.00');
    const before = await paymentCount();
    const response = await record({ bill_id: billId, amount: 100, date: '2026-01-10', ...change });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { error: Record<string, string[]> };
    expect(body.error[field]?.join(' ')).toContain(message);
    expect(await paymentCount()).toBe(before);
    expect((await billOf(billId)).state).toBe('unpaid');
  });

  it('lists payments filtered by date, bill and client, paginated; bills by state', async () => {
    const other = await insertClient(database.db, { lastName: 'Другой' });
    const mine = await newBill('300.00');
    const theirs = (await insertOrderWithBill(database.db, { clientId: other.id, lines: [line('200.00')] })).billId;
    expect((await record({ bill_id: mine, amount: 100, date: '2026-03-01' })).statusCode).toBe(200);
    expect((await record({ bill_id: mine, amount: 50, date: '2026-03-05' })).statusCode).toBe(200);
    expect((await record({ bill_id: theirs, amount: 200, date: '2026-03-05' })).statusCode).toBe(200);

    const list = async (body: Record<string, unknown>, query = '') => {
      const response = await callAdmin(app, 'payment-list', { cookie: manager, body, query });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: { data: Payment[]; total: number; last_page: number } }).data;
    };
    expect((await list({ bill_id: mine })).data.map((payment) => payment.amount)).toEqual([50, 100]);
    expect((await list({ client_id: other.id })).data.map((payment) => payment.bill_id)).toEqual([theirs]);
    const day = await list({ date_from: '2026-03-05', date_to: '2026-03-05' });
    expect(day.data.map((payment) => payment.amount).sort()).toEqual([200, 50]);
    const paged = await list({ date_from: '2026-03-01', date_to: '2026-03-05', per_page: 2 }, '?page=2');
    expect(paged).toMatchObject({ total: 3, last_page: 2 });
    expect(paged.data).toHaveLength(1);
    const badRange = await callAdmin(app, 'payment-list', {
      cookie: manager,
      body: { date_from: '2026-03-05', date_to: '2026-03-01' },
    });
    expect(badRange.statusCode).toBe(422);

    const states = async (state: string) => {
      const response = await callAdmin(app, 'bill-list', { cookie: manager, body: { state, client_id: other.id } });
      return (response.json() as { data: { data: AdminBill[] } }).data.data.map((bill) => bill.id);
    };
    expect(await states('paid')).toEqual([theirs]);
    expect(await states('unpaid')).toEqual([]);
    expect((await billOf(mine)).state).toBe('partly_paid');
  });

  describe('bank statement import', () => {
    const doc = (overrides: Partial<StatementDoc>): StatementDoc => ({
      number: '100',
      date: '20.11.2026',
      amount: '1000.00',
      payerAccount: PAYER,
      receiverAccount: SHOP,
      purpose: 'Оплата',
      ...overrides,
    });
    const upload = (documents: StatementDoc[], accounts = [SHOP]) =>
      callAdmin(app, 'statement-import', {
        cookie: manager,
        body: { file_name: 'kl_to_1c.txt', content_base64: statementBase64(accounts, documents) },
      });
    const resultOf = (response: { statusCode: number; body: string; json(): unknown }) => {
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: StatementImportResult }).data;
    };

    it('records matched payments, lists the rest with the reason, ignores outgoing; twice records once', async () => {
      const full = await newBill('1500.00');
      const partial = await newBill('2000.00');
      const paid = await newBill('700.00');
      expect((await record({ bill_id: paid, amount: 700, date: today })).statusCode).toBe(200);
      const documents = [
        doc({ number: '1', amount: '1500.00', purpose: `Оплата по счету № ${full} от 20.11.2026, в т.ч. НДС` }),
        doc({ number: '2', amount: '500.00', purpose: `сч. ${partial}` }),
        doc({ number: '3', amount: '700.00', purpose: `счет №${paid}` }),
        doc({ number: '4', amount: '10.00', purpose: 'Возврат займа' }),
        doc({ number: '5', amount: '10.00', purpose: 'Оплата по счету № 987654' }),
        doc({
          number: '6',
          amount: '9999.00',
          payerAccount: SHOP,
          receiverAccount: SUPPLIER,
          purpose: `Оплата по счету № ${full}`,
        }),
      ];
      const first = resultOf(await upload(documents));
      expect(first.documents).toBe(6);
      expect(first.ignored_outgoing).toBe(1);
      expect(first.recorded.map((entry) => [entry.line.number, entry.payment.bill_id, entry.payment.source])).toEqual([
        ['1', full, 'statement'],
      ]);
      expect(first.recorded[0]!.payment.reference).toBe('П/п № 1 от 20.11.2026, ООО «Ромашка»');
      expect(first.unmatched.map((entry) => [entry.line.number, entry.reason, entry.bill_id])).toEqual([
        ['2', 'partial_amount', partial],
        ['3', 'bill_paid', paid],
        ['4', 'no_bill_number', null],
        ['5', 'bill_not_found', null],
      ]);
      expect((await billOf(full)).state).toBe('paid');
      expect(await clientSees(full)).toBe(true);
      expect((await billOf(partial)).state).toBe('unpaid');

      const before = await paymentCount();
      const second = resultOf(await upload(documents));
      expect(second.recorded).toEqual([]);
      expect(second.already_recorded.map((entry) => [entry.line.number, entry.bill_id])).toEqual([['1', full]]);
      expect(await paymentCount()).toBe(before);

      // The partial one, matched by hand: recorded once, a second time is a 409.
      const byHand = await callAdmin(app, 'statement-line-record', {
        cookie: manager,
        body: { bill_id: partial, line: first.unmatched[0]!.line },
      });
      expect(byHand.statusCode, byHand.body).toBe(200);
      expect((byHand.json() as { data: { bill: AdminBill } }).data.bill).toMatchObject({
        state: 'partly_paid',
        paid_sum: 500,
      });
      const again = await callAdmin(app, 'statement-line-record', {
        cookie: manager,
        body: { bill_id: partial, line: first.unmatched[0]!.line },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ message: 'Этот платёж из выписки уже записан' });
      // And a third import shows it as recorded.
      const third = resultOf(await upload(documents));
      expect(third.already_recorded.map((entry) => entry.line.number).sort()).toEqual(['1', '2']);
      expect(await paymentCount(partial)).toBe(1);
    });

    it("proposes the bill of the one client with the payer's INN and one open bill of that amount, records nothing", async () => {
      const ring = await insertClient(database.db, { lastName: 'Кольцов', companyName: 'ООО «Кольцо»' });
      await database.db.update(clients).set({ inn: '7707083893' }).where(eq(clients.id, ring.id));
      const ringOrder = (amount: string) =>
        insertOrderWithBill(database.db, { clientId: ring.id, lines: [line(amount)] }).then((made) => made.billId);
      const parts = await ringOrder('12500.00');
      await ringOrder('3000.00');
      const twin = await insertClient(database.db, { companyName: 'ООО «Двойник»' });
      await database.db.update(clients).set({ inn: '7728168971' }).where(eq(clients.id, twin.id));
      const twin2 = await insertClient(database.db, { companyName: 'ООО «Двойник» (филиал)' });
      await database.db.update(clients).set({ inn: '7728168971' }).where(eq(clients.id, twin2.id));
      await insertOrderWithBill(database.db, { clientId: twin.id, lines: [line('500.00')] });

      const payments = await paymentCount();
      const result = resultOf(
        await upload([
          doc({
            number: '71',
            amount: '12500.00',
            payer: 'ООО «Кольцо»',
            payerInn: '7707083893',
            purpose: 'Оплата за запчасти',
          }),
          // The INN written in the purpose only.
          doc({
            number: '72',
            amount: '3000.00',
            payer: 'ООО «Кольцо»',
            payerInn: '',
            purpose: 'ООО «Кольцо» ИНН 7707083893 Оплата за запчасти',
          }),
          doc({ number: '73', amount: '999.00', payerInn: '7707083893', purpose: 'Оплата за запчасти' }),
          doc({ number: '74', amount: '500.00', payerInn: '7728168971', purpose: 'Оплата за запчасти' }),
          doc({ number: '75', amount: '12500.00', payerInn: '7707083893', purpose: 'Оплата по счету № 987655' }),
        ]),
      );
      expect(result.recorded).toEqual([]);
      expect(await paymentCount()).toBe(payments);
      expect(result.unmatched.map((entry) => [entry.line.number, entry.reason, entry.proposal])).toEqual([
        [
          '71',
          'no_bill_number',
          { bill_id: parts, client_id: ring.id, client_name: 'ООО «Кольцо»', inn: '7707083893' },
        ],
        [
          '72',
          'no_bill_number',
          { bill_id: parts + 1, client_id: ring.id, client_name: 'ООО «Кольцо»', inn: '7707083893' },
        ],
        // Two clients share that INN: nothing is certain enough to propose.
        ['74', 'no_bill_number', null],
        // A number that names no bill: the payer's proposal still helps.
        [
          '75',
          'bill_not_found',
          { bill_id: parts, client_id: ring.id, client_name: 'ООО «Кольцо»', inn: '7707083893' },
        ],
      ]);
      // No bill to propose, one client with the INN: the ledger's advance (issue 31), not an unmatched line.
      expect(result.advances.map((entry) => [entry.line.number, entry.client_id])).toEqual([['73', ring.id]]);

      // Staff confirm the proposal: the same hand-matching as any unmatched line.
      const confirmed = await callAdmin(app, 'statement-line-record', {
        cookie: manager,
        body: { bill_id: parts, line: result.unmatched[0]!.line },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await billOf(parts)).state).toBe('paid');
    });

    it('two imports of one statement at once record each payment once', async () => {
      const billIds = [await newBill('100.00'), await newBill('200.00'), await newBill('300.00')];
      const documents = billIds.map((id, index) =>
        doc({ number: `C${index}`, amount: `${(index + 1) * 100}.00`, purpose: `Оплата по счету № ${id}` }),
      );
      const results = await Promise.all([upload(documents), upload(documents), upload(documents)]);
      const recorded = results.map((response) => resultOf(response).recorded.length);
      expect(recorded.reduce((sum, n) => sum + n, 0)).toBe(3);
      for (const id of billIds) {
        expect(await paymentCount(id)).toBe(1);
        expect((await billOf(id)).state).toBe('paid');
      }
    });

    it('refuses a malformed file in Russian and writes nothing', async () => {
      const billId = await newBill('100.00');
      const before = await paymentCount();
      const audits = (await database.db.select({ total: count() }).from(auditLog))[0]!.total;
      const good = doc({ number: 'M1', amount: '100.00', purpose: `Оплата по счету № ${billId}` });
      const bad = doc({ number: 'M2', amount: '12.345', purpose: 'сч. 1' });
      const response = await upload([good, bad]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: expect.stringMatching(/^Файл выписки не прочитан\. Строка \d+: сумма «12\.345»/),
        error: { content_base64: [expect.any(String)] },
      });
      const notStatement = await callAdmin(app, 'statement-import', {
        cookie: manager,
        body: { content_base64: Buffer.from('hello').toString('base64') },
      });
      expect(notStatement.statusCode).toBe(422);
      expect((notStatement.json() as { message: string }).message).toContain('не выписка в формате 1С');
      const empty = await callAdmin(app, 'statement-import', { cookie: manager, body: { content_base64: '' } });
      expect(empty.json()).toMatchObject({ error: { content_base64: ['Выберите файл выписки'] } });
      expect(await paymentCount()).toBe(before);
      expect((await database.db.select({ total: count() }).from(auditLog))[0]!.total).toBe(audits);
      expect((await billOf(billId)).state).toBe('unpaid');
    });
  });

  describe('npm run admin -- bill-paid', () => {
    it('records the remaining amount through the same service (source cli), and --unpaid takes it back', async () => {
      const commands = await loadAdminCommands();
      const billId = await newBill('800.00');
      expect((await record({ bill_id: billId, amount: 300, date: today })).statusCode).toBe(200);
      const result = await runAdminInProcess(database, commands, ['bill-paid', '--bill', String(billId)]);
      expect(result.out).toMatch(/: Ждем оплаты -> Оплачен$/);
      const list = await callAdmin(app, 'payment-list', { cookie: manager, body: { bill_id: billId } });
      expect(
        (list.json() as { data: { data: Payment[] } }).data.data.map((payment) => [payment.amount, payment.source]),
      ).toEqual([
        [500, 'cli'],
        [300, 'manual'],
      ]);
      expect(await clientSees(billId)).toBe(true);
      const undo = await runAdminInProcess(database, commands, ['bill-paid', '--bill', String(billId), '--unpaid']);
      expect(undo.out).toMatch(/: Оплачен -> Ждем оплаты$/);
      expect(await billOf(billId)).toMatchObject({ state: 'partly_paid', paid_sum: 300, paid_at: null });
      const [row] = await database.db.select({ paid: bills.paid }).from(bills).where(eq(bills.id, billId));
      expect(row?.paid).toBe(false);
    });

    it('statement-import FILE through the CLI', async () => {
      const { writeFile, mkdtemp } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const path = await import('node:path');
      const commands = await loadAdminCommands();
      const billId = await newBill('450.00');
      const dir = await mkdtemp(path.join(tmpdir(), 'statement-'));
      const file = path.join(dir, 'kl_to_1c.txt');
      await writeFile(
        file,
        Buffer.from(
          statementBase64(
            [SHOP],
            [
              {
                number: 'CLI1',
                date: '20.11.2026',
                amount: '450.00',
                payerAccount: PAYER,
                receiverAccount: SHOP,
                purpose: `Оплата сч. ${billId}`,
              },
            ],
          ),
          'base64',
        ),
      );
      const result = await runAdminInProcess(database, commands, ['statement-import', file]);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toContain('записано: 1');
      expect(result.out).toContain(`-> счёт № ${billId}`);
      expect((await billOf(billId)).state).toBe('paid');
      const again = await runAdminInProcess(database, commands, ['statement-import', file]);
      expect(again.out).toContain('записано: 0; уже были записаны: 1');
      await writeFile(file, 'garbage');
      const bad = await runAdminInProcess(database, commands, ['statement-import', file]);
      expect(bad).toMatchObject({ code: 1, err: expect.stringContaining('Ничего не записано') });
    });
  });
});
