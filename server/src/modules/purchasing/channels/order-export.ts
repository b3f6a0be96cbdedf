import { asc, eq } from 'drizzle-orm';
import { SUPPLIER_ORDER_NOT_FOUND_MESSAGE, toKopecks } from '@detal/contract';
import type { DbExecutor } from '../../../db/index.ts';
import { supplierOrderLines, supplierOrders, suppliers } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { findSettings, orderTemplateOf } from './channel-settings.ts';
import { writeOrderFile, type OrderFile } from './order-file.ts';

/** A supplier order's file, as the supplier's template says (decision 0050): the download and the e-mail's attachment. */

export interface SupplierOrderHead {
  id: number;
  number: string;
  supplierId: number;
  supplierName: string;
  state: string;
  channel: string;
  sendKey: string;
  supplierNumber: string | null;
}

export async function findSupplierOrderHead(
  db: DbExecutor,
  supplierOrderId: number,
): Promise<SupplierOrderHead | null> {
  const [order] = await db
    .select({
      id: supplierOrders.id,
      number: supplierOrders.number,
      supplierId: supplierOrders.supplierId,
      supplierName: suppliers.name,
      state: supplierOrders.state,
      channel: supplierOrders.channel,
      sendKey: supplierOrders.sendKey,
      supplierNumber: supplierOrders.supplierNumber,
    })
    .from(supplierOrders)
    .innerJoin(suppliers, eq(suppliers.id, supplierOrders.supplierId))
    .where(eq(supplierOrders.id, supplierOrderId));
  return order ?? null;
}

/** The lines of a supplier order, in their order. */
export function supplierOrderLinesOf(db: DbExecutor, supplierOrderId: number) {
  return db
    .select({
      id: supplierOrderLines.id,
      article: supplierOrderLines.article,
      brand: supplierOrderLines.brandName,
      description: supplierOrderLines.description,
      quantity: supplierOrderLines.quantity,
      confirmed: supplierOrderLines.confirmedQuantity,
      refused: supplierOrderLines.refusedQuantity,
      received: supplierOrderLines.receivedQuantity,
      purchasePrice: supplierOrderLines.purchasePrice,
      supplierLineRef: supplierOrderLines.supplierLineRef,
      offerId: supplierOrderLines.offerId,
    })
    .from(supplierOrderLines)
    .where(eq(supplierOrderLines.supplierOrderId, supplierOrderId))
    .orderBy(asc(supplierOrderLines.id));
}

export interface SupplierOrderFile extends OrderFile {
  order: SupplierOrderHead;
  /** `ЗП-12.xlsx`: the name the supplier sees. */
  fileName: string;
  /** ASCII form of it, for clients that do not read `filename*`. */
  asciiFileName: string;
}

export async function supplierOrderFile(db: DbExecutor, supplierOrderId: number): Promise<SupplierOrderFile> {
  const order = await findSupplierOrderHead(db, supplierOrderId);
  if (!order) throw notFound(SUPPLIER_ORDER_NOT_FOUND_MESSAGE);
  const template = orderTemplateOf(await findSettings(db, order.supplierId));
  const lines = await supplierOrderLinesOf(db, supplierOrderId);
  const file = await writeOrderFile(
    template,
    { number: order.number },
    lines.map((line) => ({
      lineId: line.id,
      article: line.article,
      brand: line.brand,
      description: line.description,
      quantity: line.quantity,
      priceKopecks: line.purchasePrice === null ? 0 : toKopecks(line.purchasePrice),
    })),
  );
  return {
    ...file,
    order,
    fileName: `${order.number}.${file.extension}`,
    asciiFileName: `supplier-order-${order.id}.${file.extension}`,
  };
}

/** `attachment; filename="supplier-order-12.xlsx"; filename*=UTF-8''%D0%97%D0%9F-12.xlsx` */
export const attachmentDisposition = (file: SupplierOrderFile) =>
  `attachment; filename="${file.asciiFileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`;
