import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles, kopecksToDecimal, ORDER_STATUS_NAMES, orderLabel, toKopecks } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { writeShopSetting } from '../../db/shop-settings.ts';
import { clients, notifications, staff } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestDatabase, testDriver } from '../../../test/helpers/db.ts';
import { createTestStaff } from '../../../test/helpers/staff.ts';
import { attachmentsOf, headerOf, htmlBodyOf, subjectOf, textBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { writeBillSettings } from '../../../test/fixtures/bills.ts';
import { createCheckoutScene, step2Input, step2Request, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { markBillPaidFromCli } from '../payments/service.ts';
import { clientCancelLine } from '../returns/cancels.ts';
import { placeOrder } from '../orders/checkout/place-order.ts';
import { findOrderOfAnyClient } from '../orders/queries.ts';
import { setOrderStatus } from '../orders/order-status.ts';
import { notificationMessageId, renderTemplates } from './render.ts';
import { MAX_ATTEMPTS, retryDelayMs, sendDueNotifications, type SendSettings } from './sender.ts';
import { STATUS_EMAIL_DELAY_MS } from './outbox.ts';

const PUBLIC_URL = 'https://shop.example';
const STAFF = 'orders@shop.example';
const BUYER = 'buyer@example.ru';

let database: Database;
let smtp: TestSmtpServer;
let dataDir: string;
let settings: SendSettings;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'detal-notifications-'));
  database = await createTestDatabase();
  await writeDeliveryMethods(database.db);
  await writeBillSettings(database.db, 20);
  await writeShopSetting(database.db, 'staff_notification_email', { email: STAFF });
  settings = {
    mailer: createMailer({ smtpUrl: smtp.url, mailFrom: 'Деталь <shop@shop.example>', dataDir }),
    timeZone: 'Europe/Moscow',
    publicUrl: PUBLIC_URL,
    staffEmailFallback: undefined,
    log: logger,
  };
});

