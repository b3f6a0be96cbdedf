import { asc, eq, sql } from 'drizzle-orm';
import {
  GOODS_RECEIPT_NOT_FOUND_MESSAGE,
  RECEIPT_ORDER_CLOSED_MESSAGE,
  RECEIPT_ORDER_NOT_SENT_MESSAGE,
  RECEIPT_OTHER_SUPPLIER_MESSAGE,
  RECEIPT_OVER_MESSAGE,
  RECEIPT_POSTED_MESSAGE,
  RECEIPT_UNMATCHED_MESSAGE,
  normalizeArticle,
  normalizeBrand,
  toKopecks,
  kopecksToDecimal,
  type GoodsReceiptCreateRequest,
  type SupplierOrderState,
} from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { goodsReceiptLines, goodsReceipts, suppliers } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { conflict, notFound, validationFailed, type FieldErrors } from '../../http/errors.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { movePieces } from './client-lines.ts';
import {
  findOrderLines,
  lockLinesOfOrders,
  lockSupplierOrders,
  saveLineQuantities,
  type LockedOrderLine,
} from './queries.ts';
import { FINAL_STATES, outstandingOf, PROGRESS_STATES } from './supplier-order-state.ts';
import { settleState, type PurchaseActor } from './supplier-orders.ts';

/**
 * Goods receipts (приход, decision 0049): written as a draft from the supplier's document, its lines matched to
 * the supplier's open order lines by brand and article (the catalogue's brand spellings count as one brand), the
 * leftovers matched by hand; posted once, in one transaction that records what arrived and moves the client
 * lines; never changed after (a correction is a new receipt).
 */

/** A brand as compared: the catalogue's brand when the spelling is known, else the normalized spelling. */
async function brandKeys(db: DbExecutor, spellings: readonly string[]): Promise<Map<string, string>> {
  const keys = [...new Set(spellings)];
  const found =
    keys.length === 0
      ? { rows: [] as { alias_normalized: string; brand_id: number }[] }
      : await db.execute<{ alias_normalized: string; brand_id: number }>(sql`
          select alias_normalized, brand_id from brand_aliases where alias_normalized = any(${sql.param(keys)}::text[])
          union
          select name_normalized, id from brands where name_normalized = any(${sql.param(keys)}::text[])`);
  const ids = new Map(found.rows.map((row) => [row.alias_normalized, `brand:${row.brand_id}`]));
  return new Map(keys.map((key) => [key, ids.get(key) ?? `name:${key}`]));
}

interface OpenLine {
  id: number;
  supplierOrderId: number;
  articleNormalized: string;
  brandNormalized: string;
  outstanding: number;
}

/** The supplier's order lines still expecting pieces of these articles, oldest first. */
async function openLinesOf(db: DbExecutor, supplierId: number, articles: readonly string[]): Promise<OpenLine[]> {
  if (articles.length === 0) return [];
  const rows = await db.execute<{
    id: string | number;
    supplier_order_id: number;
    article_normalized: string;
    brand_normalized: string;
    outstanding: number;
  }>(sql`
    select l.id, l.supplier_order_id, l.article_normalized, l.brand_normalized,
           (l.quantity - l.refused_quantity - l.received_quantity)::int as outstanding
      from supplier_order_lines l
      join supplier_orders o on o.id = l.supplier_order_id
     where o.supplier_id = ${supplierId}
       and o.state = any(${sql.param([...PROGRESS_STATES])}::text[])
       and l.article_normalized = any(${sql.param([...new Set(articles)])}::text[])
       and l.quantity - l.refused_quantity - l.received_quantity > 0
     order by l.id`);
  return rows.rows.map((row) => ({
    id: Number(row.id),
    supplierOrderId: row.supplier_order_id,
    articleNormalized: row.article_normalized,
    brandNormalized: row.brand_normalized,
    outstanding: row.outstanding,
  }));
}

const stateRefusal = (state: string): string | null =>
  state === 'draft'
    ? RECEIPT_ORDER_NOT_SENT_MESSAGE
    : FINAL_STATES.includes(state as SupplierOrderState)
      ? RECEIPT_ORDER_CLOSED_MESSAGE
      : null;

type NewReceiptLine = Omit<typeof goodsReceiptLines.$inferInsert, 'receiptId'>;

/**
 * A draft receipt. Each line is matched by hand (`supplier_order_line_id`) or else by brand and article to the
 * supplier's open order lines, oldest first, spread over several when one does not take all (the line is then
 * written as several, one per order line). Refused, nothing written: a hand match to another supplier's line, to a
 * line of an order not sent, closed or canceled, and more pieces than the matched lines still expect unless the
 * line is marked as over-delivery. A line nothing matches stays unmatched, for staff to match by hand.
 */
