import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPTY_LINE_SELECTION_MESSAGE,
  LINE_STATUS_FINAL_MESSAGE,
  LINES_NOT_FOUND_MESSAGE,
  calendarDayIn,
  type AdminOrder,
  type AdminOrderLine,
  type AuditEntry,
  type LineStatusChangeResult,
  type Paginated,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, bills, offers, orderItems, orderLineStatusHistory, orders } from '../../db/schema/index.ts';
import { findBillForPrint } from '../bills/queries.ts';
import { markBillPaidFromCli, recordPayment } from '../payments/service.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import {
  createCheckoutScene,
  stockOf,
  step2Input,
  step2Request,
  writeDeliveryMethods,
  type CheckoutScene,
} from '../../../test/fixtures/orders.ts';
import { placeOrder } from './checkout/place-order.ts';
import { CLI_NOTE, setOrderStatus } from './order-status.ts';

/** The back office's orders, line by line (issue 14 point 4): queue, order screen, bulk changes, cancel. */

const DELIVERY = 350; // courier, step2Input's method

interface Placed {
  orderId: number;
  scene: CheckoutScene;
  lineIds: number[];
  billId: number;
}

describe('back office: orders line by line', () => {
  let database: Database;
  let app: FastifyInstance;
  let managerId: number;
  let manager: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeDeliveryMethods(database.db);
    managerId = (await createTestStaff(database.db, 'manager')).member.id;
    manager = await staffCookieFor(database.db, managerId);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** An order of lines (purchase price = price, stock 5 each); `contact` overrides the step-2 form. */
  async function place(
    lines: { price: string; inBasket: number }[],
    contact: Partial<ReturnType<typeof step2Input>> = {},
  ): Promise<Placed> {
    const scene = await createCheckoutScene(
      database.db,
      lines.map((line) => ({ ...line, stock: 5 })),
    );
    const { orderId } = await placeOrder(
      database.db,
      scene.clientId,
      step2Request({ ...step2Input(scene), ...contact }),
      null,
      { timeZone: 'Europe/Moscow' },
    );
    const rows = await database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const [bill] = await database.db.select({ id: bills.id }).from(bills).where(eq(bills.orderId, orderId));
    return { orderId, scene, lineIds: rows.map((row) => row.id), billId: bill!.id };
  }

  const queue = async (body: object, query = '') => {
    const response = await callAdmin(app, 'order-line-list', { cookie: manager, body, query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Paginated<AdminOrderLine> }).data;
  };
  const show = async (id: number) => {
    const response = await callAdmin(app, 'order-show', { cookie: manager, body: { id } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { order: AdminOrder } }).data.order;
  };
  const changeStatus = (body: object, cookie = manager) => callAdmin(app, 'order-line-status', { cookie, body });
  const cancel = (lineId: number, note?: string) =>
    callAdmin(app, 'order-line-cancel', { cookie: manager, body: { line_id: lineId, ...(note ? { note } : {}) } });
  const statusesOf = async (lineIds: number[]) =>
    (
      await database.db
        .select({ id: orderItems.id, status: orderItems.status })
        .from(orderItems)
        .where(inArray(orderItems.id, lineIds))
        .orderBy(asc(orderItems.id))
    ).map((row) => row.status);
  const historyOf = (lineId: number) =>
    database.db
      .select()
      .from(orderLineStatusHistory)
      .where(eq(orderLineStatusHistory.orderItemId, lineId))
      .orderBy(asc(orderLineStatusHistory.id));
  const billOf = async (billId: number) => (await database.db.select().from(bills).where(eq(bills.id, billId)))[0]!;
  const historyCount = async () =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(orderLineStatusHistory))[0]!.n;

  describe('the work queue', () => {
    let first: Placed;
    let second: Placed;

    beforeAll(async () => {
      first = await place([
        { price: '100.00', inBasket: 1 },
        { price: '200.00', inBasket: 2 },
      ]);
      second = await place([{ price: '50.00', inBasket: 3 }], {
        last_name: 'Сидорова',
        first_name: 'Ольга',
        company_name: '',
        client_shops_email: 'olga@example.ru',
        phone_number: '+7 916 555-12-34',
      });
    });

    it('lists lines newest order first, with the real supplier and both prices', async () => {
      const page = await queue({ order_id: null });
      const ids = page.data.map((line) => line.id);
      expect(ids.indexOf(second.lineIds[0]!)).toBeLessThan(ids.indexOf(first.lineIds[0]!));
      const line = page.data.find((row) => row.id === first.lineIds[1])!;
      expect(line).toMatchObject({
        order_id: first.orderId,
        client_name: 'Петров Иван, ООО «Ромашка»',
        quantity: 2,
        price: 200,
        purchase_price: 200,
        status: 'new',
        status_name: 'Новый',
      });
      expect(line.supplier_name).toMatch(/^Поставщик корзины/);
    });

    it('filters by order number, client text, phone digits, supplier, several statuses and dates', async () => {
      expect((await queue({ order_id: first.orderId })).data.map((line) => line.id)).toEqual(first.lineIds);
      expect((await queue({ client: 'сидоров' })).data.map((line) => line.id)).toEqual(second.lineIds);
      expect((await queue({ client: 'olga@EXAMPLE' })).data.map((line) => line.id)).toEqual(second.lineIds);
      expect((await queue({ client: '8 (916) 555 12 34' })).data.map((line) => line.id)).toEqual(second.lineIds);
      expect((await queue({ client: '100%_' })).total).toBe(0);
      const supplierId = (await queue({ order_id: second.orderId })).data[0]!.supplier_id!;
      expect((await queue({ supplier_id: supplierId })).data.map((line) => line.id)).toEqual(second.lineIds);

      await database.db.update(orderItems).set({ status: 'ordered' }).where(eq(orderItems.id, first.lineIds[0]!));
      const inTwo = await queue({ status: ['ordered', 'in_transit'], order_id: first.orderId });
      expect(inTwo.data.map((line) => line.id)).toEqual([first.lineIds[0]]);
      const newOnes = await queue({ status: ['new'], order_id: first.orderId });
      expect(newOnes.data.map((line) => line.id)).toEqual([first.lineIds[1]]);
      await database.db.update(orderItems).set({ status: 'new' }).where(eq(orderItems.id, first.lineIds[0]!));

      const today = calendarDayIn('Europe/Moscow');
      expect((await queue({ date_from: today, date_to: today, order_id: first.orderId })).total).toBe(2);
      expect((await queue({ date_from: '2099-01-01' })).total).toBe(0);
      expect((await queue({ date_to: '2000-01-01' })).total).toBe(0);
    });

    it('pages the queue', async () => {
      const all = await queue({ per_page: 100 });
      const page2 = await queue({ per_page: 2 }, '?page=2');
      expect(page2).toMatchObject({ current_page: 2, per_page: 2, total: all.total });
      expect(page2.last_page).toBe(Math.ceil(all.total / 2));
      expect(page2.data.map((line) => line.id)).toEqual(all.data.slice(2, 4).map((line) => line.id));
    });

    it('refuses bad filters with a Russian message', async () => {
      const response = await callAdmin(app, 'order-line-list', {
        cookie: manager,
        body: { status: ['lost'] },
      });
      expect(response.statusCode).toBe(422);
      expect((response.json() as { error: Record<string, string[]> }).error['status.0']).toEqual([
        'Неизвестный статус заказа',
      ]);
      const dates = await callAdmin(app, 'order-line-list', {
        cookie: manager,
        body: { date_from: '2026-05-02', date_to: '2026-05-01' },
      });
      expect(dates.statusCode).toBe(422);
      expect((dates.json() as { error: Record<string, string[]> }).error.date_to).toEqual([
        'Дата «по» не может быть раньше даты «с»',
      ]);
    });

    it('lists the suppliers by their real names', async () => {
      const response = await callAdmin(app, 'supplier-list', { cookie: manager });
      expect(response.statusCode).toBe(200);
      const { suppliers } = (response.json() as { data: { suppliers: { id: number; name: string }[] } }).data;
      expect(suppliers.some((supplier) => supplier.name.startsWith('Поставщик корзины'))).toBe(true);
    });
  });

  describe('changing statuses', () => {
    it('moves many lines at once, writing history and audit with who and the note', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '10.00', inBasket: 1 },
      ]);
      const b = await place([{ price: '30.00', inBasket: 1 }]);
      const ids = [...a.lineIds, ...b.lineIds];
      const response = await changeStatus({ line_ids: ids, status: 'in_work', note: '  Заказали утром ' });
      expect(response.statusCode, response.body).toBe(200);
      const result = (response.json() as { data: LineStatusChangeResult }).data;
      expect(result.changed.map((change) => change.id)).toEqual(ids);
      expect(result.changed.every((change) => change.from === 'new' && change.to === 'in_work')).toBe(true);
      expect(await statusesOf(ids)).toEqual(['in_work', 'in_work', 'in_work']);

      const [entry] = await historyOf(a.lineIds[0]!);
      expect(entry).toMatchObject({
        fromStatus: 'new',
        toStatus: 'in_work',
        staffId: managerId,
        note: 'Заказали утром',
      });
      const audits = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order_item.status'), inArray(auditLog.entityId, ids.map(String))));
      expect(audits).toHaveLength(3);
      expect(audits[0]).toMatchObject({ staffId: managerId, before: { status: 'new' } });

      // The owner's log names each line by its part and order and links it to the order (issue 26: not «Позиция № 4»).
      const owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
      const logged = await callAdmin(app, 'audit-log-list', {
        cookie: owner,
        body: { entity: 'order_item', per_page: 100 },
      });
      expect(logged.statusCode, logged.body).toBe(200);
      const entries = (logged.json() as { data: Paginated<AuditEntry> }).data.data;
      const [lineA] = await database.db.select().from(orderItems).where(eq(orderItems.id, a.lineIds[0]!));
      expect(entries.find((entry) => entry.entity_id === String(a.lineIds[0]))).toMatchObject({
        object_label: `${lineA!.brandName} ${lineA!.article}, заказ № ${a.orderId}`,
        object_order_id: a.orderId,
      });
      const clientLog = await callAdmin(app, 'audit-log-list', { cookie: owner, body: { per_page: 100 } });
      const staffEntry = (clientLog.json() as { data: Paginated<AuditEntry> }).data.data.find(
        (entry) => entry.entity === 'staff' && entry.entity_id === String(managerId),
      );
      expect(staffEntry?.object_label).toMatch(/^.+ \(manager-.+@shop\.example\.ru\)$/);

      // The same status again is no change: nothing new in the history.
      const again = await changeStatus({ line_ids: ids, status: 'in_work' });
      expect((again.json() as { data: LineStatusChangeResult }).data).toEqual({ changed: [], unchanged: ids });
      expect(await historyOf(a.lineIds[0]!)).toHaveLength(1);

      // Back and forth is allowed among the working statuses; the order screen shows the history in order.
      await changeStatus({ line_ids: [a.lineIds[0]], status: 'ready' });
      await changeStatus({ line_ids: [a.lineIds[0]], status: 'in_transit', note: 'Ошиблись' });
      const order = await show(a.orderId);
      expect(order.lines[0]!.history.map((step) => [step.from_status, step.to_status, step.note])).toEqual([
        ['new', 'in_work', 'Заказали утром'],
        ['in_work', 'ready', null],
        ['ready', 'in_transit', 'Ошиблись'],
      ]);
      expect(order.lines[0]!.history[0]!.staff_name).toMatch(/^Сотрудник/);
    });

    it('is all or nothing: one issued line refuses the whole change, naming it', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '10.00', inBasket: 1 },
      ]);
      expect((await changeStatus({ line_ids: [a.lineIds[0]], status: 'issued' })).statusCode).toBe(200);
      const before = await historyCount();
      const response = await changeStatus({ line_ids: a.lineIds, status: 'in_work' });
      expect(response.statusCode).toBe(409);
      expect((response.json() as { message: string }).message).toContain(LINE_STATUS_FINAL_MESSAGE);
      expect((response.json() as { message: string }).message).toContain(`№ ${a.lineIds[0]}`);
      expect(await statusesOf(a.lineIds)).toEqual(['issued', 'new']);
      expect(await historyCount()).toBe(before);
      // Nor can an issued line be canceled.
      expect((await cancel(a.lineIds[0]!)).statusCode).toBe(409);
    });

    it('refuses an empty selection, an unknown status and missing lines, writing nothing', async () => {
      const a = await place([{ price: '100.00', inBasket: 1 }]);
      const before = await historyCount();
      const empty = await changeStatus({ line_ids: [], status: 'in_work' });
      expect(empty.statusCode).toBe(422);
      expect((empty.json() as { error: Record<string, string[]> }).error.line_ids).toEqual([
        EMPTY_LINE_SELECTION_MESSAGE,
      ]);
      const absent = await changeStatus({ status: 'in_work' });
      expect((absent.json() as { error: Record<string, string[]> }).error.line_ids).toEqual([
        EMPTY_LINE_SELECTION_MESSAGE,
      ]);
      const unknown = await changeStatus({ line_ids: a.lineIds, status: 'lost' });
      expect(unknown.statusCode).toBe(422);
      expect((unknown.json() as { error: Record<string, string[]> }).error.status).toEqual([
        'Неизвестный статус заказа',
      ]);
      const missing = await changeStatus({ line_ids: [...a.lineIds, 987654321], status: 'in_work' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        message: LINES_NOT_FOUND_MESSAGE,
        error: { line_ids: [`${LINES_NOT_FOUND_MESSAGE}: 987654321`] },
      });
      const cancelMissing = await cancel(987654321);
      expect(cancelMissing.statusCode).toBe(422);
      expect(cancelMissing.json()).toEqual({
        message: LINES_NOT_FOUND_MESSAGE,
        error: { line_id: [`${LINES_NOT_FOUND_MESSAGE}: 987654321`] },
      });
      expect(await statusesOf(a.lineIds)).toEqual(['new']);
      expect(await historyCount()).toBe(before);

      const noOrder = await callAdmin(app, 'order-show', { cookie: manager, body: { id: 987654 } });
      expect(noOrder.statusCode).toBe(404);
      expect(noOrder.json()).toEqual({ message: 'Заказ не найден', error: 'not_found' });
    });

    it('the CLI goes through the same service: history without a staff member, note «CLI», the same rules', async () => {
      const a = await place([{ price: '100.00', inBasket: 1 }]);
      const result = await setOrderStatus(database.db, { orderId: a.orderId, lineId: a.lineIds[0]! }, 'ordered');
      expect(result).toEqual({
        changed: { orderId: a.orderId, lineId: a.lineIds[0], previous: 'new', status: 'ordered' },
      });
      expect(await historyOf(a.lineIds[0]!)).toMatchObject([
        { fromStatus: 'new', toStatus: 'ordered', staffId: null, note: CLI_NOTE },
      ]);
      await setOrderStatus(database.db, { orderId: a.orderId, lineId: a.lineIds[0]! }, 'canceled');
      await expect(
        setOrderStatus(database.db, { orderId: a.orderId, lineId: a.lineIds[0]! }, 'in_work'),
      ).rejects.toThrow(LINE_STATUS_FINAL_MESSAGE);
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([5]);
    });
  });

  describe('canceling a line', () => {
    it('returns its stock and takes it off an unpaid bill: the bill, its print and the order total go down', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '200.50', inBasket: 2 },
      ]);
      await database.db.update(orderItems).set({ purchasePrice: '150.25' }).where(eq(orderItems.id, a.lineIds[1]!));
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([4, 3]);
      expect((await billOf(a.billId)).priceSum).toBe('851.00');

      const before = await show(a.orderId);
      expect(before.lines[1]).toMatchObject({ total: 401, purchase_total: 300.5, margin: 100.5, margin_percent: 25.1 });
      expect(before.totals).toMatchObject({ items: 501, purchase: 400.5, margin: 100.5, due: 501 + DELIVERY });

      const response = await cancel(a.lineIds[1]!, 'Клиент передумал');
      expect(response.statusCode, response.body).toBe(200);
      const order = (response.json() as { data: { order: AdminOrder } }).data.order;
      expect(order.lines[1]).toMatchObject({ status: 'canceled', status_name: 'Отменён', billed: false });
      expect(order.lines[1]!.history).toMatchObject([
        { from_status: 'new', to_status: 'canceled', note: 'Клиент передумал' },
      ]);
      expect(order.totals).toMatchObject({ items: 100, canceled: 401, due: 100 + DELIVERY });
      expect(order.bill).toEqual({ id: a.billId, price_sum: 100 + DELIVERY, paid: false, revisions: [] });
      expect(order.refund_due).toBe(0);

      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([4, 5]);
      expect((await billOf(a.billId)).priceSum).toBe('450.00');
      const [orderRow] = await database.db.select().from(orders).where(eq(orders.id, a.orderId));
      expect(orderRow!.totalPrice).toBe('450.00');
      const print = await findBillForPrint(database.db, a.billId, a.scene.clientId);
      expect(print!.items.map((item) => item.price)).toEqual(['100.00']);
      const billAudit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'bill.total'), eq(auditLog.entityId, String(a.billId))));
      expect(billAudit).toMatchObject([
        { staffId: managerId, before: { price_sum: '851.00' }, after: { price_sum: '450.00' } },
      ]);

      // The last line canceled: nothing is owed, delivery included.
      await cancel(a.lineIds[0]!);
      expect((await billOf(a.billId)).priceSum).toBe('0.00');
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([5, 5]);
    });

    it('never rewrites a paid bill: the overpayment is owed to the client', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '200.00', inBasket: 1 },
      ]);
      await markBillPaidFromCli(database.db, a.billId, new Date(), 'Europe/Moscow');
      const response = await cancel(a.lineIds[1]!);
      expect(response.statusCode).toBe(200);
      const order = (response.json() as { data: { order: AdminOrder } }).data.order;
      expect(order.bill).toEqual({ id: a.billId, price_sum: 300 + DELIVERY, paid: true, revisions: [] });
      expect(order.totals.due).toBe(100 + DELIVERY);
      expect(order.refund_due).toBe(200);
      expect(order.lines[1]!.billed).toBe(true);
      expect((await billOf(a.billId)).priceSum).toBe('650.00');
      const print = await findBillForPrint(database.db, a.billId, null);
      expect(print!.items).toHaveLength(2);
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([4, 5]);
    });

    it('a partly paid bill whose payments cover its lower sum becomes paid, the rest owed to the client', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '200.00', inBasket: 1 },
      ]);
      // 500 of 650 paid: the bill is partly paid, not paid.
      const paid = await recordPayment(database.db, {
        billId: a.billId,
        amountKopecks: 500_00,
        paidOn: '2026-11-20',
        reference: 'п/п 1',
        source: 'manual',
        statementKey: null,
        staffId: null,
        now: new Date(),
        timeZone: 'Europe/Moscow',
      });
      expect(paid.kind).toBe('recorded');
      expect((await billOf(a.billId)).paid).toBe(false);

      // Without the 200 line the bill is 450: covered by the 500 paid, 50 goes back.
      const order = (
        (await cancel(a.lineIds[1]!)).json() as {
          data: { order: AdminOrder };
        }
      ).data.order;
      expect(order.bill).toEqual({ id: a.billId, price_sum: 100 + DELIVERY, paid: true, revisions: [] });
      expect(order.refund_due).toBe(50);
      expect((await billOf(a.billId)).priceSum).toBe('450.00');
    });

    it('gives no stock back to an offer a price list re-stated or removed since the order', async () => {
      const a = await place([
        { price: '100.00', inBasket: 2 },
        { price: '200.00', inBasket: 1 },
      ]);
      // The supplier's new list says 7 pieces (an import sets updated_at), and drops the second offer.
      await database.db
        .update(offers)
        .set({ quantity: 7, updatedAt: sql`now() + interval '1 minute'` })
        .where(eq(offers.id, a.scene.offerIds[0]!));
      await database.db.delete(offers).where(eq(offers.id, a.scene.offerIds[1]!));
      expect((await cancel(a.lineIds[0]!)).statusCode).toBe(200);
      expect((await cancel(a.lineIds[1]!)).statusCode).toBe(200);
      const [offer] = await database.db.select().from(offers).where(eq(offers.id, a.scene.offerIds[0]!));
      expect(offer!.quantity).toBe(7);
      expect(await statusesOf(a.lineIds)).toEqual(['canceled', 'canceled']);
    });

    it('two cancels of one line at once return its stock once and write one history row', async () => {
      const a = await place([
        { price: '100.00', inBasket: 2 },
        { price: '200.00', inBasket: 1 },
      ]);
      const answers = await Promise.all([cancel(a.lineIds[0]!), cancel(a.lineIds[0]!)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([5, 4]);
      expect(await historyOf(a.lineIds[0]!)).toHaveLength(1);
      expect((await billOf(a.billId)).priceSum).toBe((200 + DELIVERY).toFixed(2));
    });

    it('a cancel and a status change at once: one wins, the other sees its result', async () => {
      const a = await place([
        { price: '100.00', inBasket: 1 },
        { price: '200.00', inBasket: 1 },
      ]);
      const [canceled, changed] = await Promise.all([
        cancel(a.lineIds[0]!),
        changeStatus({ line_ids: a.lineIds, status: 'in_work' }),
      ]);
      expect(canceled.statusCode).toBe(200);
      const history = await historyOf(a.lineIds[0]!);
      if (changed.statusCode === 200) {
        // The change went first: new -> in_work, then the cancel: in_work -> canceled.
        expect(history.map((row) => row.toStatus)).toEqual(['in_work', 'canceled']);
        expect(await statusesOf(a.lineIds)).toEqual(['canceled', 'in_work']);
      } else {
        // The cancel went first: the change is refused whole, the other line untouched.
        expect(changed.statusCode).toBe(409);
        expect(history.map((row) => row.toStatus)).toEqual(['canceled']);
        expect(await statusesOf(a.lineIds)).toEqual(['canceled', 'new']);
      }
      expect(await stockOf(database.db, a.scene.offerIds)).toEqual([5, 4]);
      expect((await billOf(a.billId)).priceSum).toBe((200 + DELIVERY).toFixed(2));
    });
  });
});
