import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDIT_HOLD_NAMES,
  QUEUE_LINES_CREDIT_HELD_MESSAGE,
  type CreditHold,
  type Paginated,
  type PurchaseQueueLine,
  type SupplierOrder,
  type SupplierOrderSummary,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { offers, orderCreditHolds, orderItems, supplierOrderLines } from '../../db/schema/index.ts';
import { testDriver } from '../../../test/helpers/db.ts';
import { talliesAgainstLines } from '../../../test/helpers/queue-tallies.ts';
import type { callAdmin } from '../../../test/helpers/staff.ts';
import { managerScene, type ManagerScene } from '../../../test/fixtures/manager-scene.ts';
import { insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';

/**
 * «К заказу» beside the ledger (issue 31) and the lock order of purchasing (decision 0059): lines of an order the
 * credit check holds are marked with the hold's reason, refused by supplier-order-create until the hold is
 * released; a supplier's refusal re-sourced into another supplier's draft never deadlocks with a manager adding
 * a line of the same client order to that draft.
 */
describe('purchasing: credit holds in the queue, one lock order', () => {
  let scene: ManagerScene;
  let database: Database;

  beforeAll(async () => {
    scene = await managerScene();
    ({ database } = scene);
  });

  afterAll(async () => {
    await scene?.close();
  });

  const send = (path: Parameters<typeof callAdmin>[1], body: object) => scene.send(path, body);
  const ok = <T>(path: Parameters<typeof callAdmin>[1], body: object) => scene.ok<T>(path, body);

  /** A client's order of these lines (each from a new supplier), with an optional replacement tolerance. */
  async function place(lines: { price: string; inBasket: number }[], tolerance = false) {
    const placed = await scene.placeClientOrder(
      lines,
      tolerance ? { replacement_max_price_percent: 10, replacement_max_extra_days: 5 } : {},
    );
    await database.db.update(orderItems).set({ deliveryDays: 3 }).where(eq(orderItems.orderId, placed.orderId));
    return placed;
  }

  describe('credit holds', () => {
    for (const reason of ['prepay', 'stop', 'limit'] as const satisfies readonly CreditHold['reason'][]) {
      it(`marks a held order’s lines «${CREDIT_HOLD_NAMES[reason]}», refuses to order them, orders them once released`, async () => {
        const placed = await place([{ price: '100.00', inBasket: 1 }]);
        const [line] = placed.lines;
        await database.db
          .insert(orderCreditHolds)
          .values({ orderId: placed.orderId, reason, message: 'удержан' })
          .onConflictDoUpdate({ target: orderCreditHolds.orderId, set: { reason, releasedAt: null } });
        const page = await ok<Paginated<PurchaseQueueLine>>('supplier-order-queue', { supplier_id: line!.supplierId });
        expect(page.data.map((row) => [row.order_item_id, row.credit_hold])).toEqual([
          [line!.id, { reason, name: CREDIT_HOLD_NAMES[reason] }],
        ]);

        const refused = await send('supplier-order-create', { order_item_ids: [line!.id] });
        expect(refused.statusCode).toBe(409);
        const message = (refused.json() as { message: string }).message;
        expect(message).toContain(QUEUE_LINES_CREDIT_HELD_MESSAGE);
        expect(message).toContain(CREDIT_HOLD_NAMES[reason]);
        const held = await database.db
          .select()
          .from(supplierOrderLines)
          .where(eq(supplierOrderLines.orderItemId, line!.id));
        expect(held).toEqual([]);

        await ok('ledger-hold-release', { order_id: placed.orderId });
        const after = await ok<Paginated<PurchaseQueueLine>>('supplier-order-queue', { supplier_id: line!.supplierId });
        expect(after.data[0]!.credit_hold).toBeNull();
        const { orders } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
          order_item_ids: [line!.id],
        });
        expect(orders).toHaveLength(1);
      });
    }

    it('a refusal of a held order’s line is not replaced by itself, and the answer still stands', async () => {
      const placed = await place([{ price: '100.00', inBasket: 1 }], true);
      const [line] = placed.lines;
      const [offer] = await database.db
        .select({ brandId: offers.brandId, article: offers.article })
        .from(offers)
        .where(eq(offers.id, placed.offerIds[0]!));
      const other = await place([{ price: '50.00', inBasket: 1 }]);
      await insertOffers(database.db, offer!.brandId, other.lines[0]!.supplierId!, [
        { article: offer!.article, price: '100.00', quantity: 5, deliveryDays: 3 },
      ]);
      const { orders } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
        order_item_ids: [line!.id],
      });
      const sent = (await ok<{ order: SupplierOrder }>('supplier-order-mark-sent', { id: orders[0]!.id })).order;
      await database.db.insert(orderCreditHolds).values({ orderId: placed.orderId, reason: 'limit', message: 'x' });
      await ok('supplier-order-answer', {
        id: sent.id,
        lines: [{ line_id: sent.lines[0]!.id, confirmed_quantity: 0, refused_quantity: 1, refused_reason: 'Нет' }],
      });
      const [item] = await database.db.select().from(orderItems).where(eq(orderItems.id, line!.id));
      expect(item).toMatchObject({ status: 'supplier_refused', supplierId: line!.supplierId });
    });
  });

  // PGlite has one connection: transactions never overlap there, so only PostgreSQL can show a deadlock.
  describe.runIf(testDriver === 'postgres')('one lock order (PostgreSQL)', () => {
    it('a refusal re-sourced into a draft and a manager adding to that draft, at once, 12 times: no deadlock', async () => {
      const rounds = 12;
      const failures: string[] = [];
      for (let round = 0; round < rounds; round += 1) {
        // One client order: line A (supplier A, tolerance), line B (supplier B); the part of A also at supplier B.
        const placed = await place(
          [
            { price: '100.00', inBasket: 1 },
            { price: '200.00', inBasket: 1 },
          ],
          true,
        );
        const [lineA, lineB] = placed.lines;
        // A scene's lines share one supplier: line B (and the other client's line) go to supplier B of their own.
        const supplierB = await insertSupplier(database.db, `Поставщик Б ${round} ${placed.orderId}`);
        const [offer] = await database.db
          .select({ brandId: offers.brandId, article: offers.article })
          .from(offers)
          .where(eq(offers.id, placed.offerIds[0]!));
        await insertOffers(database.db, offer!.brandId, supplierB, [
          { article: offer!.article, price: '100.00', quantity: 5, deliveryDays: 3 },
        ]);
        // Supplier B has a draft already (another client's line), so both paths lock it.
        const elsewhere = await place([{ price: '10.00', inBasket: 1 }]);
        await database.db
          .update(orderItems)
          .set({ supplierId: supplierB })
          .where(inArray(orderItems.id, [lineB!.id, elsewhere.lines[0]!.id]));
        await ok('supplier-order-create', { order_item_ids: [elsewhere.lines[0]!.id] });
        const { orders } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
          order_item_ids: [lineA!.id],
        });
        const sent = (await ok<{ order: SupplierOrder }>('supplier-order-mark-sent', { id: orders[0]!.id })).order;

        const [answer, create] = await Promise.all([
          send('supplier-order-answer', {
            id: sent.id,
            lines: [{ line_id: sent.lines[0]!.id, confirmed_quantity: 0, refused_quantity: 1, refused_reason: 'Нет' }],
          }),
          send('supplier-order-create', { order_item_ids: [lineB!.id] }),
        ]);
        for (const response of [answer, create]) {
          if (response.statusCode !== 200) failures.push(`round ${round}: ${response.statusCode} ${response.body}`);
        }
        expect(failures).toEqual([]);
        // Both landed in supplier B's one draft: line A by the replacement, line B by the manager.
        const holding = await database.db
          .select({ item: supplierOrderLines.orderItemId, order: supplierOrderLines.supplierOrderId })
          .from(supplierOrderLines)
          .where(
            sql`${inArray(supplierOrderLines.orderItemId, [lineA!.id, lineB!.id])} and ${supplierOrderLines.releasedAt} is null`,
          );
        expect(holding).toHaveLength(2);
        expect(new Set(holding.map((row) => row.order)).size).toBe(1);
      }
      expect(failures).toEqual([]);
      for (const row of await talliesAgainstLines(database.db)) expect(row.tallied).toBe(row.counted);
    }, 300_000);
  });
});
