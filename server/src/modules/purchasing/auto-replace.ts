import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AUTO_REPLACEMENT_NOTE, kopecksToDecimal, normalizeBrand, toKopecks } from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { brands, offers, orderItems, orders, suppliers } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { lockOrderBill } from '../bills/queries.ts';
import { openHoldReasons } from '../ledger/holds.ts';
import { offerSellingPrice, pricingOf, supplierDisplayName } from '../pricing/client-pricing.ts';
import { lockDrafts } from './queries.ts';
import { reorderLine } from './queue.ts';
import type { PurchaseActor } from './supplier-orders.ts';

/**
 * Replacement within the client's tolerance (issue 29, beyond the anchors; decision 0049): at checkout a client may
 * accept, should a supplier refuse a line, a replacement up to +N % on the line's price and up to +M delivery days.
 * When a refusal lands (`applySupplierAnswer`, in its transaction), each refused client line of such an order is
 * re-ordered by itself from the best other current offer of the SAME part (same brand and article; analogs are a
 * different part and need the client's eye, so never automatic), from another active supplier with enough pieces:
 * the client's new price is that offer's selling price for this client, never below the line's price (a cheaper
 * offer keeps the client's price), and within +N %; its delivery days within the line's days +M. The cheapest new
 * client price wins, then the fewest days, then the cheapest purchase. It goes through the manager's own
 * re-order (`reorderLine`: the line names the new source, a new price re-bills an unpaid bill, the line goes into
 * that supplier's draft), audited as the system's act with the note «автозамена в пределах допуска»; the client
 * is told what changed (LineReplaced → the `line_replaced` e-mail). Outside the tolerance, with no offer, with
 * unknown days, or when a price rise would rewrite a paid bill: nothing happens, the line waits refused in
 * «К заказу» as before.
 */
export async function replaceWithinTolerance(tx: Tx, itemIds: readonly number[], actor: PurchaseActor): Promise<void> {
  for (const itemId of [...new Set(itemIds)].sort((a, b) => a - b)) await replaceOne(tx, itemId, actor);
}

async function replaceOne(tx: Tx, itemId: number, actor: PurchaseActor): Promise<void> {
  const [line] = await tx
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      clientId: orders.clientId,
      status: orderItems.status,
      quantity: orderItems.quantity,
      price: orderItems.price,
      billed: orderItems.billed,
      deliveryDays: orderItems.deliveryDays,
      supplierId: orderItems.supplierId,
      supplierName: orderItems.supplierName,
      offerId: orderItems.offerId,
      articleNormalized: orderItems.articleNormalized,
      brandName: orderItems.brandName,
      maxPercent: orders.replacementMaxPricePercent,
      maxExtraDays: orders.replacementMaxExtraDays,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  if (!line || line.status !== 'supplier_refused') return;
  if (line.maxPercent === null || line.maxExtraDays === null || line.deliveryDays === null) return;
  // An order the credit check holds (issue 31) is not bought for: the refusal waits for the manager.
  if ((await openHoldReasons(tx, [line.orderId])).size > 0) return;

  const priceKopecks = toKopecks(line.price);
  // A price rise re-bills the order; a paid bill is never rewritten, so then only offers at the client's price do.
  const bill = line.billed ? await lockOrderBill(tx, line.orderId) : null;
  const capKopecks = bill?.paid ? priceKopecks : Math.floor((priceKopecks * (100 + line.maxPercent)) / 100);
  const maxDays = line.deliveryDays + line.maxExtraDays;

  const pricing = await pricingOf(tx, line.clientId);
  const selling = offerSellingPrice(pricing);
  const days = sql<number | null>`coalesce(${offers.deliveryDays}, ${suppliers.defaultDeliveryDays})`;
  const brandKey = normalizeBrand(line.brandName);
  const candidates = await tx
    .select({
      id: offers.id,
      supplierName: supplierDisplayName(),
      deliveryDays: days,
      purchase: offers.price,
      selling,
    })
    .from(offers)
    .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(
      and(
        eq(offers.articleNormalized, line.articleNormalized),
        sql`${offers.brandId} in (
          select a.brand_id from brand_aliases a where a.alias_normalized = ${brandKey}
          union select b.id from brands b where b.name_normalized = ${brandKey}
          union select o.brand_id from offers o where o.id = ${line.offerId ?? 0})`,
        sql`${offers.quantity} >= ${line.quantity}`,
        // Not the supplier that has just refused it.
        line.supplierId === null ? undefined : sql`${offers.supplierId} <> ${line.supplierId}`,
        sql`${days} <= ${maxDays}`,
      ),
    );
  const within = candidates
    .map((offer) => ({ ...offer, clientKopecks: Math.max(priceKopecks, toKopecks(offer.selling)) }))
    .filter((offer) => offer.clientKopecks <= capKopecks && offer.deliveryDays !== null)
    .sort(
      (a, b) =>
        a.clientKopecks - b.clientKopecks ||
        a.deliveryDays! - b.deliveryDays! ||
        toKopecks(a.purchase) - toKopecks(b.purchase) ||
        a.id - b.id,
    );
  const best = within[0];
  if (!best) return;

  const system: PurchaseActor = { ...actor, staffId: null, note: AUTO_REPLACEMENT_NOTE };
  const repriced = best.clientKopecks !== priceKopecks;
  await reorderLine(
    tx,
    {
      order_item_id: line.id,
      offer_id: best.id,
      price: repriced ? best.clientKopecks / 100 : null,
      note: AUTO_REPLACEMENT_NOTE,
    },
    system,
  );
  await emit(tx, 'LineReplaced', {
    orderId: line.orderId,
    lineId: line.id,
    from: { supplierName: line.supplierName, deliveryDays: line.deliveryDays, price: line.price },
    to: {
      supplierName: best.supplierName,
      deliveryDays: best.deliveryDays,
      price: kopecksToDecimal(best.clientKopecks),
    },
    at: actor.at,
  });
}

/**
 * The lock order of every purchasing write (decision 0059): supplier orders first — the answered order, then the
 * drafts a replacement may go to, by id — then client lines. A refusal's replacement goes into another supplier's
 * draft; so before the answer locks a single client line, this locks the drafts of every active supplier with an
 * offer of a refused line's part, for the lines whose client accepted a replacement. (Over-locking a draft or two
 * costs a wait; locking one after the client lines could deadlock with a manager creating supplier orders.)
 */
export async function lockReplacementDrafts(tx: Tx, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  const rows = await tx
    .selectDistinct({ supplierId: offers.supplierId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(offers, eq(offers.articleNormalized, orderItems.articleNormalized))
    .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
    .where(
      and(
        inArray(orderItems.id, [...itemIds]),
        isNotNull(orders.replacementMaxPricePercent),
        sql`${offers.quantity} > 0`,
        sql`${offers.supplierId} is distinct from ${orderItems.supplierId}`,
      ),
    );
  await lockDrafts(
    tx,
    rows.map((row) => row.supplierId).sort((a, b) => a - b),
  );
}
