import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { lockLines, lockOrders, findLineOrders, type LockedLine } from './queries.ts';
import type { StatusActor } from './order-status.ts';

/**
 * Splitting a client line in two (issue 29, decision 0049): a line of 3 pieces of which 2 arrived becomes a line
 * of 2 (which goes «Готов к выдаче») and a line of 1 (still on its way), so that every line's status is true. The
 * new line is a copy of the original (price, purchase price, supplier, offer, bill flag, analog pair) with `split_from_id`
 * naming it, and the original keeps the rest: price × quantity summed over the two is what it was, so neither the
 * order's bill nor its total changes (an issued bill document is never rewritten; decision 0039). The new line
 * gets the original's status history, so that its past shows, and the order counts one more position.
 */

export interface LineSplit {
  lineId: number;
  /** Pieces that go to the new line: at least 1, fewer than the line has. */
  quantity: number;
}

/**
 * Locks the lines of `ids` the way every writer of order lines does (their orders, then the lines, in id order:
 * order-status.ts), and reads them.
 */
export async function lockLinesWithOrders(tx: Tx, ids: readonly number[]): Promise<LockedLine[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const found = await findLineOrders(tx, unique);
  await lockOrders(
    tx,
    [...new Set(found.map((line) => line.orderId))].sort((a, b) => a - b),
  );
  return lockLines(tx, unique);
}

/**
 * Splits the lines, all in a few statements, inside the caller's transaction; the caller holds the lines' locks
 * (`lockLinesWithOrders`) and checked each split leaves the original at least a piece (the table's check refuses a
 * line of 0 anyway). A line may be split several times in one call. Answers the new lines' ids, one per split, in
 * the order of `splits`.
 */
export async function splitLines(tx: Tx, splits: readonly LineSplit[], actor: StatusActor): Promise<number[]> {
  if (splits.length === 0) return [];
  const inserted = await tx.execute<{ id: string | number; split_from_id: string | number; quantity: number }>(sql`
    with wanted as (
      select * from unnest(${sql.param(splits.map((split) => String(split.lineId)))}::text[]::bigint[],
                           ${sql.param(splits.map((split) => String(split.quantity)))}::text[]::integer[])
        with ordinality as w(line_id, quantity, position)
    )
    insert into order_items (order_id, offer_id, article, article_normalized, brand_name, description,
                             supplier_name, supplier_id, delivery_days, price, purchase_price, pricing_profile_id,
                             personal_discount, quantity, status, billed, split_from_id, analog_pair_id)
    select i.order_id, i.offer_id, i.article, i.article_normalized, i.brand_name, i.description,
           i.supplier_name, i.supplier_id, i.delivery_days, i.price, i.purchase_price, i.pricing_profile_id,
           i.personal_discount, w.quantity, i.status, i.billed, i.id, i.analog_pair_id
      from wanted w join order_items i on i.id = w.line_id
     order by w.position
    returning id, split_from_id, quantity`);
  // Splits of one line with the same quantity are alike but for the id: matching on (line, quantity) is exact.
  const pool = new Map<string, number[]>();
  for (const row of inserted.rows) {
    const key = `${String(row.split_from_id)}:${row.quantity}`;
    pool.set(key, [...(pool.get(key) ?? []), Number(row.id)]);
  }
  const newIds = splits.map((split) => {
    const ids = pool.get(`${split.lineId}:${split.quantity}`);
    const id = ids?.shift();
    if (id === undefined) throw new Error(`Line ${split.lineId} was not split`);
    return id;
  });
  const taken = new Map<number, number>();
  for (const split of splits) taken.set(split.lineId, (taken.get(split.lineId) ?? 0) + split.quantity);
  await tx.execute(sql`
    update order_items set quantity = order_items.quantity - t.quantity
      from unnest(${sql.param([...taken.keys()].map(String))}::text[]::bigint[],
                  ${sql.param([...taken.values()].map(String))}::text[]::integer[]) as t(line_id, quantity)
     where order_items.id = t.line_id`);
  // The new lines' past: the original's history, copied.
  await tx.execute(sql`
    insert into order_line_status_history (order_item_id, from_status, to_status, staff_id, note, created_at)
    select n.new_id, h.from_status, h.to_status, h.staff_id, h.note, h.created_at
      from unnest(${sql.param(newIds.map(String))}::text[]::bigint[],
                  ${sql.param(splits.map((split) => String(split.lineId)))}::text[]::bigint[]) as n(new_id, line_id)
      join order_line_status_history h on h.order_item_id = n.line_id
     order by n.new_id, h.created_at, h.id`);
  await tx.execute(sql`
    update orders set count_position = orders.count_position + a.added, updated_at = ${actor.at}
      from (select order_id, count(*)::int as added from order_items
             where id = any(${sql.param(newIds.map(String))}::text[]::bigint[]) group by order_id) as a
     where orders.id = a.order_id`);
  await emit(tx, 'StaffWrites', {
    records: splits.map((split, index) => ({
      staffId: actor.staffId,
      action: 'order_item.split',
      entity: 'order_item',
      entityId: split.lineId,
      before: null,
      after: { new_line_id: newIds[index], quantity: split.quantity, ...(actor.note ? { note: actor.note } : {}) },
      at: actor.at,
    })),
  });
  return newIds;
}
