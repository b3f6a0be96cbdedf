import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import { orderItems } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { insertLineStatusHistory } from './queries.ts';

/**
 * Splits `quantity` pieces off a line into a new line of the same order, as sold (same part, price, supplier,
 * billed flag and status), so that a part of a line can move on its own: the counter issues 2 of 5 pieces
 * (decision 0053). The order's and the bill's totals do not change (price × quantity is shared out). The caller
 * holds the line's lock and has checked 0 < quantity < the line's quantity. The new line's history starts with a
 * note saying where it came from; the audit log keeps the split. Returns the new line's id.
 */
export async function splitLine(
  tx: Tx,
  lineId: number,
  quantity: number,
  actor: { staffId: number | null; at: Date },
): Promise<number> {
  const [line] = await tx.select().from(orderItems).where(eq(orderItems.id, lineId));
  if (!line || !(quantity > 0 && quantity < line.quantity)) {
    throw new Error(`Line ${lineId} cannot give ${quantity} pieces away`);
  }
  const { id: _id, ...copy } = line;
  const [created] = await tx
    .insert(orderItems)
    .values({ ...copy, quantity })
    .returning({ id: orderItems.id });
  await tx
    .update(orderItems)
    .set({ quantity: line.quantity - quantity })
    .where(eq(orderItems.id, lineId));
  const status = line.status as OrderStatus;
  await insertLineStatusHistory(tx, [
    {
      orderItemId: created!.id,
      fromStatus: status,
      toStatus: status,
      staffId: actor.staffId,
      note: `Отделено от позиции № ${lineId}: ${quantity} шт.`,
      createdAt: actor.at,
    },
  ]);
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'order_item.split',
    entity: 'order_item',
    entityId: lineId,
    before: { order_id: line.orderId, quantity: line.quantity },
    after: {
      order_id: line.orderId,
      quantity: line.quantity - quantity,
      split_into: created!.id,
      split_quantity: quantity,
    },
    at: actor.at,
  });
  return created!.id;
}
