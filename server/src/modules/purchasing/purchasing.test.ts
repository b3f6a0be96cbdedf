import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_OVER_ORDERED_MESSAGE,
  ANSWER_REFUSAL_BACK_MESSAGE,
  COUNTRY_FOR_CUSTOMS_MESSAGE,
  CUSTOMS_DECLARATION_FORMAT_MESSAGE,
  QUANTITY_NEGATIVE_MESSAGE,
  QUANTITY_WHOLE_MESSAGE,
  QUEUE_LINES_NOT_WAITING_MESSAGE,
  RECEIPT_ORDER_CLOSED_MESSAGE,
  RECEIPT_OVER_MESSAGE,
  RECEIPT_POSTED_MESSAGE,
  REORDER_BILL_PAID_MESSAGE,
  SUPPLIER_ORDER_NOT_SENT_MESSAGE,
  type GoodsReceipt,
  type Paginated,
  type PurchaseAlternative,
  type PurchaseQueueGroup,
  type PurchaseQueueLine,
  type SupplierOrder,
  type SupplierOrderSummary,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  auditLog,
  bills,
  goodsReceipts,
  notifications,
  offers,
  orderItems,
  orderLineStatusHistory,
  orders,
  supplierOrderLines,
  supplierOrders,
} from '../../db/schema/index.ts';
import { testDriver } from '../../../test/helpers/db.ts';
import { callAdmin } from '../../../test/helpers/staff.ts';
import { managerScene, type ManagerScene } from '../../../test/fixtures/manager-scene.ts';
import { insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { talliesAgainstLines } from '../../../test/helpers/queue-tallies.ts';
import { compactQueueTallies } from './queue-tallies.ts';

/**
 * Purchasing (issue 29): from a client's line to the supplier and back, over HTTP as the back office calls it —
 * the «К заказу» queue, one draft per supplier, sending, the supplier's answer (confirm, refuse, price), the
 * client's line split and told, re-sourcing, goods receipts with country and ГТД, and what is refused.
 */

interface Placed {
  orderId: number;
  lineIds: number[];
  offerIds: number[];
  supplierId: number;
  billId: number;
}

describe('purchasing: supplier orders, answers, receipts, refusals', () => {
  let scene: ManagerScene;
  let database: Database;
  let manager: string;
  let managerId: number;
  let editor: string;

  beforeAll(async () => {
    scene = await managerScene();
    ({ database, manager, managerId } = scene);
    editor = await scene.cookieFor('content_editor');
  });

  afterAll(async () => {
    await scene?.close();
  });

  /** A client's order of these lines, each from one new supplier of the scene. */
  async function place(lines: { price: string; inBasket: number }[]): Promise<Placed> {
    const { orderId, lines: rows, offerIds } = await scene.placeClientOrder(lines);
    const [bill] = await database.db.select({ id: bills.id }).from(bills).where(eq(bills.orderId, orderId));
    return {
      orderId,
      lineIds: rows.map((row) => row.id),
      offerIds,
      supplierId: rows[0]!.supplierId!,
      billId: bill!.id,
    };
  }

  const call = async <T>(path: Parameters<typeof callAdmin>[1], body: object, status = 200, query = '') => {
    const response = await callAdmin(scene.app, path, { cookie: manager, body, query });
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const ok = async <T>(path: Parameters<typeof callAdmin>[1], body: object, query = '') =>
    (await call<{ data: T }>(path, body, 200, query)).data;
  const refused = async (path: Parameters<typeof callAdmin>[1], body: object, status: number) =>
    call<{ message: string; error?: Record<string, string[]> }>(path, body, status);

  const itemsOf = (orderId: number) =>
    database.db
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        status: orderItems.status,
        price: orderItems.price,
        billed: orderItems.billed,
        splitFromId: orderItems.splitFromId,
        supplierId: orderItems.supplierId,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
  const billSum = async (billId: number) =>
    (await database.db.select({ sum: bills.priceSum }).from(bills).where(eq(bills.id, billId)))[0]!.sum;
  const billedTotal = async (orderId: number) =>
    (
      await database.db.execute<{ total: string }>(
        sql`select coalesce(sum(price * quantity), 0)::text as total from order_items where order_id = ${orderId} and billed`,
      )
    ).rows[0]!.total;
  const orderTotal = async (orderId: number) =>
    (await database.db.select({ total: orders.totalPrice }).from(orders).where(eq(orders.id, orderId)))[0]!.total;
  const counts = async () => {
    const [row] = (
      await database.db.execute<{ so: number; sol: number; gr: number; history: number; items: number }>(sql`
        select (select count(*) from supplier_orders)::int as so, (select count(*) from supplier_order_lines)::int as sol,
               (select count(*) from goods_receipts)::int as gr,
               (select count(*) from order_line_status_history)::int as history,
               (select count(*) from order_items)::int as items`)
    ).rows;
    return row!;
  };
  const queue = (body: object = {}) => ok<Paginated<PurchaseQueueLine>>('supplier-order-queue', body);
  const getOrder = async (id: number) => (await ok<{ order: SupplierOrder }>('supplier-order-get', { id })).order;

  describe('the whole journey', () => {
    let first: Placed; // supplier 1: two lines (3 pieces, 1 piece)
    let second: Placed; // supplier 2: one line (2 pieces)
    let drafts: SupplierOrderSummary[];
    let orderOne: SupplierOrder;
    let splitRefused: number;

    beforeAll(async () => {
      first = await place([
        { price: '1000.00', inBasket: 3 },
        { price: '500.00', inBasket: 1 },
      ]);
      second = await place([{ price: '700.00', inBasket: 2 }]);
    });

    it('shows the waiting lines in «К заказу», by supplier, and the supplier totals', async () => {
      const page = await queue({ q: null });
      const mine = page.data.filter((line) => [...first.lineIds, ...second.lineIds].includes(line.order_item_id));
      expect(mine.map((line) => line.order_item_id).sort()).toEqual([...first.lineIds, ...second.lineIds].sort());
      const line = mine.find((row) => row.order_item_id === first.lineIds[0])!;
      expect(line).toMatchObject({ quantity: 3, price: 1000, purchase_price: 1000, status: 'new', refusal: null });
      expect(line.supplier_name).toBeTruthy();
      expect(line.client_name).toContain('Петров');
      const { groups } = await ok<{ groups: PurchaseQueueGroup[] }>('supplier-order-queue-suppliers', {});
      const group = groups.find((row) => row.supplier_id === first.supplierId)!;
      expect(group).toMatchObject({ lines: 2, quantity: 4, purchase_total: 3500 });
      const filtered = await queue({ supplier_id: second.supplierId });
      expect(filtered.data.map((row) => row.order_item_id)).toEqual(second.lineIds);
    });

    it('creates one draft per supplier from the chosen lines; the lines leave the queue', async () => {
      ({ orders: drafts } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
        order_item_ids: [...first.lineIds, ...second.lineIds],
      }));
      expect(drafts.map((draft) => draft.supplier_id).sort()).toEqual([first.supplierId, second.supplierId].sort());
      for (const draft of drafts) expect(draft).toMatchObject({ state: 'draft', number: `ЗП-${draft.id}` });
      const page = await queue({});
      expect(page.data.some((line) => first.lineIds.includes(line.order_item_id))).toBe(false);
      // A draft changes no client line's status.
      expect((await itemsOf(first.orderId)).map((item) => item.status)).toEqual(['new', 'new']);
    });

    it('refuses to order lines a second time, writing nothing', async () => {
      const before = await counts();
      const answer = await refused('supplier-order-create', { order_item_ids: [first.lineIds[0]] }, 409);
      expect(answer.message).toContain(QUEUE_LINES_NOT_WAITING_MESSAGE);
      expect(await counts()).toEqual(before);
    });

    it('refuses an answer to a draft', async () => {
      const draft = drafts.find((row) => row.supplier_id === first.supplierId)!;
      const order = await getOrder(draft.id);
      const answer = await refused(
        'supplier-order-answer',
        { id: draft.id, lines: [{ line_id: order.lines[0]!.id, confirmed_quantity: 1, refused_quantity: 0 }] },
        409,
      );
      expect(answer.message).toBe(SUPPLIER_ORDER_NOT_SENT_MESSAGE);
    });

    it('marks a draft sent: its client lines become «Заказан у поставщика», with history and audit', async () => {
      const draft = drafts.find((row) => row.supplier_id === first.supplierId)!;
      orderOne = (
        await ok<{ order: SupplierOrder }>('supplier-order-mark-sent', { id: draft.id, supplier_number: 'SUP-77' })
      ).order;
      expect(orderOne).toMatchObject({ state: 'sent', supplier_number: 'SUP-77', channel: 'manual' });
      expect(orderOne.lines.map((line) => line.item_status)).toEqual(['ordered', 'ordered']);
      const history = await database.db
        .select()
        .from(orderLineStatusHistory)
        .where(eq(orderLineStatusHistory.orderItemId, first.lineIds[0]!));
      expect(history.at(-1)).toMatchObject({ fromStatus: 'new', toStatus: 'ordered', staffId: managerId });
      expect(history.at(-1)!.note).toBe(`Заказ поставщику ${orderOne.number}`);
      const audit = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'supplier_order'), eq(auditLog.entityId, String(orderOne.id))));
      expect(audit.map((row) => row.action)).toEqual(['supplier_order.create', 'supplier_order.sent']);
    });

    it('refuses answers that do not add up, writing nothing', async () => {
      const [a1] = orderOne.lines;
      const before = await counts();
      const over = await refused(
        'supplier-order-answer',
        {
          id: orderOne.id,
          lines: [{ line_id: a1!.id, confirmed_quantity: 3, refused_quantity: 1, refused_reason: 'x' }],
        },
        422,
      );
      expect(over.error?.['lines.0.confirmed_quantity']).toEqual([ANSWER_OVER_ORDERED_MESSAGE]);
      const fractional = await refused(
        'supplier-order-answer',
        { id: orderOne.id, lines: [{ line_id: a1!.id, confirmed_quantity: 1.5, refused_quantity: -1 }] },
        422,
      );
      expect(JSON.stringify(fractional.error)).toContain(QUANTITY_WHOLE_MESSAGE);
      expect(JSON.stringify(fractional.error)).toContain(QUANTITY_NEGATIVE_MESSAGE);
      expect(await counts()).toEqual(before);
    });

    it('applies the answer: confirmed → «В пути», refused part split off → «Отказ поставщика», the client told, no bill total changed', async () => {
      const billBefore = await billSum(first.billId);
      const totalBefore = await orderTotal(first.orderId);
      const billedBefore = await billedTotal(first.orderId);
      const [a1, a2] = orderOne.lines;
      orderOne = (
        await ok<{ order: SupplierOrder }>('supplier-order-answer', {
          id: orderOne.id,
          lines: [
            { line_id: a1!.id, confirmed_quantity: 2, refused_quantity: 1, refused_reason: 'Нет на складе' },
            { line_id: a2!.id, confirmed_quantity: 1, refused_quantity: 0, confirmed_price: 480.5 },
          ],
        })
      ).order;
      expect(orderOne.state).toBe('confirmed');
      expect(orderOne.lines[0]).toMatchObject({
        confirmed_quantity: 2,
        refused_quantity: 1,
        refused_reason: 'Нет на складе',
        outstanding_quantity: 2,
        item_status: 'in_transit',
      });
      expect(orderOne.lines[1]).toMatchObject({ confirmed_price: 480.5, item_status: 'in_transit' });
      const items = await itemsOf(first.orderId);
      expect(items).toHaveLength(3);
      const split = items.find((item) => item.splitFromId === first.lineIds[0])!;
      splitRefused = split.id;
      expect(split).toMatchObject({ quantity: 1, status: 'supplier_refused', price: '1000.00', billed: true });
      expect(items.find((item) => item.id === first.lineIds[0])).toMatchObject({ quantity: 2, status: 'in_transit' });
      // No bill total changes: the bill, the billed lines, the order's total.
      expect(await billSum(first.billId)).toBe(billBefore);
      expect(await billedTotal(first.orderId)).toBe(billedBefore);
      expect(await orderTotal(first.orderId)).toBe(totalBefore);
      // The split-off line has the original's past, and its own refusal.
      const history = await database.db
        .select()
        .from(orderLineStatusHistory)
        .where(eq(orderLineStatusHistory.orderItemId, split.id))
        .orderBy(asc(orderLineStatusHistory.id));
      expect(history.map((row) => `${row.fromStatus}>${row.toStatus}`)).toEqual([
        'new>ordered',
        'ordered>supplier_refused',
      ]);
      // The client is told, through the status e-mail's outbox.
      const [mail] = await database.db
        .select({ payload: notifications.payload })
        .from(notifications)
        .where(and(eq(notifications.orderId, first.orderId), eq(notifications.kind, 'lines_status_changed')));
      expect(JSON.stringify(mail!.payload)).toContain('supplier_refused');
      // The refused piece waits in «К заказу» again, with its reason.
      const page = await queue({ refused: true });
      const waiting = page.data.find((line) => line.order_item_id === split.id)!;
      expect(waiting.refusal).toMatchObject({ reason: 'Нет на складе', supplier_order_number: orderOne.number });
    });

    it('refuses to take a refusal back', async () => {
      const answer = await refused(
        'supplier-order-answer',
        { id: orderOne.id, lines: [{ line_id: orderOne.lines[0]!.id, confirmed_quantity: 2, refused_quantity: 0 }] },
        422,
      );
      expect(answer.error?.['lines.0.refused_quantity']).toEqual([ANSWER_REFUSAL_BACK_MESSAGE]);
    });

    it('shows other offers of the refused part with the margin, and re-orders from one into that supplier’s draft', async () => {
      // The same part at the second supplier, cheaper.
      const [offer] = await database.db
        .select({ brandId: offers.brandId, article: offers.article })
        .from(offers)
        .where(eq(offers.id, first.offerIds[0]!));
      const [otherOfferId] = await insertOffers(database.db, offer!.brandId, second.supplierId, [
        { article: offer!.article, price: '800.00', quantity: 4 },
      ]);
      const alternatives = await ok<{ line: PurchaseQueueLine; offers: PurchaseAlternative[] }>(
        'supplier-order-alternatives',
        { order_item_id: splitRefused },
      );
      const other = alternatives.offers.find((row) => row.offer_id === otherOfferId)!;
      expect(other).toMatchObject({
        supplier_id: second.supplierId,
        purchase_price: 800,
        margin: 200,
        margin_percent: 20,
        analog: false,
      });
      const draftTwo = drafts.find((row) => row.supplier_id === second.supplierId)!;
      const reordered = (
        await ok<{ order: SupplierOrder }>('supplier-order-reorder', {
          order_item_id: splitRefused,
          offer_id: otherOfferId,
        })
      ).order;
      // Into the supplier's open draft: one draft per supplier.
      expect(reordered.id).toBe(draftTwo.id);
      expect(reordered.lines.map((line) => line.order_item_id)).toEqual([second.lineIds[0], splitRefused]);
      const item = (await itemsOf(first.orderId)).find((row) => row.id === splitRefused)!;
      expect(item).toMatchObject({ supplierId: second.supplierId, price: '1000.00', status: 'supplier_refused' });
      expect((await queue({})).data.some((line) => line.order_item_id === splitRefused)).toBe(false);
    });

    it('refuses a receipt of more than ordered unless marked, a bad ГТД, a ГТД without a country; nothing written', async () => {
      const before = await counts();
      const base = { supplier_id: first.supplierId, document_number: 'УПД 15', document_date: '2026-11-27' };
      const a1 = orderOne.lines[0]!;
      const over = await refused(
        'goods-receipt-create',
        { ...base, lines: [{ article: a1.article, brand: a1.brand_name, quantity: 3, price: 1000 }] },
        422,
      );
      expect(over.error?.['lines.0.quantity']?.[0]).toContain(RECEIPT_OVER_MESSAGE);
      const bad = await refused(
        'goods-receipt-create',
        {
          ...base,
          lines: [
            { article: a1.article, brand: a1.brand_name, quantity: -1, price: 1000 },
            { article: a1.article, brand: a1.brand_name, quantity: 1.5, price: 1000 },
            { article: a1.article, brand: a1.brand_name, quantity: 1, price: 1000, customs_declaration: '123' },
            {
              article: a1.article,
              brand: a1.brand_name,
              quantity: 1,
              price: 1000,
              customs_declaration: '10702070/010125/0001234',
            },
          ],
        },
        422,
      );
      const text = JSON.stringify(bad.error);
      for (const message of [QUANTITY_WHOLE_MESSAGE, CUSTOMS_DECLARATION_FORMAT_MESSAGE, COUNTRY_FOR_CUSTOMS_MESSAGE]) {
        expect(text).toContain(message);
      }
      expect(text).toMatch(/больше нуля|отрицательн/);
      expect(await counts()).toEqual(before);
    });

    it('posts a receipt of part of a line: it splits, the received part «Готов к выдаче», country and ГТД kept, no bill total changed', async () => {
      const billBefore = await billSum(first.billId);
      const a1 = orderOne.lines[0]!;
      const { receipt } = await ok<{ receipt: GoodsReceipt }>('goods-receipt-create', {
        supplier_id: first.supplierId,
        document_number: 'УПД 15',
        document_date: '2026-11-27',
        lines: [
          {
            article: a1.article.toLowerCase(),
            brand: a1.brand_name.toLowerCase(),
            quantity: 1,
            price: 990,
            country: 'Германия',
            customs_declaration: '10702070/010125/0001234',
          },
        ],
      });
      expect(receipt).toMatchObject({ posted: false, unmatched_count: 0 });
      expect(receipt.lines[0]).toMatchObject({ supplier_order_line_id: a1.id, outstanding_quantity: 2 });
      const posted = (await ok<{ receipt: GoodsReceipt }>('goods-receipt-post', { id: receipt.id })).receipt;
      expect(posted.posted).toBe(true);
      expect(posted.lines[0]).toMatchObject({ country: 'Германия', customs_declaration: '10702070/010125/0001234' });
      const items = await itemsOf(first.orderId);
      const ready = items.find((item) => item.id === posted.lines[0]!.order_item_id)!;
      expect(ready).toMatchObject({ quantity: 1, status: 'ready', splitFromId: first.lineIds[0] });
      expect(items.find((item) => item.id === first.lineIds[0])).toMatchObject({ quantity: 1, status: 'in_transit' });
      expect(await billSum(first.billId)).toBe(billBefore);
      expect((await getOrder(orderOne.id)).state).toBe('partly_received');
      // Posted once: read-only after.
      expect((await refused('goods-receipt-post', { id: receipt.id }, 409)).message).toBe(RECEIPT_POSTED_MESSAGE);
      expect(
        (
          await refused(
            'goods-receipt-match',
            { id: receipt.id, line_id: receipt.lines[0]!.id, supplier_order_line_id: null },
            409,
          )
        ).message,
      ).toBe(RECEIPT_POSTED_MESSAGE);
    });

    it('leaves a line nothing matches for the hand, and posts the rest: the order is received', async () => {
      const [a1, a2] = orderOne.lines;
      const { receipt } = await ok<{ receipt: GoodsReceipt }>('goods-receipt-create', {
        supplier_id: first.supplierId,
        document_number: 'УПД 16',
        document_date: '2026-11-28',
        lines: [
          { article: a1!.article, brand: a1!.brand_name, quantity: 1, price: 990 },
          { article: 'НЕ-ТОТ-АРТИКУЛ', brand: a2!.brand_name, quantity: 1, price: 480.5 },
        ],
      });
      expect(receipt.unmatched_count).toBe(1);
      await refused('goods-receipt-post', { id: receipt.id }, 422);
      const stray = receipt.lines.find((line) => line.supplier_order_line_id === null)!;
      const matched = await ok<{ receipt: GoodsReceipt }>('goods-receipt-match', {
        id: receipt.id,
        line_id: stray.id,
        supplier_order_line_id: a2!.id,
      });
      expect(matched.receipt.unmatched_count).toBe(0);
      await ok('goods-receipt-post', { id: receipt.id });
      expect(
        (await itemsOf(first.orderId)).filter((item) => item.supplierId === first.supplierId).map((i) => i.status),
      ).toEqual(['ready', 'ready', 'ready']);
      expect((await getOrder(orderOne.id)).state).toBe('received');
      const audit = await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'goods_receipt'), eq(auditLog.entityId, String(receipt.id))));
      expect(audit.map((row) => row.action)).toEqual([
        'goods_receipt.create',
        'goods_receipt.match',
        'goods_receipt.post',
      ]);
    });

    it('refuses a receipt on a closed order; takes an over-delivery when marked', async () => {
      await ok('supplier-order-close', { id: orderOne.id });
      expect((await getOrder(orderOne.id)).state).toBe('closed');
      const a2 = orderOne.lines[1]!;
      const answer = await refused(
        'goods-receipt-create',
        {
          supplier_id: first.supplierId,
          document_number: 'УПД 17',
          document_date: '2026-11-29',
          lines: [{ article: a2.article, brand: a2.brand_name, quantity: 1, price: 1, supplier_order_line_id: a2.id }],
        },
        422,
      );
      expect(answer.error?.['lines.0.supplier_order_line_id']).toEqual([RECEIPT_ORDER_CLOSED_MESSAGE]);
      // Goods no order asked for, marked as such: recorded, nothing moves.
      const { receipt } = await ok<{ receipt: GoodsReceipt }>('goods-receipt-create', {
        supplier_id: first.supplierId,
        document_number: 'УПД 17',
        document_date: '2026-11-29',
        lines: [{ article: a2.article, brand: a2.brand_name, quantity: 1, price: 1, over_delivery: true }],
      });
      expect(receipt.lines[0]).toMatchObject({ supplier_order_line_id: null, over_delivery: true });
      expect((await ok<{ receipt: GoodsReceipt }>('goods-receipt-post', { id: receipt.id })).receipt.posted).toBe(true);
    });

    it('cancels a sent order with nothing received: its lines wait in «К заказу» again', async () => {
      const draftTwo = drafts.find((row) => row.supplier_id === second.supplierId)!;
      await ok('supplier-order-mark-sent', { id: draftTwo.id });
      expect((await itemsOf(second.orderId)).map((item) => item.status)).toEqual(['ordered']);
      const canceled = (
        await ok<{ order: SupplierOrder }>('supplier-order-cancel', { id: draftTwo.id, reason: 'Ошиблись' })
      ).order;
      expect(canceled.state).toBe('canceled');
      expect((await itemsOf(second.orderId)).map((item) => item.status)).toEqual(['in_work']);
      const page = await queue({});
      expect(page.data.map((line) => line.order_item_id)).toEqual(
        expect.arrayContaining([second.lineIds[0], splitRefused]),
      );
      const held = await database.db
        .select()
        .from(supplierOrderLines)
        .where(and(eq(supplierOrderLines.supplierOrderId, draftTwo.id), isNull(supplierOrderLines.releasedAt)));
      expect(held).toEqual([]);
    });

    it('lists supplier orders and receipts', async () => {
      const list = await ok<Paginated<SupplierOrderSummary>>('supplier-order-all', { q: orderOne.number });
      expect(list.data.map((row) => row.id)).toEqual([orderOne.id]);
      expect(list.data[0]).toMatchObject({ supplier_number: 'SUP-77', state: 'closed', lines_count: 2 });
      const receipts = await ok<Paginated<GoodsReceipt>>('goods-receipt-all', { supplier_id: first.supplierId });
      expect(receipts.total).toBe(3);
      const byGtd = await ok<Paginated<GoodsReceipt>>('goods-receipt-all', { q: '10702070/010125' });
      expect(byGtd.data.map((row) => row.document_number)).toEqual(['УПД 15']);
    });
  });

  it('re-sources with a new client price: the order and its unpaid bill follow; a paid bill refuses it', async () => {
    const placed = await place([{ price: '1000.00', inBasket: 2 }]);
    const [offer] = await database.db
      .select({ brandId: offers.brandId, article: offers.article })
      .from(offers)
      .where(eq(offers.id, placed.offerIds[0]!));
    const otherSupplier = await insertSupplier(database.db, `Другой поставщик ${placed.orderId}`);
    const [otherOffer] = await insertOffers(database.db, offer!.brandId, otherSupplier, [
      { article: offer!.article, price: '900.00', quantity: 5 },
    ]);
    const billBefore = Number(await billSum(placed.billId));
    const order = (
      await ok<{ order: SupplierOrder }>('supplier-order-reorder', {
        order_item_id: placed.lineIds[0],
        offer_id: otherOffer,
        price: 1100,
      })
    ).order;
    expect(order).toMatchObject({ supplier_id: otherSupplier, state: 'draft' });
    expect(order.lines[0]).toMatchObject({ client_price: 1100, purchase_price: 900 });
    expect(Number(await billSum(placed.billId))).toBe(billBefore + 200);
    expect(Number(await orderTotal(placed.orderId))).toBe(billBefore + 200);
    // Out of the draft again, the bill paid: the client's price can no longer change.
    await ok('supplier-order-lines-remove', { id: order.id, line_ids: [order.lines[0]!.id] });
    await database.db.update(bills).set({ paid: true }).where(eq(bills.id, placed.billId));
    const answer = await refused(
      'supplier-order-reorder',
      { order_item_id: placed.lineIds[0], offer_id: otherOffer, price: 1200 },
      409,
    );
    expect(answer.message).toBe(REORDER_BILL_PAID_MESSAGE);
    expect(Number(await billSum(placed.billId))).toBe(billBefore + 200);
  });

  it('opens purchasing to managers and the owner, never to a content editor', async () => {
    for (const path of ['supplier-order-queue', 'supplier-order-create', 'goods-receipt-post'] as const) {
      const response = await scene.send(path, {}, editor);
      expect(response.statusCode).toBe(403);
    }
  });

  it('two managers ordering the same waiting lines at once leave each line in exactly one supplier order', async () => {
    const placed = await place([
      { price: '100.00', inBasket: 1 },
      { price: '200.00', inBasket: 1 },
      { price: '300.00', inBasket: 1 },
    ]);
    const other = await scene.cookieFor('manager');
    for (let round = 0; round < 3; round += 1) {
      const responses = await Promise.all(
        [manager, other].map((cookie) =>
          scene.send('supplier-order-create', { order_item_ids: placed.lineIds }, cookie),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual(round === 0 ? [200, 409] : [409, 409]);
    }
    const links = await database.db
      .select({ item: supplierOrderLines.orderItemId, order: supplierOrderLines.supplierOrderId })
      .from(supplierOrderLines)
      .where(inArray(supplierOrderLines.orderItemId, placed.lineIds));
    expect(links.map((link) => link.item).sort()).toEqual([...placed.lineIds].sort());
    expect(new Set(links.map((link) => link.order)).size).toBe(1);
    const [draft] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(supplierOrders)
      .where(eq(supplierOrders.supplierId, placed.supplierId));
    expect(draft!.n).toBe(1);
    void testDriver;
    void goodsReceipts;
  });

  // Last: everything above (orders, sends, refusals and splits, re-sourcing, receipts, cancels) moved the lines.
  it('keeps the queue’s tallies equal to the waiting lines counted one by one, before and after folding them', async () => {
    const before = await talliesAgainstLines(database.db);
    expect(before.length).toBeGreaterThan(0);
    for (const row of before) expect(row.tallied, `${row.supplier_id} ${row.status}`).toBe(row.counted);
    const { folded } = await compactQueueTallies(database.db);
    expect(folded).toBeGreaterThan(before.length);
    const after = await talliesAgainstLines(database.db);
    expect(after).toEqual(before);
    const [rows] = (
      await database.db.execute<{ n: number }>(sql`select count(*)::int as n from purchase_queue_tallies`)
    ).rows;
    expect(rows!.n).toBeLessThanOrEqual(before.length);
    // The endpoint's total and groups are the tallies'.
    const page = await queue({});
    const { groups } = await ok<{ groups: PurchaseQueueGroup[] }>('supplier-order-queue-suppliers', {});
    expect(page.total).toBe(groups.reduce((sum, group) => sum + group.lines, 0));
    const counted = before.reduce((sum, row) => sum + Number(row.counted.split('/')[0]), 0);
    expect(page.total).toBe(counted);
  });
});
