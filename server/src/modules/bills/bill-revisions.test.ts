import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints, type AdminOrder, type Bill } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { billRevisions, notifications, orderItems } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { openSession } from '../clients/sessions.ts';
import { placeOrder } from '../orders/checkout/place-order.ts';
import { markBillPaidFromCli } from '../payments/service.ts';
import { sendDueNotifications, type SendSettings } from '../notifications/sender.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { attachmentsOf, textBodyOf } from '../../../test/helpers/mail-message.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, TEST_REQUISITES, writeBillSettings, type TestClient } from '../../../test/fixtures/bills.ts';
import { createCheckoutScene, step2Input, step2Request, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { BILL_NOT_FOUND_MESSAGE } from './handlers.ts';

/**
 * Issue 26, point 2: a bill is a document. What it prints is frozen when it is issued, so a paid bill reads the
 * same whatever the owner saves later; canceling a line on an unpaid bill issues a new revision that says what
 * it replaces, the old one stays unchanged and downloadable, and the client is e-mailed the new PDF (through the
 * outbox, to a real SMTP server). Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */

const BUYER = 'buyer@example.ru';
const TIME_ZONE = 'Europe/Moscow';
/** What the owner saves later: other requisites (valid check digits) and VAT 22 %. */
const NEW_REQUISITES = {
  name: 'ООО «Новый продавец»',
  inn: '7707083893',
  kpp: '773601001',
  address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  settlement_account: '40702810500000001234',
  correspondent_account: '30101810400000000225',
};

/** Whitespace as one space: a PDF line break may fall anywhere in a long line. */
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('bills are documents: frozen when issued, revised by a cancel', () => {
  let database: Database;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let dataDir: string;
  let sendSettings: SendSettings;
  let owner: string;
  let stranger: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'detal-bill-revisions-'));
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeDeliveryMethods(database.db);
    // Issued «Без налога (НДС)» with the test requisites, as in the issue.
    await writeBillSettings(database.db, null);
    owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
    stranger = await insertClient(database.db, { firstName: 'Чужой', lastName: 'Клиент' });
    sendSettings = {
      mailer: createMailer({ smtpUrl: smtp.url, mailFrom: 'Деталь <shop@shop.example>', dataDir }),
      timeZone: TIME_ZONE,
      publicUrl: 'https://shop.example',
      staffEmailFallback: undefined,
      log: pino({ level: 'silent' }),
    };
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** An order of two lines through checkout step 2; the client's token and the order's lines and bill. */
  async function placeTwoLines() {
    const scene = await createCheckoutScene(database.db, [
      { price: '1234.50', stock: 5, inBasket: 2 },
      { price: '99.99', stock: 3, inBasket: 1 },
    ]);
    const { orderId } = await placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), null, {
      timeZone: TIME_ZONE,
    });
    const lines = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);
    const token = await openSession(database.db, scene.clientId, new Date());
    const [{ billId }] = (
      await database.db.execute<{ billId: number }>(sql`select id as "billId" from bills where order_id = ${orderId}`)
    ).rows as [{ billId: number }];
    return { orderId, billId, token, lineIds: lines.map((line) => line.id) };
  }

  const shop = (token: string, endpoint: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: SHOP_API_PREFIX + endpoint,
      payload,
      headers: { authorization: `Bearer ${token}` },
    });

  /** A client's download of a bill (the current revision, or `revision`). */
  async function download(token: string, billId: number, revision?: number) {
    const response = await shop(
      token,
      'client-bill-download-post',
      revision === undefined ? { billId } : { billId, revision },
    );
    expect(response.statusCode, response.body).toBe(200);
    return {
      bytes: response.rawPayload,
      text: await pdfText(response.rawPayload),
      name: response.headers['content-disposition'],
    };
  }

  const clientBill = async (token: string, billId: number): Promise<Bill> => {
    const response = await shop(token, 'client-bill-all-post', {});
    const { data } = shopEndpoints['client-bill-all-post'].response.parse(response.json());
    return data.data.find((bill) => bill.id === billId)!;
  };

  /** The e-mails the outbox sends now, to the real SMTP server; answers those received. */
  async function sendMail() {
    const since = smtp.received.length;
    await sendDueNotifications(database, { ...sendSettings, now: () => new Date() });
    return smtp.received.slice(since).filter((mail) => mail.to.includes(BUYER));
  }

  let paid: Awaited<ReturnType<typeof placeTwoLines>>;
  let paidBefore: { bytes: Buffer; text: string };

  it('a paid bill reads the same after the owner saved new requisites and VAT 22 %, byte for byte', async () => {
    paid = await placeTwoLines();
    paidBefore = await download(paid.token, paid.billId);
    expect(paidBefore.text).toContain(`Счёт на оплату № ${paid.billId} от `);
    expect(paidBefore.text).toContain('Без налога (НДС): —');
    expect(paidBefore.text).toContain(TEST_REQUISITES.settlement_account);
    await markBillPaidFromCli(database.db, paid.billId, new Date(), TIME_ZONE);

    const saved = await callAdmin(app, 'settings-save', {
      cookie: owner,
      body: { requisites: NEW_REQUISITES, vat: { rate: 22 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await download(paid.token, paid.billId);
    expect(after.text).toBe(paidBefore.text);
    expect(after.bytes.equals(paidBefore.bytes)).toBe(true);
    expect(after.text).not.toContain(NEW_REQUISITES.name);
    expect(after.text).not.toContain('НДС 22');
    // How to pay it: what the bill says, not today's settings.
    const payment = await shop(paid.token, 'client-bill-payment-post', { billId: paid.billId });
    expect(payment.json().data).toMatchObject({ requisites: TEST_REQUISITES, vat_rate: null });
    expect(payment.json().data.bill.qr_payload).toContain(`PersonalAcc=${TEST_REQUISITES.settlement_account}`);

    // A cancel on a paid bill leaves it alone: no revision, no e-mail with a bill; the refund is the shop's.
    const canceled = await callAdmin(app, 'order-line-cancel', { cookie: owner, body: { line_id: paid.lineIds[1] } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((canceled.json().data.order as AdminOrder).bill!.revisions.map((item) => item.revision)).toEqual([0]);
    expect((canceled.json().data.order as AdminOrder).refund_due).toBe(99.99);
    expect((await download(paid.token, paid.billId)).bytes.equals(paidBefore.bytes)).toBe(true);
  });

  it('canceling a line on an unpaid bill issues revision 1 and e-mails its PDF; revision 0 stays as it was', async () => {
    const order = await placeTwoLines();
    const first = await download(order.token, order.billId);
    // Issued after the owner's save: the new seller and VAT 22 %. 1234.50 × 2 + 99.99 + 350 courier = 2918.99.
    expect(first.text).toContain(NEW_REQUISITES.name);
    expect(first.text).toContain('Итого: 2 918,99');
    expect(first.text).toContain('В том числе НДС 22%: 526,38');
    expect(first.text).toContain('Две тысячи девятьсот восемнадцать рублей 99 копеек');

    // The order's e-mail carries revision 0, and its text layer reads exactly as the download.
    const placedMails = await sendMail();
    const placedPdfs = placedMails.flatMap((mail) => attachmentsOf(mail.raw));
    expect(placedPdfs.map((file) => file.filename)).toContain(`schet-${order.billId}.pdf`);
    const placedPdf = placedPdfs.find((file) => file.filename === `schet-${order.billId}.pdf`)!;
    expect(await pdfText(placedPdf.content)).toBe(first.text);

    const canceled = await callAdmin(app, 'order-line-cancel', { cookie: owner, body: { line_id: order.lineIds[1] } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const bill = (canceled.json().data.order as AdminOrder).bill!;
    expect(bill).toMatchObject({ id: order.billId, price_sum: 2819, paid: false });
    expect(bill.revisions.map((item) => [item.revision, item.price_sum])).toEqual([
      [0, 2918.99],
      [1, 2819],
    ]);

    // The client's /bills: the current revision, and the earlier one listed.
    const listed = await clientBill(order.token, order.billId);
    expect(listed).toMatchObject({ price_sum: 2819, revision: 1 });
    expect(listed.revisions.map((item) => [item.revision, item.price_sum])).toEqual([
      [0, 2918.99],
      [1, 2819],
    ]);

    const current = await download(order.token, order.billId);
    expect(current.name).toBe(`attachment; filename="schet-${order.billId}-izm-1.pdf"`);
    const text = squash(current.text);
    const firstDate = /Счёт на оплату № \d+ от (\d\d\.\d\d\.\d{4})/.exec(first.text)![1]!;
    expect(text).toMatch(new RegExp(`Счёт на оплату № ${order.billId} от \\d\\d\\.\\d\\d\\.\\d{4} \\(изм\\. 1\\)`));
    expect(text).toContain(`Заменяет счёт на оплату № ${order.billId} от ${firstDate} на сумму 2 918,99 руб.`);
    expect(text).toContain('Итого: 2 819,00');
    expect(text).toContain('В том числе НДС 22%: 508,34');
    expect(text).toContain('Всего наименований 2, на сумму 2 819,00 руб.');
    expect(text).toContain('Две тысячи восемьсот девятнадцать рублей 00 копеек');
    expect(text).not.toContain('99,99');

    // Revision 0, unchanged: the same text and the same bytes as when it was issued.
    const old = await download(order.token, order.billId, 0);
    expect(old.name).toBe(`attachment; filename="schet-${order.billId}.pdf"`);
    expect(old.text).toBe(first.text);
    expect(old.bytes.equals(first.bytes)).toBe(true);

    // The client is e-mailed the new revision's PDF, which reads exactly as the download.
    const revisedMails = await sendMail();
    const revised = revisedMails.find((mail) => attachmentsOf(mail.raw).length > 0)!;
    const body = squash(textBodyOf(revised.raw).replace(/\u00A0/g, ' '));
    expect(body).toContain(
      `отменена позиция, поэтому мы выставили новую редакцию счёта: «Счёт на оплату № ${order.billId} от `,
    );
    expect(body).toContain('(изм. 1)» на сумму 2 819,00 ₽. Она во вложении (PDF).');
    expect(body).toContain(`Заменяет счёт на оплату № ${order.billId} от ${firstDate} на сумму 2 918,99 руб.`);
    const [attached] = attachmentsOf(revised.raw);
    expect(attached!.filename).toBe(`schet-${order.billId}-izm-1.pdf`);
    expect(await pdfText(attached!.content)).toBe(current.text);
    const rows = await database.db.select().from(notifications).where(eq(notifications.billId, order.billId));
    expect(rows.filter((row) => row.kind === 'bill_revised')).toMatchObject([{ payload: { revision: 1 } }]);

    // The back office downloads either revision too.
    const staffCopy = await callAdmin(app, 'bill-download', {
      cookie: owner,
      body: { bill_id: order.billId, revision: 0 },
    });
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.rawPayload.equals(first.bytes)).toBe(true);

    // Another client's bill answers 404, whichever revision; so does a revision that was never issued.
    for (const revision of [undefined, 0, 1]) {
      const response = await shop(stranger.token, 'client-bill-download-post', {
        billId: order.billId,
        ...(revision === undefined ? {} : { revision }),
      });
      expect(response.statusCode, `revision ${revision}`).toBe(404);
      expect(response.json()).toEqual({ message: BILL_NOT_FOUND_MESSAGE, error: 'not_found' });
    }
    expect(
      (await shop(order.token, 'client-bill-download-post', { billId: order.billId, revision: 2 })).statusCode,
    ).toBe(404);
    const bad = await shop(order.token, 'client-bill-download-post', { billId: order.billId, revision: -1 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toHaveProperty('revision');
  });

  it('an issued revision cannot be changed, even by SQL', async () => {
    await expect(
      database.db.update(billRevisions).set({ priceSum: '1.00' }).where(eq(billRevisions.revision, 0)),
    ).rejects.toThrow();
  });
});