export async function createGoodsReceipt(
  tx: Tx,
  input: GoodsReceiptCreateRequest,
  actor: PurchaseActor,
): Promise<number> {
  const [supplier] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, input.supplier_id));
  if (!supplier) throw validationFailed({ supplier_id: ['Поставщик не найден'] });

  const lines = input.lines.map((line) => ({
    ...line,
    articleNormalized: normalizeArticle(line.article),
    brandNormalized: normalizeBrand(line.brand),
  }));
  const handIds = lines.flatMap((line) => (line.supplier_order_line_id ? [line.supplier_order_line_id] : []));
  const hand = new Map((await findOrderLines(tx, handIds)).map((line) => [line.id, line]));
  const open = await openLinesOf(
    tx,
    input.supplier_id,
    lines.filter((line) => !line.supplier_order_line_id).map((line) => line.articleNormalized),
  );
  const keys = await brandKeys(tx, [
    ...lines.map((line) => line.brandNormalized),
    ...open.map((l) => l.brandNormalized),
  ]);
  // What each order line can still take in this receipt.
  const room = new Map<number, number>(open.map((line) => [line.id, line.outstanding]));
  for (const line of hand.values()) room.set(line.id, outstandingOf(line));

  const errors: FieldErrors = {};
  const fail = (index: number, field: string, message: string) => {
    errors[`lines.${index}.${field}`] = [...(errors[`lines.${index}.${field}`] ?? []), message];
  };
  const rows: NewReceiptLine[] = [];
  for (const [index, line] of lines.entries()) {
    const base = {
      article: line.article,
      articleNormalized: line.articleNormalized,
      brandName: line.brand,
      brandNormalized: line.brandNormalized,
      description: line.description ?? '',
      price: kopecksToDecimal(toKopecks(line.price)),
      country: line.country,
      customsDeclaration: line.customs_declaration,
    };
    if (line.supplier_order_line_id) {
      const matched = hand.get(line.supplier_order_line_id);
      if (!matched || matched.supplierId !== input.supplier_id) {
        fail(index, 'supplier_order_line_id', matched ? RECEIPT_OTHER_SUPPLIER_MESSAGE : 'Строка заказа не найдена');
        continue;
      }
      const refusal = stateRefusal(matched.state);
      if (refusal) {
        fail(index, 'supplier_order_line_id', refusal);
        continue;
      }
      const left = room.get(matched.id)!;
      if (line.quantity > left && !line.over_delivery) {
        fail(index, 'quantity', `${RECEIPT_OVER_MESSAGE} (ожидается ${left})`);
        continue;
      }
      room.set(matched.id, Math.max(0, left - line.quantity));
      rows.push({
        ...base,
        supplierOrderLineId: matched.id,
        quantity: line.quantity,
        overDelivery: line.quantity > left,
      });
      continue;
    }
    const key = keys.get(line.brandNormalized);
    const candidates = open.filter(
      (candidate) =>
        candidate.articleNormalized === line.articleNormalized && keys.get(candidate.brandNormalized) === key,
    );
    if (candidates.length === 0) {
      // Nothing to match: left for staff (or accepted as goods not ordered, when so marked).
      rows.push({ ...base, supplierOrderLineId: null, quantity: line.quantity, overDelivery: line.over_delivery });
      continue;
    }
    let left = line.quantity;
    const parts: NewReceiptLine[] = [];
    for (const candidate of candidates) {
      const takes = Math.min(left, room.get(candidate.id)!);
      if (takes === 0) continue;
      parts.push({ ...base, supplierOrderLineId: candidate.id, quantity: takes, overDelivery: false });
      room.set(candidate.id, room.get(candidate.id)! - takes);
      left -= takes;
      if (left === 0) break;
    }
    if (left > 0) {
      const expected = line.quantity - left;
      if (!line.over_delivery) {
        fail(index, 'quantity', `${RECEIPT_OVER_MESSAGE} (ожидается ${expected})`);
        continue;
      }
      // The pieces beyond the order go with the last line they match, marked.
      const last = parts.at(-1);
      if (last) parts.push({ ...last, quantity: left, overDelivery: true });
      else parts.push({ ...base, supplierOrderLineId: candidates.at(-1)!.id, quantity: left, overDelivery: true });
    }
    rows.push(...parts);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const [receipt] = await tx
    .insert(goodsReceipts)
    .values({
      supplierId: input.supplier_id,
      documentNumber: input.document_number,
      documentDate: input.document_date,
      comment: input.comment,
      createdBy: actor.staffId,
      createdAt: actor.at,
    })
    .returning({ id: goodsReceipts.id });
  await tx.insert(goodsReceiptLines).values(rows.map((row) => ({ ...row, receiptId: receipt!.id })));
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'goods_receipt.create',
    entity: 'goods_receipt',
    entityId: receipt!.id,
    before: null,
    after: {
      supplier_id: input.supplier_id,
      document_number: input.document_number,
      document_date: input.document_date,
      lines: rows.length,
      unmatched: rows.filter((row) => row.supplierOrderLineId === null && !row.overDelivery).length,
    },
    at: actor.at,
  });
  return receipt!.id;
}