afterAll(async () => {
  await database?.close();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends what is due at `now` (default: the real time), as the job does. */
const sendDue = (now = new Date()) => sendDueNotifications(database, { ...settings, now: () => now });
const inAMinute = () => new Date(Date.now() + STATUS_EMAIL_DELAY_MS + 1_000);

/** A client's order of three lines, placed through checkout step 2. */
async function placeAnOrder(comment = 'Позвонить за час') {
  const scene = await createCheckoutScene(database.db, [
    { price: '1234.50', stock: 5, inBasket: 2 },
    { price: '99.99', stock: 3, inBasket: 1 },
    { price: '10.00', stock: 10, inBasket: 3 },
  ]);
  const { orderId } = await placeOrder(
    database.db,
    scene.clientId,
    step2Request({ ...step2Input(scene), comment }),
    null,
    { timeZone: 'Europe/Moscow' },
  );
  const order = (await findOrderOfAnyClient(database.db, orderId))!;
  return { scene, orderId, order, billId: order.bill_id!, lineIds: order.items.map((line) => line.id) };
}

const mailsWithId = (messageId: string) =>
  smtp.received.filter((mail) => headerOf(mail.raw, 'message-id') === messageId);

const rowsOf = (orderId: number) =>
  database.db.select().from(notifications).where(eq(notifications.orderId, orderId)).orderBy(notifications.id);

/** Every message received since `since` about order `orderId`, by the order's label in the subject or body. */
const mailsAbout = (orderId: number, since: number): ReceivedMail[] =>
  smtp.received.slice(since).filter((mail) => new RegExp(`${orderLabel(orderId)}(?!\\d)`).test(textBodyOf(mail.raw)));

describe('order placed: the client’s e-mail with the bill, and the staff’s', () => {
  it('writes both in the checkout’s transaction and sends each once, the client’s with the bill PDF', async () => {
    const since = smtp.received.length;
    const { orderId, billId, scene } = await placeAnOrder('<b>Срочно</b> & «быстро»');
    const rows = await rowsOf(orderId);
    expect(rows.map((row) => [row.kind, row.recipient, row.sentAt])).toEqual([
      ['order_placed', BUYER, null],
      ['staff_new_order', null, null],
    ]);

    expect(await sendDue()).toMatchObject({ sent: 2, retried: 0, failed: 0 });
    const client = await smtp.waitForMail(BUYER, since);
    const staff = await smtp.waitForMail(STAFF, since);

    expect(headerOf(client.raw, 'message-id')).toBe(notificationMessageId(rows[0]!.id, PUBLIC_URL));
    const text = textBodyOf(client.raw);
    expect(text).toContain(`${orderLabel(orderId)} от `);
    expect(text).toContain('принят. Мы проверим наличие и сроки у поставщиков');
    expect(text).toContain('Итого к оплате: ');
    expect(text).toContain(`Счёт № ${billId} на оплату во вложении (PDF)`);
    expect(text).toContain(`${PUBLIC_URL}/orders/${orderId}`);
    const html = htmlBodyOf(client.raw);
    expect(html).toContain('принят. Мы проверим наличие и сроки у поставщиков');
    expect(html).toContain(`Счёт № ${billId} на оплату во вложении (PDF)`);
    const [pdf, ...others] = attachmentsOf(client.raw);
    expect(others).toEqual([]);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`schet-${billId}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const staffText = textBodyOf(staff.raw);
    expect(staffText).toContain(`${orderLabel(orderId)} от `);
    expect(staffText).toContain('Клиент: Петров Иван, ООО «Ромашка»');
    expect(staffText).toContain('Телефон: +79991234567');
    // The text is as typed; the HTML escapes it.
    expect(staffText).toContain('Комментарий: <b>Срочно</b> & «быстро»');
    const staffHtml = htmlBodyOf(staff.raw);
    expect(staffHtml).toContain('Комментарий: &lt;b&gt;Срочно&lt;&#x2F;b&gt; &amp; «быстро»');
    expect(staffHtml).not.toContain('<b>Срочно</b>');
    expect(headerOf(staff.raw, 'subject')).toBeDefined();

    // Sent and marked: nothing goes twice.
    expect(await sendDue(inAMinute())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.slice(since)).toHaveLength(2);
    expect((await rowsOf(orderId)).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    expect(scene.clientId).toBeGreaterThan(0);
  });

  it('writes nothing when the checkout’s transaction fails after the order row, and nothing for a repeat', async () => {
    const scene = await createCheckoutScene(database.db, [{ price: '100.00', stock: 5, inBasket: 1 }]);
    const before = await database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const failing = placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), 'key-1', {
      timeZone: 'Europe/Moscow',
      hooks: {
        afterOrderRow: () => {
          throw new Error('crash inside the transaction');
        },
      },
    });
    await expect(failing).rejects.toThrow('crash inside the transaction');
    const afterFailure = await database.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(afterFailure[0]!.n).toBe(before[0]!.n);

    const request = step2Request(step2Input(scene));
    const first = await placeOrder(database.db, scene.clientId, request, 'key-2', { timeZone: 'Europe/Moscow' });
    const repeat = await placeOrder(database.db, scene.clientId, request, 'key-2', { timeZone: 'Europe/Moscow' });
    expect(repeat).toEqual({ orderId: first.orderId, created: false });
    expect((await rowsOf(first.orderId)).map((row) => row.kind)).toEqual(['order_placed', 'staff_new_order']);
    await sendDue();
  });

  it('sends the staff’s e-mail to STAFF_NOTIFICATION_EMAIL without the shop setting, else to the owner (issue 26, point 8)', async () => {
    await database.db.execute(sql`delete from shop_settings where key = 'staff_notification_email'`);
    try {
      const since = smtp.received.length;
      const { orderId } = await placeAnOrder();
      await sendDueNotifications(database, { ...settings, staffEmailFallback: 'fallback@shop.example' });
      expect(textBodyOf((await smtp.waitForMail('fallback@shop.example', since)).raw)).toContain(orderLabel(orderId));

      // A shop without an owner has nowhere to send it: given up, with the reason.
      const second = await placeAnOrder();
      expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 1 });
      const staffRow = (await rowsOf(second.orderId)).find((row) => row.kind === 'staff_new_order')!;
      expect(staffRow.failedAt).not.toBeNull();
      expect(staffRow.lastError).toContain('no owner');

      // With neither set, the first owner who can sign in gets it (not a blocked one, not a manager), with a link
      // to the order in the back office.
      const blocked = await createTestStaff(database.db, 'owner', new Date('2026-01-01T00:00:00Z'));
      await database.db.update(staff).set({ blockedAt: new Date() }).where(eq(staff.id, blocked.member.id));
      await createTestStaff(database.db, 'manager', new Date('2026-01-02T00:00:00Z'));
      const owner = await createTestStaff(database.db, 'owner', new Date('2026-01-03T00:00:00Z'));
      await createTestStaff(database.db, 'owner', new Date('2026-01-04T00:00:00Z'));
      const third = await placeAnOrder();
      const sinceOwner = smtp.received.length;
      expect(await sendDue()).toEqual({ sent: 2, retried: 0, failed: 0 });
      const mail = await smtp.waitForMail(owner.email, sinceOwner);
      expect(mailsAbout(third.orderId, sinceOwner).map((received) => received.to)).toEqual([[BUYER], [owner.email]]);
      expect(headerOf(mail.raw, 'subject')).toBeDefined();
      expect(textBodyOf(mail.raw)).toContain(`${PUBLIC_URL}/admin/orders/${third.orderId}`);
      // Mustache escapes «/» in HTML as &#x2F;, which a mail program reads back as «/».
      expect(htmlBodyOf(mail.raw).replaceAll('&#x2F;', '/')).toContain(
        `<a href="${PUBLIC_URL}/admin/orders/${third.orderId}">Открыть заказ в бэк-офисе</a>`,
      );
    } finally {
      await writeShopSetting(database.db, 'staff_notification_email', { email: STAFF });
    }
  });
});

describe('line status changes', () => {
  it('gathers the changes of one order within a minute into one e-mail, due a minute after the first', async () => {
    const { orderId, lineIds, order } = await placeAnOrder();
    await sendDue();
    const since = smtp.received.length;

    await setOrderStatus(database.db, { orderId, lineId: lineIds[0]! }, 'in_work');
    await setOrderStatus(database.db, { orderId, lineId: lineIds[1]! }, 'in_work');
    await setOrderStatus(database.db, { orderId, lineId: lineIds[0]! }, 'ready');
    // The same status again is no change.
    await setOrderStatus(database.db, { orderId, lineId: lineIds[2]! }, 'new');
    const pending = (await rowsOf(orderId)).filter((row) => row.kind === 'lines_status_changed');
    expect(pending).toHaveLength(1);
    const waited = pending[0]!.dueAt.getTime() - pending[0]!.createdAt.getTime();
    expect(waited).toBe(STATUS_EMAIL_DELAY_MS);

    // Not before its minute is up.
    expect(await sendDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await sendDue(inAMinute())).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.waitForMail(BUYER, since);
    expect(smtp.received.slice(since)).toHaveLength(1);
    const first = order.items[0]!;
    const second = order.items[1]!;
    const text = textBodyOf(mail.raw);
    expect(text).toContain('В заказе изменились статусы:');
    // One entry a line, from where it stood to where it stands now: the first line's step through «В работе» is
    // not listed on its own.
    const listed = text.split('\n').filter((line) => line.startsWith('- '));
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain(`${first.brand_name} ${first.article}`);
    expect(listed[0]).toContain(`${ORDER_STATUS_NAMES.new} → ${ORDER_STATUS_NAMES.ready}`);
    expect(listed[1]).toContain(`${second.brand_name} ${second.article}`);
    expect(listed[1]).toContain(`${ORDER_STATUS_NAMES.new} → ${ORDER_STATUS_NAMES.in_work}`);
    expect(text).not.toContain(`${ORDER_STATUS_NAMES.in_work} → ${ORDER_STATUS_NAMES.ready}`);
    expect(text).toContain(`${PUBLIC_URL}/account`);
    const html = htmlBodyOf(mail.raw);
    expect(html.match(/<li>/g)).toHaveLength(2);
    expect(html).toContain(`<b>${ORDER_STATUS_NAMES.ready}</b>`);
    expect(html).toContain('Такие письма можно отключить');

    // A change after the e-mail went opens the next one.
    await setOrderStatus(database.db, { orderId, lineId: lineIds[2]! }, 'canceled');
    const rows = (await rowsOf(orderId)).filter((row) => row.kind === 'lines_status_changed');
    expect(rows.map((row) => row.sentAt === null)).toEqual([false, true]);
    await sendDue(inAMinute());
  });

  it('sends none to a client who turned them off; the order and payment e-mails still go', async () => {
    const { orderId, lineIds, billId, scene } = await placeAnOrder();
    await database.db.update(clients).set({ notifyStatusEmails: false }).where(eq(clients.id, scene.clientId));
    await setOrderStatus(database.db, { orderId, lineId: lineIds[0]! }, 'in_work');
    await setOrderStatus(database.db, { orderId }, 'in_work');
    await markBillPaidFromCli(database.db, billId, new Date(), 'Europe/Moscow');
    expect((await rowsOf(orderId)).map((row) => row.kind)).toEqual([
      'order_placed',
      'staff_new_order',
      'payment_recorded',
    ]);
    const since = smtp.received.length;
    await sendDue(inAMinute());
    expect(mailsAbout(orderId, since).map((mail) => mail.to)).toEqual([[BUYER], [STAFF], [BUYER]]);
  });
});

describe('payment recorded', () => {
  it('e-mails the client when the bill is marked paid (CLI bill-paid), once', async () => {
    const { orderId, billId, order } = await placeAnOrder();
    await sendDue();
    const since = smtp.received.length;
    await markBillPaidFromCli(database.db, billId, new Date(), 'Europe/Moscow');
    // Marked paid again: no new payment.
    await markBillPaidFromCli(database.db, billId, new Date(), 'Europe/Moscow');
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.waitForMail(BUYER, since);
    const text = textBodyOf(mail.raw);
    expect(headerOf(mail.raw, 'subject')).toBeDefined();
    expect(text).toContain(`Мы получили оплату`);
    expect(text).toContain(`по счёту № ${billId} (${orderLabel(orderId)}`);
    expect(text).toContain('Счёт оплачен полностью. Спасибо!');
    const html = htmlBodyOf(mail.raw);
    expect(html).toContain('Счёт оплачен полностью. Спасибо!');
    expect(html).toContain('Мы получили оплату');
    const row = (await rowsOf(orderId)).find((candidate) => candidate.kind === 'payment_recorded')!;
    expect(row.payload).toEqual({ amount: kopecksToDecimal(toKopecks(order.total_price)) });
    expect(text).toContain(`Мы получили оплату ${formatRoubles(order.total_price)}`);
  });
});

describe('a cancel request or a return: each step told', () => {
  it('e-mails the order’s address what happened to its request, with the way to its «Возвраты»', async () => {
    const { orderId, lineIds, scene } = await placeAnOrder();
    await setOrderStatus(database.db, { orderId, lineId: lineIds[0]! }, 'ordered');
    await sendDue(inAMinute());
    const since = smtp.received.length;
    // Ordered from a supplier: the client's cancel becomes a request for a manager (issue 32, point 1).
    const asked = await clientCancelLine(
      database.db,
      scene.clientId,
      { order_item_id: lineIds[0]!, comment: 'Передумал' },
      { at: new Date(), timeZone: 'Europe/Moscow' },
    );
    expect(asked.canceled).toBe(false);
    expect(await sendDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const mail = await smtp.waitForMail(BUYER, since);
    expect(subjectOf(mail.raw)).toMatch(new RegExp(`^${orderLabel(orderId)}: запрос на отмену получен — \\S`));
    const text = textBodyOf(mail.raw);
    expect(text).toContain('Мы получили ваш запрос на отмену позиции');
    expect(text).toContain('отмену подтвердит менеджер');
    expect(text).toContain(`${settings.publicUrl}/returns`);
    expect(htmlBodyOf(mail.raw)).toContain('Мы получили ваш запрос на отмену позиции');
  });
});

describe('a failing SMTP server', () => {
  it('is retried with growing delays; once it takes the message, it is sent once', async () => {
    const { orderId } = await placeAnOrder();
    const since = smtp.received.length;
    const [row] = await rowsOf(orderId);
    const messageId = notificationMessageId(row!.id, PUBLIC_URL);
    smtp.refuse(true);
    try {
      const start = new Date();
      expect(await sendDue(start)).toEqual({ sent: 0, retried: 2, failed: 0 });
      let [stored] = await rowsOf(orderId);
      expect(stored).toMatchObject({ attempts: 1, sentAt: null, claimedAt: null });
      expect(stored!.lastError).toMatch(/451|Try again later/);
      expect(stored!.dueAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

      // Not again before its delay; then a second failure waits twice as long.
      expect(await sendDue(new Date(start.getTime() + retryDelayMs(1) - 1_000))).toMatchObject({ retried: 0 });
      const second = new Date(start.getTime() + retryDelayMs(1));
      expect(await sendDue(second)).toMatchObject({ sent: 0, retried: 2 });
      [stored] = await rowsOf(orderId);
      expect(stored!.attempts).toBe(2);
      expect(stored!.dueAt.getTime()).toBe(second.getTime() + retryDelayMs(2));
      expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

      smtp.refuse(false);
      const third = new Date(second.getTime() + retryDelayMs(2));
      expect(await sendDue(third)).toEqual({ sent: 2, retried: 0, failed: 0 });
      expect(await sendDue(new Date(third.getTime() + 24 * 3_600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
      [stored] = await rowsOf(orderId);
      expect(stored).toMatchObject({ attempts: 3, lastError: null });
      expect(mailsWithId(messageId)).toHaveLength(1);
      expect(smtp.received.slice(since)).toHaveLength(2);
    } finally {
      smtp.refuse(false);
    }
  });

  it('gives a notification up after MAX_ATTEMPTS, keeping the last error', async () => {
    const { orderId } = await placeAnOrder();
    smtp.refuse(true);
    try {
      let now = new Date();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await sendDue(now);
        now = new Date(now.getTime() + retryDelayMs(attempt));
      }
      const rows = await rowsOf(orderId);
      expect(rows.map((row) => [row.attempts, row.failedAt !== null, row.sentAt])).toEqual([
        [MAX_ATTEMPTS, true, null],
        [MAX_ATTEMPTS, true, null],
      ]);
      expect(await sendDue(new Date(now.getTime() + 24 * 3_600_000))).toEqual({ sent: 0, retried: 0, failed: 0 });
    } finally {
      smtp.refuse(false);
    }
  });
});

describe.runIf(testDriver === 'postgres')('several senders at once (PostgreSQL)', () => {
  it('send each notification once: a row is taken under its lock', async () => {
    // The scene fixture is not made for concurrent use: the orders are placed one after the other.
    const orders = [await placeAnOrder(), await placeAnOrder(), await placeAnOrder()];
    const since = smtp.received.length;
    const reports = await Promise.all([sendDue(), sendDue(), sendDue()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(6);
    const ids = smtp.received.slice(since).map((mail) => headerOf(mail.raw, 'message-id'));
    expect(new Set(ids).size).toBe(6);
    for (const { orderId } of orders) {
      expect((await rowsOf(orderId)).every((row) => row.sentAt !== null)).toBe(true);
    }
  });
});

describe('templates', () => {
  it('render every kind with a subject and the same words in text and HTML, escaping HTML only', () => {
    const view = {
      shop_name: 'Деталь <Москва>',
      shop_url: PUBLIC_URL,
      order_label: 'Заказ № 7',
      changes: [{ what: 'MANN <OC 90>', from: 'Новый', to: 'В работе', time: '01.06.2030 10:00' }],
    };
    const { subject, text, html } = renderTemplates('lines_status_changed', view);
    expect(subject).toBe('Заказ № 7: статус изменён — Деталь <Москва>');
    expect(text).toContain('- MANN <OC 90>: Новый → В работе (01.06.2030 10:00)');
    expect(html).toContain('MANN &lt;OC 90&gt;: Новый → <b>В работе</b>');
    expect(html).toContain('<title>Заказ № 7: статус изменён — Деталь &lt;Москва&gt;</title>');
    expect(html).not.toContain('<OC 90>');
  });
});
