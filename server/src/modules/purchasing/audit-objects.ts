import { eq, inArray, sql } from 'drizzle-orm';
import { goodsReceipts, supplierOrders, suppliers } from '../../db/schema/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/** Supplier orders as the audit log names them: «ЗП-12, Автоснаб». */
export const supplierOrderAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: supplierOrders.id, label: sql<string>`${supplierOrders.number} || ', ' || ${suppliers.name}` })
      .from(supplierOrders)
      .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
      .where(inArray(supplierOrders.id, [...ids])),
  );

/** Goods receipts: «Приход по УПД 123 от 2026-11-27, Автоснаб». */
export const goodsReceiptAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: goodsReceipts.id,
        label: sql<string>`'Приход по документу ' || ${goodsReceipts.documentNumber} || ' от ' || to_char(${goodsReceipts.documentDate}, 'DD.MM.YYYY') || ', ' || ${suppliers.name}`,
      })
      .from(goodsReceipts)
      .innerJoin(suppliers, eq(suppliers.id, goodsReceipts.supplierId))
      .where(inArray(goodsReceipts.id, [...ids])),
  );