/** The receipt's row, locked; a 404 when there is none, a 409 once posted. */
async function lockDraftReceipt(tx: Tx, id: number) {
  const [receipt] = fitsIntegerId(id)
    ? await tx
        .select({
          id: goodsReceipts.id,
          supplierId: goodsReceipts.supplierId,
          postedAt: goodsReceipts.postedAt,
          documentNumber: goodsReceipts.documentNumber,
        })
        .from(goodsReceipts)
        .where(eq(goodsReceipts.id, id))
        .for('update')
    : [];
  if (!receipt) throw notFound(GOODS_RECEIPT_NOT_FOUND_MESSAGE);
  if (receipt.postedAt !== null) throw conflict(RECEIPT_POSTED_MESSAGE);
  return receipt;
}

const receiptLinesOf = (tx: Tx, receiptId: number) =>
  tx
    .select({
      id: goodsReceiptLines.id,
      supplierOrderLineId: goodsReceiptLines.supplierOrderLineId,
      articleNormalized: goodsReceiptLines.articleNormalized,
      brandNormalized: goodsReceiptLines.brandNormalized,
      article: goodsReceiptLines.article,
      brandName: goodsReceiptLines.brandName,
      quantity: goodsReceiptLines.quantity,
      overDelivery: goodsReceiptLines.overDelivery,
    })
    .from(goodsReceiptLines)
    .where(eq(goodsReceiptLines.receiptId, receiptId))
    .orderBy(asc(goodsReceiptLines.id));

/**
 * Matches a draft's line by hand to a supplier order line of the receipt's supplier (or unmatches it), marking it
 * as over-delivery or not; the same checks as when created.
 */
export async function matchReceiptLine(
  tx: Tx,
  input: { id: number; line_id: number; supplier_order_line_id: number | null; over_delivery: boolean },
  actor: PurchaseActor,
): Promise<void> {
  const receipt = await lockDraftReceipt(tx, input.id);
  const lines = await receiptLinesOf(tx, receipt.id);
  const line = lines.find((candidate) => candidate.id === input.line_id);
  if (!line) throw validationFailed({ line_id: ['Строки нет в этом приходе'] });
  if (input.supplier_order_line_id !== null) {
    const [matched] = await findOrderLines(tx, [input.supplier_order_line_id]);
    if (!matched) throw validationFailed({ supplier_order_line_id: ['Строка заказа не найдена'] });
    if (matched.supplierId !== receipt.supplierId) {
      throw validationFailed({ supplier_order_line_id: [RECEIPT_OTHER_SUPPLIER_MESSAGE] });
    }
    const refusal = stateRefusal(matched.state);
    if (refusal) throw validationFailed({ supplier_order_line_id: [refusal] });
    const takenHere = lines
      .filter((other) => other.id !== line.id && other.supplierOrderLineId === matched.id)
      .reduce((sum, other) => sum + other.quantity, 0);
    const left = Math.max(0, outstandingOf(matched) - takenHere);
    if (line.quantity > left && !input.over_delivery) {
      throw validationFailed({ over_delivery: [`${RECEIPT_OVER_MESSAGE} (ожидается ${left})`] });
    }
  }
  await tx
    .update(goodsReceiptLines)
    .set({ supplierOrderLineId: input.supplier_order_line_id, overDelivery: input.over_delivery })
    .where(eq(goodsReceiptLines.id, line.id));
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'goods_receipt.match',
    entity: 'goods_receipt',
    entityId: receipt.id,
    before: { line_id: line.id, supplier_order_line_id: line.supplierOrderLineId, over_delivery: line.overDelivery },
    after: {
      line_id: line.id,
      supplier_order_line_id: input.supplier_order_line_id,
      over_delivery: input.over_delivery,
    },
    at: actor.at,
  });
}

/** Deletes a draft receipt; a posted one is a document and stays. */
export async function deleteDraftReceipt(tx: Tx, id: number, actor: PurchaseActor): Promise<void> {
  const receipt = await lockDraftReceipt(tx, id);
  await tx.delete(goodsReceipts).where(eq(goodsReceipts.id, receipt.id));
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'goods_receipt.delete',
    entity: 'goods_receipt',
    entityId: receipt.id,
    before: { document_number: receipt.documentNumber },
    after: null,
    at: actor.at,
  });
}

