import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { enqueueLineStatusChanged } from '../notifications/outbox.ts';

export interface StatusChange {
  orderId: number;
  /** The line changed; null when the order's own status changed. */
  lineId: number | null;
  previous: OrderStatus;
  status: OrderStatus;
}

export type StatusChangeResult = { changed: StatusChange } | { missing: 'order' | 'line' };

/**
 * Sets the status of an order, or of one of its lines when `lineId` is given; only what is named changes (the
 * shop decides line by line). The order's updated time moves either way, and the client's status e-mail is
 * written to the notification outbox in the same transaction (enqueueLineStatusChanged). Until a back office exists, the shop
 * owner's CLI (`npm run admin -- order-status`) is the caller.
 */
export async function setOrderStatus(
  db: Db,
  target: { orderId: number; lineId?: number | null },
  status: OrderStatus,
): Promise<StatusChangeResult> {
  const { orderId, lineId = null } = target;
  if (!fitsIntegerId(orderId)) return { missing: 'order' };
  return db.transaction(async (tx): Promise<StatusChangeResult> => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return { missing: 'order' };
    if (lineId === null) {
      await tx
        .update(orders)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      await enqueueLineStatusChanged(tx, { orderId, lineId, from: order.status as OrderStatus, to: status });
      return { changed: { orderId, lineId, previous: order.status as OrderStatus, status } };
    }
    if (!Number.isSafeInteger(lineId)) return { missing: 'line' };
    const [line] = await tx
      .select({ status: orderItems.status })
      .from(orderItems)
      .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)))
      .for('update');
    if (!line) return { missing: 'line' };
    await tx.update(orderItems).set({ status }).where(eq(orderItems.id, lineId));
    await tx
      .update(orders)
      .set({ updatedAt: sql`now()` })
      .where(eq(orders.id, orderId));
    // The client's e-mail, in the same transaction: changes of one order within a minute go in one.
    await enqueueLineStatusChanged(tx, { orderId, lineId, from: line.status as OrderStatus, to: status });
    return { changed: { orderId, lineId, previous: line.status as OrderStatus, status } };
  });
}
