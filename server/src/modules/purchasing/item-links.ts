import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  SUPPLIER_ORDER_STATE_NAMES,
  type ItemLinkKind,
  type SupplierOrderItemLink,
  type SupplierOrderState,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import {
  goodsReceiptLines,
  goodsReceipts,
  orderItems,
  supplierOrderLines,
  supplierOrders,
  supplierRefusals,
  suppliers,
} from '../../db/schema/index.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';

/**
 * The order screen's view of purchasing (issue 29, point 6; decision 0051): every client line of an order with
 * the supplier order lines it is tied to. A line is tied three ways: a supplier order line serves it (holding its
 * pieces still expected, or released once wholly refused or canceled), a refusal split it off (the pieces refused,
 * `supplier_refusals`), or a posted receipt filled it (`goods_receipt_lines.order_item_id`). Three reads, keyed by
 * the order's lines; at most a few rows each.
 */

const lineColumns = {
  supplierOrderLineId: supplierOrderLines.id,
  supplierOrderId: supplierOrders.id,
  number: supplierOrders.number,
  supplierId: supplierOrders.supplierId,
  supplierName: suppliers.name,
  supplierNumber: supplierOrders.supplierNumber,
  state: supplierOrders.state,
  quantity: supplierOrderLines.quantity,
  confirmedQuantity: supplierOrderLines.confirmedQuantity,
  refusedQuantity: supplierOrderLines.refusedQuantity,
  refusedReason: supplierOrderLines.refusedReason,
  receivedQuantity: supplierOrderLines.receivedQuantity,
};

interface LineRow {
  supplierOrderId: number;
  number: string;
  supplierId: number;
  supplierName: string;
  supplierNumber: string | null;
  state: string;
  quantity: number;
  confirmedQuantity: number;
  refusedQuantity: number;
  refusedReason: string | null;
  receivedQuantity: number;
}

const linkOf = (
  orderItemId: number,
  kind: ItemLinkKind,
  row: LineRow,
  receipt: SupplierOrderItemLink['receipt'] = null,
): SupplierOrderItemLink => ({
  order_item_id: orderItemId,
  kind,
  supplier_order_id: row.supplierOrderId,
  supplier_order_number: row.number,
  supplier_id: row.supplierId,
  supplier_name: row.supplierName,
  supplier_number: row.supplierNumber,
  state: row.state as SupplierOrderState,
  state_name: SUPPLIER_ORDER_STATE_NAMES[row.state as SupplierOrderState],
  quantity: row.quantity,
  confirmed_quantity: row.confirmedQuantity,
  refused_quantity: row.refusedQuantity,
  refused_reason: row.refusedReason,
  received_quantity: row.receivedQuantity,
  receipt,
});

/** The purchasing links of an order's lines, each line's oldest first. */
export async function findItemLinks(db: DbExecutor, orderId: number): Promise<SupplierOrderItemLink[]> {
  const itemIds = (await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))).map(
    (row) => row.id,
  );
  if (itemIds.length === 0) return [];
  const base = () =>
    db
      .select({
        ...lineColumns,
        orderItemId: supplierOrderLines.orderItemId,
        releasedAt: supplierOrderLines.releasedAt,
      })
      .from(supplierOrderLines)
      .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
      .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId));
  const [serving, refused, received] = await Promise.all([
    base().where(inArray(supplierOrderLines.orderItemId, itemIds)).orderBy(asc(supplierOrderLines.id)),
    db
      .select({ ...lineColumns, orderItemId: supplierRefusals.orderItemId })
      .from(supplierRefusals)
      .innerJoin(supplierOrderLines, eq(supplierOrderLines.id, supplierRefusals.supplierOrderLineId))
      .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
      .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
      .where(inArray(supplierRefusals.orderItemId, itemIds))
      .orderBy(asc(supplierRefusals.id)),
    db
      .select({
        ...lineColumns,
        orderItemId: goodsReceiptLines.orderItemId,
        receiptId: goodsReceipts.id,
        documentNumber: goodsReceipts.documentNumber,
        documentDate: goodsReceipts.documentDate,
      })
      .from(goodsReceiptLines)
      .innerJoin(goodsReceipts, eq(goodsReceipts.id, goodsReceiptLines.receiptId))
      .innerJoin(supplierOrderLines, eq(supplierOrderLines.id, goodsReceiptLines.supplierOrderLineId))
      .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderLines.supplierOrderId))
      .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
      .where(and(inArray(goodsReceiptLines.orderItemId, itemIds), isNotNull(goodsReceipts.postedAt)))
      .orderBy(asc(goodsReceiptLines.id)),
  ]);
  const links: SupplierOrderItemLink[] = [];
  // A client line served by a supplier order line and also split off it (refused or received) is said once per
  // tie; a refused or received part is its own client line, so the kinds rarely meet on one line.
  const seen = new Set<string>();
  const add = (link: SupplierOrderItemLink, lineId: number) => {
    const key = `${link.order_item_id}:${lineId}:${link.kind}:${link.receipt?.id ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    links.push(link);
  };
  for (const row of serving) {
    add(linkOf(row.orderItemId, row.releasedAt === null ? 'holds' : 'released', row), row.supplierOrderLineId);
  }
  for (const row of refused) add(linkOf(row.orderItemId, 'refused', row), row.supplierOrderLineId);
  for (const row of received) {
    if (row.orderItemId === null) continue;
    add(
      linkOf(row.orderItemId, 'received', row, {
        id: row.receiptId,
        document_number: row.documentNumber,
        document_date: row.documentDate,
      }),
      row.supplierOrderLineId,
    );
  }
  // A line wholly refused is both released by its supplier order line and refused by it: said once, as the refusal.
  const refusedBy = new Set(
    links.filter((link) => link.kind === 'refused').map((link) => `${link.order_item_id}:${link.supplier_order_id}`),
  );
  return links
    .filter((link) => link.kind !== 'released' || !refusedBy.has(`${link.order_item_id}:${link.supplier_order_id}`))
    .sort((a, b) => a.order_item_id - b.order_item_id);
}

export function createPurchasingLinkHandlers({ database: { db } }: AppDeps): AdminHandlers {
  return {
    'supplier-order-item-links': async ({ body }) => ({ links: await findItemLinks(db, body.order_id) }),
  };
}
