import type { DbExecutor } from '../../db/index.ts';

/**
 * Where each issued line's pieces came from: the country of origin and the customs declaration (ГТД) of the goods
 * receipt that received them (purchasing: goods_receipt_lines ← supplier_order_lines ← order_items, issue 29).
 * SEAM: the purchasing tables are not on this branch yet; until they are merged every line has neither, and the
 * УПД prints «—» in columns 10–11 (the format allows that for goods not imported by the shop itself).
 */
export interface LineOrigin {
  country: string | null;
  customsDeclaration: string | null;
}

export async function findLineOrigins(
  _db: DbExecutor,
  _orderItemIds: readonly number[],
): Promise<Map<number, LineOrigin>> {
  return new Map();
}
