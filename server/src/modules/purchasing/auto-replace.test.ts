import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_REPLACEMENT_NOTE, type SupplierOrder, type SupplierOrderSummary } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  auditLog,
  bills,
  notifications,
  offers,
  orderItems,
  orders,
  supplierOrderLines,
} from '../../db/schema/index.ts';
import type { callAdmin } from '../../../test/helpers/staff.ts';
import { managerScene, type ManagerScene } from '../../../test/fixtures/manager-scene.ts';
import { insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { renderNotification } from '../notifications/render.ts';

/**
 * Replacement within the client's tolerance (issue 29, beyond the anchors): a refusal of a line whose client
 * accepted «до +N % к цене, до +M дней» at checkout re-sources it by itself from the same part at another supplier,
 * through the manager's re-order (the bill re-issued when the price rises), and the client's e-mail says what
 * changed; outside the tolerance, or with none, the line waits refused as before.
 */
describe('purchasing: automatic replacement within the client tolerance', () => {
  let scene: ManagerScene;
  let database: Database;

  beforeAll(async () => {
    scene = await managerScene();
    ({ database } = scene);
  });

  afterAll(async () => {
    await scene?.close();
  });

  const ok = <T>(path: Parameters<typeof callAdmin>[1], body: object) => scene.ok<T>(path, body);

  /**
   * One client line of 2 pieces at 1000 ₽, 3 days, ordered from its supplier and sent; `alternative` offers the
   * same part at another supplier. Then the supplier refuses both pieces. Answers what is needed to look.
   */
  async function refusedLine(
    tolerance: { percent: number; days: number } | null,
    alternative: { price: string; deliveryDays: number },
    beforeRefusal?: (orderId: number) => Promise<unknown>,
  ) {
    const {
      orderId,
      offerIds,
      lines: [line],
    } = await scene.placeClientOrder(
      [{ price: '1000.00', inBasket: 2 }],
      tolerance ? { replacement_max_price_percent: tolerance.percent, replacement_max_extra_days: tolerance.days } : {},
    );
    await database.db.update(orderItems).set({ deliveryDays: 3 }).where(eq(orderItems.id, line!.id));
    const [offer] = await database.db
      .select({ brandId: offers.brandId, article: offers.article })
      .from(offers)
      .where(eq(offers.id, offerIds[0]!));
    const otherSupplier = await insertSupplier(database.db, `Другой ${orderId}`, { displayName: `Склад Б${orderId}` });
    const [otherOfferId] = await insertOffers(database.db, offer!.brandId, otherSupplier, [
      { article: offer!.article, price: alternative.price, quantity: 5, deliveryDays: alternative.deliveryDays },
    ]);
    const { orders: drafts } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
      order_item_ids: [line!.id],
    });
    const sent = (await ok<{ order: SupplierOrder }>('supplier-order-mark-sent', { id: drafts[0]!.id })).order;
    await beforeRefusal?.(orderId);
    await ok('supplier-order-answer', {
      id: sent.id,
      lines: [{ line_id: sent.lines[0]!.id, confirmed_quantity: 0, refused_quantity: 2, refused_reason: 'Нет' }],
    });
    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, orderId));
    const [item] = await database.db.select().from(orderItems).where(eq(orderItems.id, line!.id));
    const held = await database.db
      .select({ supplierOrderId: supplierOrderLines.supplierOrderId })
      .from(supplierOrderLines)
      .where(and(eq(supplierOrderLines.orderItemId, line!.id)))
      .orderBy(asc(supplierOrderLines.id));
    const mails = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.orderId, orderId), eq(notifications.kind, 'line_replaced')));
    return {
      orderId,
      lineId: line!.id,
      otherSupplier,
      otherOfferId: otherOfferId!,
      bill: bill!,
      item: item!,
      held,
      mails,
    };
  }

  it('stores the tolerance chosen at step 2 on the order', async () => {
    const { orderId } = await refusedLine({ percent: 5, days: 2 }, { price: '2000.00', deliveryDays: 3 });
    const [order] = await database.db
      .select({ percent: orders.replacementMaxPricePercent, days: orders.replacementMaxExtraDays })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({ percent: 5, days: 2 });
  });

  it('within the tolerance: re-sourced by itself, re-billed, audited as the system, the client told what changed', async () => {
    const placed = await refusedLine({ percent: 5, days: 2 }, { price: '1040.00', deliveryDays: 5 });
    // The same part at the other supplier: +4 % (1040 ₽) and +2 days, within «до +5 %, до +2 дней».
    expect(placed.item).toMatchObject({
      status: 'supplier_refused',
      supplierId: placed.otherSupplier,
      offerId: placed.otherOfferId,
      price: '1040.00',
      purchasePrice: '1040.00',
      deliveryDays: 5,
    });
    // Into the other supplier's draft: a second supplier order line holds it now.
    expect(placed.held).toHaveLength(2);
    // The unpaid bill follows the new price (2 × 1040 plus the delivery), as the manager's re-order does.
    const [order] = await database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(Number(placed.bill.priceSum)).toBe(Number(order!.totalPrice));
    expect(Number(order!.totalPrice) - Number(order!.deliveryPrice)).toBe(2080);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order_item.resource'), eq(auditLog.entityId, String(placed.lineId))));
    expect(audit).toMatchObject({ staffId: null });
    expect(JSON.stringify(audit!.after)).toContain(AUTO_REPLACEMENT_NOTE);
    // The client's e-mail says what changed: supplier, days, price.
    expect(placed.mails).toHaveLength(1);
    const rendered = await renderNotification(database.db, placed.mails[0]!, {
      timeZone: 'Europe/Moscow',
      publicUrl: 'https://shop.example',
    });
    if (!('mail' in rendered)) throw new Error(`nothing rendered: ${JSON.stringify(rendered)}`);
    expect(rendered.mail.subject).toContain('позиция заменена');
    const text = rendered.mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(`→ Склад Б${placed.orderId}`);
    expect(text).toContain('Срок поставки: 3 дн. → 5 дн.');
    expect(text).toMatch(/Цена за штуку: 1[\s\u00a0]?000,00 ₽ → 1[\s\u00a0]?040,00 ₽/);
    expect(rendered.mail.html).toContain(`Склад Б${placed.orderId}`);
  });

  it('a cheaper replacement keeps the client’s price', async () => {
    const placed = await refusedLine({ percent: 0, days: 0 }, { price: '900.00', deliveryDays: 3 });
    expect(placed.item).toMatchObject({ supplierId: placed.otherSupplier, price: '1000.00', purchasePrice: '900.00' });
    expect(placed.mails).toHaveLength(1);
  });

  it('outside the tolerance (price or days): the line stays refused, waiting for the manager', async () => {
    for (const alternative of [
      { price: '1060.00', deliveryDays: 3 },
      { price: '1000.00', deliveryDays: 6 },
    ]) {
      const placed = await refusedLine({ percent: 5, days: 2 }, alternative);
      expect(placed.item).toMatchObject({ status: 'supplier_refused', price: '1000.00', deliveryDays: 3 });
      expect(placed.item.supplierId).not.toBe(placed.otherSupplier);
      expect(placed.held).toHaveLength(1);
      expect(placed.mails).toHaveLength(0);
    }
  });

  it('a paid bill is never rewritten: a dearer replacement is not taken, one at the client’s price is', async () => {
    const paid = (orderId: number) => database.db.update(bills).set({ paid: true }).where(eq(bills.orderId, orderId));
    const dearer = await refusedLine({ percent: 5, days: 2 }, { price: '1040.00', deliveryDays: 3 }, paid);
    expect(dearer.item).toMatchObject({ status: 'supplier_refused', price: '1000.00' });
    expect(dearer.item.supplierId).not.toBe(dearer.otherSupplier);
    expect(dearer.mails).toHaveLength(0);
    const same = await refusedLine({ percent: 5, days: 2 }, { price: '1000.00', deliveryDays: 4 }, paid);
    expect(same.item).toMatchObject({ supplierId: same.otherSupplier, price: '1000.00', deliveryDays: 4 });
    expect(same.mails).toHaveLength(1);
  });

  it('without a tolerance: the line stays refused, as before', async () => {
    const placed = await refusedLine(null, { price: '1000.00', deliveryDays: 3 });
    expect(placed.item).toMatchObject({ status: 'supplier_refused', price: '1000.00' });
    expect(placed.item.supplierId).not.toBe(placed.otherSupplier);
    expect(placed.held).toHaveLength(1);
    expect(placed.mails).toHaveLength(0);
  });
});
