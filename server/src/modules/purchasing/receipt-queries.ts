import { and, asc, count, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  normalizeArticle,
  roublesFromDecimal,
  type GoodsReceipt,
  type GoodsReceiptListFilters,
  type GoodsReceiptSummary,
} from '@detal/contract';
import { alias } from 'drizzle-orm/pg-core';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor } from '../../db/index.ts';
import {
  goodsReceiptLines,
  goodsReceipts,
  orderItems,
  staff,
  supplierOrderLines,
  supplierOrders,
  suppliers,
} from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { outstandingOf } from './supplier-order-state.ts';

/* Reading goods receipts (decision 0049). */

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const poster = alias(staff, 'poster');

const summaryColumns = {
  id: goodsReceipts.id,
  supplierId: goodsReceipts.supplierId,
  supplierName: suppliers.name,
  documentNumber: goodsReceipts.documentNumber,
  documentDate: goodsReceipts.documentDate,
  comment: goodsReceipts.comment,
  createdAt: goodsReceipts.createdAt,
  createdByName: staff.name,
  postedAt: goodsReceipts.postedAt,
  postedByName: poster.name,
  linesCount: sql<number>`count(${goodsReceiptLines.id})::int`,
  quantity: sql<number>`coalesce(sum(${goodsReceiptLines.quantity}), 0)::int`,
  total: sql<string>`coalesce(sum(${goodsReceiptLines.price} * ${goodsReceiptLines.quantity}), 0)::numeric(14,2)::text`,
  unmatchedCount: sql<number>`(count(${goodsReceiptLines.id}) filter (where ${goodsReceiptLines.supplierOrderLineId} is null and not ${goodsReceiptLines.overDelivery}))::int`,
};

type SummaryRow = {
  id: number;
  supplierId: number;
  supplierName: string;
  documentNumber: string;
  documentDate: string;
  comment: string | null;
  createdAt: Date;
  createdByName: string | null;
  postedAt: Date | null;
  postedByName: string | null;
  linesCount: number;
  quantity: number;
  total: string;
  unmatchedCount: number;
};

const summaryOf = (row: SummaryRow): GoodsReceiptSummary => ({
  id: row.id,
  supplier_id: row.supplierId,
  supplier_name: row.supplierName,
  document_number: row.documentNumber,
  document_date: row.documentDate,
  comment: row.comment,
  created_at: row.createdAt.toISOString(),
  created_by_name: row.createdByName,
  posted: row.postedAt !== null,
  posted_at: row.postedAt?.toISOString() ?? null,
  posted_by_name: row.postedByName,
  lines_count: row.linesCount,
  quantity: row.quantity,
  total: roublesFromDecimal(row.total),
  unmatched_count: row.unmatchedCount,
});

const summaries = (db: DbExecutor) =>
  db
    .select(summaryColumns)
    .from(goodsReceipts)
    .innerJoin(suppliers, eq(suppliers.id, goodsReceipts.supplierId))
    .leftJoin(staff, eq(staff.id, goodsReceipts.createdBy))
    .leftJoin(poster, eq(poster.id, goodsReceipts.postedBy))
    .leftJoin(goodsReceiptLines, eq(goodsReceiptLines.receiptId, goodsReceipts.id))
    .groupBy(goodsReceipts.id, suppliers.name, staff.name, poster.name);

function listConditions(filters: GoodsReceiptListFilters, timeZone: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ...withinDays(goodsReceipts.createdAt, filters.date_from, filters.date_to, timeZone),
  ];
  if (filters.supplier_id != null) conditions.push(eq(goodsReceipts.supplierId, filters.supplier_id));
  if (filters.posted === true) conditions.push(isNotNull(goodsReceipts.postedAt));
  if (filters.posted === false) conditions.push(isNull(goodsReceipts.postedAt));
  const q = filters.q?.trim();
  if (q) {
    const article = normalizeArticle(q);
    conditions.push(
      or(
        sql`${goodsReceipts.documentNumber} ilike ${likePattern(q)}`,
        sql`exists (select 1 from ${goodsReceiptLines} g where g.receipt_id = ${goodsReceipts.id}
          and (g.brand_name ilike ${likePattern(q)} or g.customs_declaration like ${likePattern(q)}${
            article ? sql` or g.article_normalized like ${likePattern(article)}` : sql``
          }))`,
      ),
    );
  }
  return and(...conditions);
}