/**
 * Posts a draft receipt, once, all in the caller's transaction: every line must be matched (or marked as goods
 * beyond any order); each matched order line takes its pieces (more than it still expects only when marked as
 * over-delivery), and its client line's pieces go «Готов к выдаче» — the line split when only part arrived;
 * orders' states follow; the receipt gets its posting time and staff member and never changes again. Any refusal
 * leaves everything as it was.
 */
export async function postGoodsReceipt(tx: Tx, id: number, actor: PurchaseActor): Promise<void> {
  const receipt = await lockDraftReceipt(tx, id);
  const lines = await receiptLinesOf(tx, receipt.id);
  const unmatched = lines.filter((line) => line.supplierOrderLineId === null && !line.overDelivery);
  if (unmatched.length > 0) {
    throw validationFailed(
      {
        lines: [
          `${RECEIPT_UNMATCHED_MESSAGE}: ${unmatched.map((line) => `${line.brandName} ${line.article}`).join(', ')}`,
        ],
      },
      RECEIPT_UNMATCHED_MESSAGE,
    );
  }
  const linked = lines.filter((line) => line.supplierOrderLineId !== null);
  const located = await findOrderLines(
    tx,
    linked.map((line) => line.supplierOrderLineId!),
  );
  const orders = await lockSupplierOrders(
    tx,
    located.map((line) => line.supplierOrderId),
  );
  const orderLines = new Map<number, LockedOrderLine>(
    (
      await lockLinesOfOrders(
        tx,
        orders.map((order) => order.id),
      )
    ).map((line) => [line.id, line]),
  );
  const stateOf = new Map(orders.map((order) => [order.id, order.state]));

  const errors: FieldErrors = {};
  const moves: { receiptLineId: number; itemId: number; pieces: number }[] = [];
  const tookLine = new Map<number, number>();
  for (const [index, line] of lines.entries()) {
    if (line.supplierOrderLineId === null) continue;
    const orderLine = orderLines.get(line.supplierOrderLineId)!;
    const refusal = stateRefusal(stateOf.get(orderLine.supplierOrderId)!);
    if (refusal) {
      errors[`lines.${index}.supplier_order_line_id`] = [refusal];
      continue;
    }
    const outstanding = outstandingOf(orderLine);
    if (line.quantity > outstanding && !line.overDelivery) {
      errors[`lines.${index}.quantity`] = [`${RECEIPT_OVER_MESSAGE} (ожидается ${outstanding})`];
      continue;
    }
    const pieces = Math.min(line.quantity, outstanding);
    if (pieces > 0 && orderLine.releasedAt === null) {
      moves.push({ receiptLineId: line.id, itemId: orderLine.orderItemId, pieces });
    } else {
      tookLine.set(line.id, orderLine.orderItemId);
    }
    orderLine.receivedQuantity += line.quantity;
    orderLine.confirmedQuantity = Math.max(
      orderLine.confirmedQuantity,
      Math.min(orderLine.receivedQuantity, orderLine.quantity - orderLine.refusedQuantity),
    );
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);

  const takers = await movePieces(
    tx,
    moves.map((move) => ({ itemId: move.itemId, pieces: move.pieces, to: 'ready' as const })),
    { ...actor, note: actor.note ?? `Приход ${receipt.documentNumber}` },
  );
  for (const [index, move] of moves.entries()) tookLine.set(move.receiptLineId, takers[index] ?? move.itemId);
  if (tookLine.size > 0) {
    await tx.execute(sql`
      update goods_receipt_lines as g set order_item_id = t.item_id
        from unnest(${sql.param([...tookLine.keys()].map(String))}::text[]::bigint[],
                    ${sql.param([...tookLine.values()].map(String))}::text[]::bigint[]) as t(id, item_id)
       where g.id = t.id`);
  }
  const filled = new Set(linked.map((line) => line.supplierOrderLineId!));
  const touched = [...orderLines.values()].filter((line) => filled.has(line.id));
  await saveLineQuantities(tx, touched);
  for (const order of orders) {
    await settleState(
      tx,
      order,
      [...orderLines.values()].filter((line) => line.supplierOrderId === order.id),
      actor,
    );
  }
  await tx
    .update(goodsReceipts)
    .set({ postedAt: actor.at, postedBy: actor.staffId })
    .where(eq(goodsReceipts.id, receipt.id));
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action: 'goods_receipt.post',
    entity: 'goods_receipt',
    entityId: receipt.id,
    before: { posted: false },
    after: {
      posted: true,
      document_number: receipt.documentNumber,
      supplier_orders: orders.map((order) => order.id),
      pieces: lines.reduce((sum, line) => sum + line.quantity, 0),
      over_delivery: lines.filter((line) => line.overDelivery).length,
    },
    at: actor.at,
  });
}
