import { eq } from 'drizzle-orm';
import { kopecksToDecimal, REORDER_BILL_PAID_MESSAGE, toKopecks } from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { orderItems } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { conflict } from '../../http/errors.ts';
import { lockOrderBill, setBillSum } from '../bills/queries.ts';
import { currentBillDocument, reviseBill } from '../bills/revisions.ts';
import type { StatusActor } from './order-status.ts';
import { findBilledSums, setOrderTotal, type LockedLine } from './queries.ts';

/**
 * A client line bought from another offer (issue 29, re-sourcing after a supplier's refusal): the line names the
 * new offer, its real supplier, purchase price and delivery days; the client's price stays unless the manager
 * gives another. A new client price re-bills the order as a cancel does (decision 0039): a new revision of an
 * unpaid bill, and the order's total; a paid bill is never rewritten, so the price cannot change then.
 */
export interface LineSource {
  offerId: number;
  supplierId: number;
  supplierName: string;
  article: string;
  articleNormalized: string;
  brandName: string;
  description: string;
  deliveryDays: number | null;
  /** Roubles, two decimals. */
  purchasePrice: string;
  /** The client's new price of one piece; null keeps the line's. */
  price: string | null;
}

/** The caller holds the line's lock (`lockLinesWithOrders`). */
export async function resourceLine(tx: Tx, line: LockedLine, source: LineSource, actor: StatusActor): Promise<void> {
  const [before] = await tx
    .select({
      offerId: orderItems.offerId,
      supplierId: orderItems.supplierId,
      purchasePrice: orderItems.purchasePrice,
      article: orderItems.article,
      brandName: orderItems.brandName,
    })
    .from(orderItems)
    .where(eq(orderItems.id, line.id));
  const repriced = source.price !== null && toKopecks(source.price) !== toKopecks(line.price);
  const bill = repriced ? await lockOrderBill(tx, line.orderId) : null;
  if (repriced && bill?.paid && line.billed) throw conflict(REORDER_BILL_PAID_MESSAGE);
  const replaced = bill && line.billed ? await currentBillDocument(tx, bill.id, actor.timeZone) : null;

  await tx
    .update(orderItems)
    .set({
      offerId: source.offerId,
      supplierId: source.supplierId,
      supplierName: source.supplierName,
      article: source.article,
      articleNormalized: source.articleNormalized,
      brandName: source.brandName,
      description: source.description,
      deliveryDays: source.deliveryDays,
      purchasePrice: source.purchasePrice,
      ...(repriced ? { price: source.price! } : {}),
    })
    .where(eq(orderItems.id, line.id));
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'order_item.resource',
    entity: 'order_item',
    entityId: line.id,
    before: {
      order_id: line.orderId,
      offer_id: before?.offerId ?? null,
      supplier_id: before?.supplierId ?? null,
      article: before?.article,
      brand_name: before?.brandName,
      purchase_price: before?.purchasePrice ?? null,
      price: line.price,
    },
    after: {
      order_id: line.orderId,
      offer_id: source.offerId,
      supplier_id: source.supplierId,
      article: source.article,
      brand_name: source.brandName,
      purchase_price: source.purchasePrice,
      price: repriced ? source.price : line.price,
      ...(actor.note ? { note: actor.note } : {}),
    },
    at: actor.at,
  });
  if (!repriced || !line.billed) return;

  const sums = await findBilledSums(tx, line.orderId);
  const dueKopecks = sums && sums.billedLines > 0 ? toKopecks(sums.items) + toKopecks(sums.delivery) : 0;
  const total = kopecksToDecimal(dueKopecks);
  await setOrderTotal(tx, line.orderId, total);
  if (!bill) return;
  await setBillSum(tx, bill.id, total);
  const revised = replaced && (await reviseBill(tx, replaced, actor.at, actor.timeZone, 'line_repriced'));
  if (revised) await emit(tx, 'BillRevised', { billId: bill.id, revision: revised.revision, at: actor.at });
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'bill.total',
    entity: 'bill',
    entityId: bill.id,
    before: { price_sum: bill.priceSum, ...(replaced ? { revision: replaced.revision } : {}) },
    after: { price_sum: total, repriced_line: line.id, ...(revised ? { revision: revised.revision } : {}) },
    at: actor.at,
  });
}