export async function countReceipts(db: DbExecutor, filters: GoodsReceiptListFilters, timeZone: string) {
  const [row] = await db.select({ total: count() }).from(goodsReceipts).where(listConditions(filters, timeZone));
  return row?.total ?? 0;
}

export async function listReceipts(
  db: DbExecutor,
  filters: GoodsReceiptListFilters,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<GoodsReceiptSummary[]> {
  const rows = (await summaries(db)
    .where(listConditions(filters, timeZone))
    .orderBy(desc(goodsReceipts.createdAt), desc(goodsReceipts.id))
    .limit(limit)
    .offset(offset)) as SummaryRow[];
  return rows.map(summaryOf);
}

/** A receipt with its lines; null when there is none. */
export async function findGoodsReceipt(db: DbExecutor, id: number): Promise<GoodsReceipt | null> {
  if (!fitsIntegerId(id)) return null;
  const [row] = (await summaries(db).where(eq(goodsReceipts.id, id))) as SummaryRow[];
  if (!row) return null;
  const lines = await db
    .select({
      id: goodsReceiptLines.id,
      supplierOrderLineId: goodsReceiptLines.supplierOrderLineId,
      supplierOrderId: supplierOrderLines.supplierOrderId,
      supplierOrderNumber: supplierOrders.number,
      article: goodsReceiptLines.article,
      brandName: goodsReceiptLines.brandName,
      description: goodsReceiptLines.description,
      quantity: goodsReceiptLines.quantity,
      price: goodsReceiptLines.price,
      country: goodsReceiptLines.country,
      customsDeclaration: goodsReceiptLines.customsDeclaration,
      overDelivery: goodsReceiptLines.overDelivery,
      orderItemId: goodsReceiptLines.orderItemId,
      orderId: orderItems.orderId,
      lineQuantity: supplierOrderLines.quantity,
      confirmedQuantity: supplierOrderLines.confirmedQuantity,
      refusedQuantity: supplierOrderLines.refusedQuantity,
      receivedQuantity: supplierOrderLines.receivedQuantity,
    })
    .from(goodsReceiptLines)
    .leftJoin(supplierOrderLines, eq(supplierOrderLines.id, goodsReceiptLines.supplierOrderLineId))
    .leftJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
    .leftJoin(orderItems, eq(orderItems.id, goodsReceiptLines.orderItemId))
    .where(eq(goodsReceiptLines.receiptId, id))
    .orderBy(asc(goodsReceiptLines.id));
  return {
    ...summaryOf(row),
    lines: lines.map((line) => ({
      id: line.id,
      supplier_order_line_id: line.supplierOrderLineId,
      supplier_order_id: line.supplierOrderId,
      supplier_order_number: line.supplierOrderNumber,
      article: line.article,
      brand_name: line.brandName,
      description: line.description,
      quantity: line.quantity,
      price: roublesFromDecimal(line.price),
      country: line.country,
      customs_declaration: line.customsDeclaration,
      over_delivery: line.overDelivery,
      outstanding_quantity:
        line.lineQuantity === null
          ? null
          : outstandingOf({
              quantity: line.lineQuantity,
              confirmedQuantity: line.confirmedQuantity!,
              refusedQuantity: line.refusedQuantity!,
              receivedQuantity: line.receivedQuantity!,
            }),
      order_item_id: line.orderItemId,
      order_id: line.orderId,
    })),
  };
}
