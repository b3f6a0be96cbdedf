import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints, type Bill } from '@detal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { writeShopSetting } from '../../db/shop-settings.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { pdfPages } from '../../../test/helpers/pdf-text.ts';
import { BILL_NOT_FOUND_MESSAGE } from './handlers.ts';
import {
  insertClient,
  insertOrderWithBill,
  testLines,
  TEST_REQUISITES,
  writeBillSettings,
  type TestClient,
} from '../../../test/fixtures/bills.ts';

/** Words a PDF line break may have split are joined again: compare texts with all whitespace as one space. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

const notFoundBody = { message: BILL_NOT_FOUND_MESSAGE, error: 'not_found' };

describe('bills API', () => {
  let database: Database;
  let app: FastifyInstance;
  let alice: TestClient;
  let bob: TestClient;
  /** Alice's bills, oldest first. */
  const aliceBills: Array<{ billId: number; orderId: number; totalKopecks: number; at: Date; paid: boolean }> = [];
  let bobBillId: number;
  let longBillId: number;

  const post = (client: TestClient | null, path: string, payload: unknown = {}) =>
    app.inject({
      method: 'POST',
      url: SHOP_API_PREFIX + path,
      payload: payload as object,
      headers: client ? { authorization: `Bearer ${client.token}` } : {},
    });

  const listBills = async (client: TestClient, payload: unknown = {}, page?: number) => {
    const response = await post(client, `client-bill-all-post${page === undefined ? '' : `?page=${page}`}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    const body = shopEndpoints['client-bill-all-post'].response.parse(response.json());
    return body.data;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await writeBillSettings(db, 20);
    alice = await insertClient(db, { companyName: 'ООО «Ромашка»' });
    bob = await insertClient(db, { firstName: 'Борис', lastName: 'Сидоров' });
    // Five bills on five Moscow days; the 2nd and 4th paid. 21:30 UTC is already the next day in Moscow.
    const days = [
      '2025-03-01T09:00:00Z',
      '2025-03-01T21:30:00Z',
      '2025-03-03T12:00:00Z',
      '2025-03-05T20:59:00Z',
      '2025-03-07T08:00:00Z',
    ];
    for (const [index, day] of days.entries()) {
      const at = new Date(day);
      const paid = index % 2 === 1;
      const lines =
        index === 0
          ? [{ article: 'OC90', brandName: 'KNECHT', description: 'Фильтр масляный', price: '442.25', quantity: 2 }]
          : testLines(index + 1);
      const created = await insertOrderWithBill(db, {
        clientId: alice.id,
        lines,
        deliveryPrice: index === 0 ? '350.00' : '0.00',
        companyName: 'ООО «Ромашка»',
        at,
        paid,
      });
      aliceBills.push({ ...created, at, paid });
    }
    ({ billId: bobBillId } = await insertOrderWithBill(db, {
      clientId: bob.id,
      lines: testLines(2),
      at: new Date('2025-03-02T10:00:00Z'),
    }));
    ({ billId: longBillId } = await insertOrderWithBill(db, {
      clientId: bob.id,
      lines: testLines(60),
      deliveryPrice: '600.00',
      deliveryMethodName: 'Транспортная компания',
      at: new Date('2025-03-04T10:00:00Z'),
    }));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }, { webBuildDir: null });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('client-bill-all-post', () => {
    it("lists only the client's own bills, newest first, in the contract's shape", async () => {
      const page = await listBills(alice);
      expect(page.total).toBe(5);
      expect(page.current_page).toBe(1);
      expect(page.last_page).toBe(1);
      expect(page.per_page).toBe(20);
      const newestFirst = [...aliceBills].reverse();
      expect(page.data).toEqual(
        newestFirst.map((bill): Bill => ({
          id: bill.billId,
          created_at: bill.at.toISOString(),
          date_bill: bill.at.toISOString(),
          clients_shops_orders_id: bill.orderId,
          price_sum: bill.totalKopecks / 100,
          paid: bill.paid,
          // Written straight into the table, as bills were before revisions: issued at their first print.
          revision: 0,
          revisions: [],
        })),
      );
      // 442.25 × 2 + 350 delivery, exactly
      expect(page.data.at(-1)!.price_sum).toBe(1234.5);
      const bobs = await listBills(bob);
      expect(bobs.data.map((bill) => bill.id).sort()).toEqual([bobBillId, longBillId].sort());
    });

    it('pages through ?page= with per_page, past the end empty, per_page capped at 100', async () => {
      const ids = [...aliceBills].reverse().map((bill) => bill.billId);
      const first = await listBills(alice, { per_page: 2 }, 1);
      const third = await listBills(alice, { per_page: 2 }, 3);
      const beyond = await listBills(alice, { per_page: 2 }, 4);
      expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
      expect(first.data.map((bill) => bill.id)).toEqual(ids.slice(0, 2));
      expect(third.data.map((bill) => bill.id)).toEqual(ids.slice(4));
      expect(beyond).toMatchObject({ current_page: 4, last_page: 3, total: 5, data: [] });
      expect((await listBills(alice, { per_page: 500 })).per_page).toBe(100);
      expect((await post(alice, 'client-bill-all-post?page=0')).statusCode).toBe(422);
      expect((await post(alice, 'client-bill-all-post', { per_page: 0 })).statusCode).toBe(422);
    });

    it("filters by paid and by calendar days in the shop's time zone, both ends included", async () => {
      const ids = (bills: Array<{ id: number }>) => bills.map((bill) => bill.id);
      const [b1, b2, b3, b4, b5] = aliceBills.map((bill) => bill.billId);
      expect(ids((await listBills(alice, { paid: true })).data)).toEqual([b4, b2]);
      expect(ids((await listBills(alice, { paid: false })).data)).toEqual([b5, b3, b1]);
      // 2025-03-01T21:30Z is 2 March in Moscow; 2025-03-05T20:59Z is still 5 March there.
      expect(ids((await listBills(alice, { date_from: '2025-03-02' })).data)).toEqual([b5, b4, b3, b2]);
      expect(ids((await listBills(alice, { date_to: '2025-03-01' })).data)).toEqual([b1]);
      expect(ids((await listBills(alice, { date_from: '2025-03-02', date_to: '2025-03-05' })).data)).toEqual([
        b4,
        b3,
        b2,
      ]);
      expect(
        ids((await listBills(alice, { date_from: '2025-03-02', date_to: '2025-03-05', paid: false })).data),
      ).toEqual([b3]);
      expect((await listBills(alice, { date_from: '2025-03-02', date_to: '2025-03-05', per_page: 1 })).total).toBe(3);
      const reversed = await post(alice, 'client-bill-all-post', { date_from: '2025-03-05', date_to: '2025-03-02' });
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().error).toHaveProperty('date_to');
    });

    it('answers 401 without a session', async () => {
      expect((await post(null, 'client-bill-all-post')).statusCode).toBe(401);
    });
  });

  describe('client-bill-download-post', () => {
    it('answers a PDF of the bill with every requisite, the total and the amount in words, Cyrillic intact', async () => {
      const { billId, orderId } = aliceBills[0]!;
      const response = await post(alice, 'client-bill-download-post', { billId });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="schet-${billId}.pdf"`);
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const pages = await pdfPages(bytes);
      expect(pages).toHaveLength(1);
      const text = squash(pages[0]!);
      expect(text).toContain(`Счёт на оплату № ${billId} от 01.03.2025`);
      for (const requisite of Object.values(TEST_REQUISITES)) expect(text).toContain(requisite);
      expect(text).toContain('Банк получателя');
      expect(text).toContain('ООО «Ромашка», тел. +79991234567');
      expect(text).toContain(`Заказ № ${orderId}`);
      expect(text).toContain('KNECHT OC90 Фильтр масляный');
      expect(text).toContain('Доставка: Курьер по Москве');
      expect(text).toContain('Итого: 1 234,50');
      // 1234.50 × 20 / 120 = 205.75
      expect(text).toContain('В том числе НДС 20%: 205,75');
      expect(text).toContain('Всего к оплате: 1 234,50');
      expect(text).toContain('Всего наименований 2, на сумму 1 234,50 руб.');
      expect(text).toContain('Одна тысяча двести тридцать четыре рубля 50 копеек');
      expect(text).toContain('Оплатить не позднее 06.03.2025');
      expect(text).toContain('Руководитель');
      expect(text).toContain('Бухгалтер');
    });

    it('prints "Без налога (НДС)" on a bill issued without VAT, and keeps it after the shop sets a rate', async () => {
      const carol = await insertClient(database.db);
      const { billId } = await insertOrderWithBill(database.db, { clientId: carol.id, lines: testLines(1) });
      await writeShopSetting(database.db, 'vat', { rate: null });
      try {
        const response = await post(carol, 'client-bill-download-post', { billId });
        const text = squash((await pdfPages(response.rawPayload)).join(' '));
        expect(text).toContain('Без налога (НДС): —');
        expect(text).not.toContain('В том числе НДС');
      } finally {
        await writeShopSetting(database.db, 'vat', { rate: 20 });
      }
      // Issued at its first print (a bill from before revisions): the rate saved since changes nothing.
      const again = await post(carol, 'client-bill-download-post', { billId });
      expect(squash((await pdfPages(again.rawPayload)).join(' '))).toContain('Без налога (НДС): —');
    });

    it('flows a 60-line order onto further pages with the table header repeated', async () => {
      const response = await post(bob, 'client-bill-download-post', { billId: longBillId });
      expect(response.statusCode).toBe(200);
      const pages = (await pdfPages(response.rawPayload)).map(squash);
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) expect(page).toContain('№ Товары (работы, услуги) Кол-во Ед. Цена Сумма');
      expect(pages[0]).toContain('TST001');
      expect(pages.at(-1)).toContain('TST060');
      expect(pages.at(-1)).toContain('Доставка: Транспортная компания');
      expect(pages.at(-1)).toContain('Всего наименований 61');
      expect(pages[1]).toContain(`страница 2 из ${pages.length}`);
      // Every line is printed exactly once across the pages.
      const all = pages.join(' ');
      for (let line = 1; line <= 60; line += 1) {
        expect(all.split(`TST${String(line).padStart(3, '0')} `).length - 1, `line ${line}`).toBe(1);
      }
    });

    it("answers 404 alike for another client's bill and a missing one", async () => {
      for (const billId of [bobBillId, 999_999]) {
        const response = await post(alice, 'client-bill-download-post', { billId });
        expect(response.statusCode, String(billId)).toBe(404);
        expect(response.json()).toEqual(notFoundBody);
      }
      // An id no integer column can hold is refused as input, naming the field (issue 16).
      const beyondAnyId = await post(alice, 'client-bill-download-post', { billId: 2 ** 40 });
      expect(beyondAnyId.statusCode).toBe(422);
      expect(beyondAnyId.json().error).toHaveProperty('billId');
      expect((await post(alice, 'client-bill-download-post', { billId: 'x' })).statusCode).toBe(422);
      expect((await post(null, 'client-bill-download-post', { billId: bobBillId })).statusCode).toBe(401);
    });
  });

  describe('client-bill-summary-post', () => {
    it('counts and sums all, paid and awaiting bills of the client only', async () => {
      const response = await post(alice, 'client-bill-summary-post');
      expect(response.statusCode).toBe(200);
      const { data } = shopEndpoints['client-bill-summary-post'].response.parse(response.json());
      const sum = (list: typeof aliceBills) => list.reduce((total, bill) => total + bill.totalKopecks, 0) / 100;
      expect(data).toEqual({
        total: { count: 5, sum: sum(aliceBills) },
        paid: { count: 2, sum: sum(aliceBills.filter((bill) => bill.paid)) },
        awaiting: { count: 3, sum: sum(aliceBills.filter((bill) => !bill.paid)) },
      });
      const empty = await insertClient(database.db);
      expect((await post(empty, 'client-bill-summary-post')).json()).toEqual({
        data: { total: { count: 0, sum: 0 }, paid: { count: 0, sum: 0 }, awaiting: { count: 0, sum: 0 } },
      });
    });
  });

  describe('client-bill-payment-post', () => {
    it('answers the requisites alone without a bill', async () => {
      const response = await post(alice, 'client-bill-payment-post', {});
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { requisites: TEST_REQUISITES, vat_rate: 20, payment_term_days: 5, bill: null },
      });
    });

    it("answers a bill's purpose, deadline and QR code", async () => {
      const { billId, totalKopecks } = aliceBills[0]!;
      const response = await post(alice, 'client-bill-payment-post', { billId });
      expect(response.statusCode).toBe(200);
      const { data } = shopEndpoints['client-bill-payment-post'].response.parse(response.json());
      expect(data.bill).toMatchObject({
        id: billId,
        price_sum: 1234.5,
        purpose: `Оплата по счёту № ${billId} от 01.03.2025`,
        pay_until: '2025-03-06',
      });
      expect(data.bill!.qr_payload).toBe(
        `ST00012|Name=${TEST_REQUISITES.name}|PersonalAcc=${TEST_REQUISITES.settlement_account}` +
          `|BankName=${TEST_REQUISITES.bank_name}|BIC=${TEST_REQUISITES.bik}` +
          `|CorrespAcc=${TEST_REQUISITES.correspondent_account}|PayeeINN=${TEST_REQUISITES.inn}` +
          `|KPP=${TEST_REQUISITES.kpp}|Sum=${totalKopecks}|Purpose=Оплата по счёту № ${billId} от 01.03.2025`,
      );
      expect(data.bill!.qr_svg).toMatch(/^<svg /);
    });

    it("answers 404 for another client's bill", async () => {
      const response = await post(alice, 'client-bill-payment-post', { billId: bobBillId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFoundBody);
    });
  });
});
