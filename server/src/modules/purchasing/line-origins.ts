import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/index.ts';

/**
 * Where client lines' pieces came from, for the shop's closing documents (the УПД's columns 10–11, issue 30): the
 * country of origin and the customs declaration (ГТД) of the goods receipt line that received them. A receipt line
 * names the client line that took its pieces (`order_item_id`) or the supplier order line it filled; a client line
 * split later (part received, part issued at the counter) finds its receipt through `split_from_id`, the nearest
 * ancestor first. When several receipt lines fed one client line, the latest one's country and ГТД are taken.
 * Owned by purchasing (its tables); read by shipments.
 */
export interface LineOrigin {
  country: string | null;
  customsDeclaration: string | null;
}

export async function findLineOrigins(
  db: DbExecutor,
  orderItemIds: readonly number[],
): Promise<Map<number, LineOrigin>> {
  if (orderItemIds.length === 0) return new Map();
  const result = await db.execute<{ item_id: number; country: string | null; customs_declaration: string | null }>(sql`
    with recursive chain(item_id, ancestor_id, depth) as (
      select id, id, 0 from order_items where id = any(${sql.param(orderItemIds.map(String))}::text[]::bigint[])
      union all
      select c.item_id, i.split_from_id, c.depth + 1
        from chain c join order_items i on i.id = c.ancestor_id
       where i.split_from_id is not null and c.depth < 32
    )
    select distinct on (c.item_id) c.item_id::float8 as item_id, g.country, g.customs_declaration
      from chain c
      join goods_receipt_lines g
        on g.order_item_id = c.ancestor_id
        or g.supplier_order_line_id in (select s.id from supplier_order_lines s where s.order_item_id = c.ancestor_id)
     where g.country is not null or g.customs_declaration is not null
     order by c.item_id, c.depth, g.id desc`);
  return new Map(
    result.rows.map((row) => [
      Number(row.item_id),
      { country: row.country, customsDeclaration: row.customs_declaration },
    ]),
  );
}

/**
 * The goods receipt line each client line's pieces came in on (the same chain as `findLineOrigins`, the latest
 * receipt line first): a supplier return names it. Lines no receipt fed are absent.
 */
export async function findReceiptLinesOf(
  db: DbExecutor,
  orderItemIds: readonly number[],
): Promise<Map<number, { goodsReceiptLineId: number; supplierId: number; price: string }>> {
  if (orderItemIds.length === 0) return new Map();
  const result = await db.execute<{ item_id: number; line_id: number; supplier_id: number; price: string }>(sql`
    with recursive chain(item_id, ancestor_id, depth) as (
      select id, id, 0 from order_items where id = any(${sql.param(orderItemIds.map(String))}::text[]::bigint[])
      union all
      select c.item_id, i.split_from_id, c.depth + 1
        from chain c join order_items i on i.id = c.ancestor_id
       where i.split_from_id is not null and c.depth < 32
    )
    select distinct on (c.item_id) c.item_id::float8 as item_id, g.id::float8 as line_id, r.supplier_id,
           g.price::text as price
      from chain c
      join goods_receipt_lines g
        on g.order_item_id = c.ancestor_id
        or g.supplier_order_line_id in (select s.id from supplier_order_lines s where s.order_item_id = c.ancestor_id)
      join goods_receipts r on r.id = g.receipt_id
     order by c.item_id, c.depth, g.id desc`);
  return new Map(
    result.rows.map((row) => [
      Number(row.item_id),
      { goodsReceiptLineId: Number(row.line_id), supplierId: Number(row.supplier_id), price: row.price },
    ]),
  );
}

/** The supplier order line holding a client line now, with its order's state: a cancel withdraws it from a draft. */
export async function findHoldingSupplierLine(
  db: DbExecutor,
  orderItemId: number,
): Promise<{ supplierOrderId: number; lineId: number; state: string } | null> {
  const result = await db.execute<{ supplier_order_id: number; line_id: number; state: string }>(sql`
    select l.supplier_order_id, l.id::float8 as line_id, o.state
      from supplier_order_lines l join supplier_orders o on o.id = l.supplier_order_id
     where l.order_item_id = ${orderItemId} and l.released_at is null
     limit 1`);
  const row = result.rows[0];
  return row ? { supplierOrderId: Number(row.supplier_order_id), lineId: Number(row.line_id), state: row.state } : null;
}
