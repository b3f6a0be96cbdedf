import { and, asc, count, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import {
  CREDIT_HOLD_NAMES,
  ORDER_STATUS_NAMES,
  REORDER_NOT_REFUSED_MESSAGE,
  REORDER_OFFER_GONE_MESSAGE,
  kopecksToDecimal,
  normalizeBrand,
  roublesFromDecimal,
  toKopecks,
  type CreditHold,
  type OrderStatus,
  type PurchaseAlternative,
  type PurchaseQueueFilters,
  type PurchaseQueueGroup,
  type PurchaseQueueLine,
  type SupplierOrderReorderRequest,
} from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { brands, clients, offers, orderItems, orders, supplierOrderLines, suppliers } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { clientName, expectedDayOf, searchMatches, type LatenessClock } from '../orders/admin-queries.ts';
import { openHoldReasons } from '../ledger/holds.ts';
import { lockLinesWithOrders } from '../orders/line-split.ts';
import { resourceLine } from '../orders/line-source.ts';
import { supplierDisplayName } from '../pricing/client-pricing.ts';
import { WAITING_STATUSES } from './client-lines.ts';
import { heldItems, lockDrafts } from './queries.ts';
import { talliesAnswer, tallyCount, tallyGroups } from './queue-tallies.ts';
import { createSupplierOrders, type PurchaseActor } from './supplier-orders.ts';

/**
 * The «К заказу» queue (decision 0049): client lines waiting to be bought — «Новый», «В работе» or «Отказ
 * поставщика» — that no supplier order line holds; by supplier (real name), oldest order first. Beside a refused
 * line: its last refusal, and the other current offers of its part and analogs to re-order from.
 */

const waiting = (): SQL =>
  and(
    inArray(orderItems.status, [...WAITING_STATUSES]),
    notExists(
      sql`(select 1 from ${supplierOrderLines} where ${supplierOrderLines.orderItemId} = ${orderItems.id} and ${supplierOrderLines.releasedAt} is null)`,
    ),
  )!;

function queueConditions(filters: PurchaseQueueFilters, timeZone: string): SQL {
  const conditions: (SQL | undefined)[] = [
    waiting(),
    ...withinDays(orders.createdAt, filters.date_from, filters.date_to, timeZone),
  ];
  if (filters.supplier_id != null) conditions.push(eq(orderItems.supplierId, filters.supplier_id));
  if (filters.refused) conditions.push(eq(orderItems.status, 'supplier_refused'));
  const q = filters.q?.trim();
  if (q) conditions.push(searchMatches(q));
  return and(...conditions)!;
}

const base = <T extends Record<string, unknown>>(db: DbExecutor, columns: T) =>
  db
    .select(columns as never)
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(suppliers, eq(suppliers.id, orderItems.supplierId));

export async function countQueue(db: DbExecutor, filters: PurchaseQueueFilters, timeZone: string): Promise<number> {
  // Without a search or days, the tallies (decision 0059): a few hundred rows, not every waiting line.
  if (talliesAnswer(filters)) return tallyCount(db, filters);
  const [row] = (await base(db, { total: count() }).where(queueConditions(filters, timeZone))) as { total: number }[];
  return row?.total ?? 0;
}

const queueColumns = {
  id: orderItems.id,
  orderId: orderItems.orderId,
  createdAt: orders.createdAt,
  clientId: orders.clientId,
  lastName: orders.lastName,
  firstName: orders.firstName,
  middleName: orders.middleName,
  companyName: orders.companyName,
  supplierId: orderItems.supplierId,
  supplierName: suppliers.name,
  article: orderItems.article,
  brandName: orderItems.brandName,
  description: orderItems.description,
  quantity: orderItems.quantity,
  purchasePrice: orderItems.purchasePrice,
  price: orderItems.price,
  deliveryDays: orderItems.deliveryDays,
  status: orderItems.status,
};
type QueueRow = { [K in keyof typeof queueColumns]: (typeof queueColumns)[K]['_']['data'] } & {
  supplierName: string | null;
};

type RefusalRow = {
  order_item_id: string | number;
  reason: string;
  created_at: Date | string;
  supplier_order_id: number;
  number: string;
  supplier_id: number;
  supplier_name: string;
};

/** The last refusal of each of these client lines. */
async function lastRefusals(
  db: DbExecutor,
  itemIds: readonly number[],
): Promise<Map<number, PurchaseQueueLine['refusal']>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db.execute<RefusalRow>(sql`
    select distinct on (r.order_item_id) r.order_item_id, r.reason, r.created_at, o.id as supplier_order_id,
           o.number, o.supplier_id, s.name as supplier_name
      from supplier_refusals r
      join supplier_order_lines l on l.id = r.supplier_order_line_id
      join supplier_orders o on o.id = l.supplier_order_id
      join suppliers s on s.id = o.supplier_id
     where r.order_item_id = any(${sql.param(itemIds.map(String))}::text[]::bigint[])
     order by r.order_item_id, r.id desc`);
  return new Map(
    rows.rows.map((row) => [
      Number(row.order_item_id),
      {
        reason: row.reason,
        supplier_id: row.supplier_id,
        supplier_name: row.supplier_name,
        supplier_order_id: row.supplier_order_id,
        supplier_order_number: row.number,
        at: new Date(row.created_at).toISOString(),
      },
    ]),
  );
}

function lineOf(
  row: QueueRow,
  clock: LatenessClock,
  refusal: PurchaseQueueLine['refusal'] | undefined,
  hold: CreditHold['reason'] | undefined,
): PurchaseQueueLine {
  return {
    order_item_id: row.id,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
    client_id: row.clientId,
    client_name: clientName(row),
    supplier_id: row.supplierId,
    supplier_name: row.supplierName,
    article: row.article,
    brand_name: row.brandName,
    description: row.description,
    quantity: row.quantity,
    purchase_price: row.purchasePrice === null ? null : roublesFromDecimal(row.purchasePrice),
    price: roublesFromDecimal(row.price),
    expected_day: expectedDayOf(row.createdAt, row.deliveryDays, clock.calendar, clock.timeZone),
    status: row.status as OrderStatus,
    status_name: ORDER_STATUS_NAMES[row.status as OrderStatus],
    refusal: refusal ?? null,
    credit_hold: hold ? { reason: hold, name: CREDIT_HOLD_NAMES[hold] } : null,
  };
}

/** The page's lines with their last refusals and their orders' credit holds (issue 31). */
async function linesOf(db: DbExecutor, rows: QueueRow[], clock: LatenessClock): Promise<PurchaseQueueLine[]> {
  const [refusals, holds] = await Promise.all([
    lastRefusals(
      db,
      rows.filter((row) => row.status === 'supplier_refused').map((row) => row.id),
    ),
    openHoldReasons(
      db,
      rows.map((row) => row.orderId),
    ),
  ]);
  return rows.map((row) => lineOf(row, clock, refusals.get(row.id), holds.get(row.orderId)));
}

/**
 * A page of the queue: by supplier (lines without one last), oldest order first — the order of the waiting lines'
 * index (`order_items_waiting_idx`), so that a page reads its own rows, not all 50,000 sorted by name; the groups
 * (`queueGroups`) are by name.
 */
export async function listQueue(
  db: DbExecutor,
  filters: PurchaseQueueFilters,
  clock: LatenessClock,
  limit: number,
  offset: number,
): Promise<PurchaseQueueLine[]> {
  const rows = (await base(db, queueColumns)
    .where(queueConditions(filters, clock.timeZone))
    .orderBy(asc(orderItems.supplierId), asc(orderItems.orderId), asc(orderItems.id))
    .limit(limit)
    .offset(offset)) as QueueRow[];
  return linesOf(db, rows, clock);
}

/** The queue by supplier, for the same filters. */
export async function queueGroups(
  db: DbExecutor,
  filters: PurchaseQueueFilters,
  timeZone: string,
): Promise<PurchaseQueueGroup[]> {
  if (talliesAnswer(filters)) return tallyGroups(db, filters);
  const rows = (await base(db, {
    supplierId: orderItems.supplierId,
    supplierName: suppliers.name,
    lines: sql<number>`count(*)::int`,
    quantity: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    total: sql<string>`coalesce(sum(coalesce(${orderItems.purchasePrice}, 0) * ${orderItems.quantity}), 0)::numeric(14,2)::text`,
  })
    .where(queueConditions(filters, timeZone))
    .groupBy(orderItems.supplierId, suppliers.name)
    .orderBy(sql`${suppliers.name} asc nulls last`)) as {
    supplierId: number | null;
    supplierName: string | null;
    lines: number;
    quantity: number;
    total: string;
  }[];
  return rows.map((row) => ({
    supplier_id: row.supplierId,
    supplier_name: row.supplierName,
    lines: row.lines,
    quantity: row.quantity,
    purchase_total: roublesFromDecimal(row.total),
  }));
}

/** One waiting line as the queue shows it; null when there is no such line or it does not wait. */
export async function findQueueLine(db: DbExecutor, itemId: number, clock: LatenessClock) {
  if (!Number.isSafeInteger(itemId)) return null;
  const [row] = (await base(db, queueColumns).where(and(eq(orderItems.id, itemId), waiting()))) as QueueRow[];
  if (!row) return null;
  const [line] = await linesOf(db, [row], clock);
  return line!;
}

const marginPercent = (marginKopecks: number, sellingKopecks: number): number | null =>
  sellingKopecks === 0 ? null : Math.round((marginKopecks * 1000) / sellingKopecks) / 10;

/**
 * The other current offers of a waiting line's part (same brand and article) and of its analogs (the catalogue's
 * cross-references, either way round), from active suppliers with pieces in stock: purchase price, delivery,
 * supplier, its stated probability, and the margin at the client's price. The same part first, then the cheapest.
 */
export async function findAlternatives(
  db: DbExecutor,
  itemId: number,
  clock: LatenessClock,
): Promise<{ line: PurchaseQueueLine; offers: PurchaseAlternative[] }> {
  const line = await findQueueLine(db, itemId, clock);
  if (!line) throw notFound(REORDER_NOT_REFUSED_MESSAGE);
  const [item] = await db
    .select({ offerId: orderItems.offerId, articleNormalized: orderItems.articleNormalized })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  const brandKey = normalizeBrand(line.brand_name);
  const rows = await db.execute<{
    id: string | number;
    supplier_id: number;
    supplier_name: string;
    article: string;
    brand_name: string;
    description: string;
    price: string;
    quantity: number;
    delivery_days: number | null;
    probability: number | null;
    analog: boolean;
  }>(sql`
    with part as (
      select distinct brand_id, ${item!.articleNormalized}::text as article from (
        select a.brand_id from brand_aliases a where a.alias_normalized = ${brandKey}
        union select b.id from brands b where b.name_normalized = ${brandKey}
        union select o.brand_id from offers o where o.id = ${item!.offerId ?? 0}
      ) as known
    ), parts as (
      select brand_id, article, false as analog from part
      union
      select x.brand_id_b, x.article_normalized_b, true from cross_references x join part p
        on x.brand_id_a = p.brand_id and x.article_normalized_a = p.article
      union
      select x.brand_id_a, x.article_normalized_a, true from cross_references x join part p
        on x.brand_id_b = p.brand_id and x.article_normalized_b = p.article
    ), wanted as (
      select brand_id, article, bool_and(analog) as analog from parts group by brand_id, article
    )
    select f.id, f.supplier_id, s.name as supplier_name, f.article, b.name as brand_name, f.description, f.price,
           f.quantity, coalesce(f.delivery_days, s.default_delivery_days) as delivery_days,
           s.delivery_probability as probability, w.analog
      from wanted w
      join offers f on f.article_normalized = w.article and f.brand_id = w.brand_id
      join suppliers s on s.id = f.supplier_id and s.active
      join brands b on b.id = f.brand_id
     where f.quantity > 0 ${item!.offerId !== null ? sql`and f.id <> ${item!.offerId}` : sql``}
     order by w.analog, f.price, coalesce(f.delivery_days, s.default_delivery_days), f.id
     limit 50`);
  const selling = toKopecks(line.price);
  return {
    line,
    offers: rows.rows.map((row) => {
      const margin = selling - toKopecks(row.price);
      return {
        offer_id: Number(row.id),
        supplier_id: row.supplier_id,
        supplier_name: row.supplier_name,
        article: row.article,
        brand_name: row.brand_name,
        description: row.description,
        analog: row.analog,
        purchase_price: roublesFromDecimal(row.price),
        available: row.quantity,
        delivery_days: row.delivery_days,
        probability: row.probability,
        margin: margin / 100,
        margin_percent: marginPercent(margin, selling),
      };
    }),
  };
}

/**
 * Re-sources a waiting line (refused by its supplier, or not yet ordered) from another offer, in one action: the
 * line names the offer's part, supplier, purchase price and delivery (the client's price kept unless `price` is
 * given, which re-bills the order), and goes into that supplier's draft. Answers the draft's id.
 */
export async function reorderLine(tx: Tx, input: SupplierOrderReorderRequest, actor: PurchaseActor): Promise<number> {
  const [offer] = await tx
    .select({
      id: offers.id,
      supplierId: offers.supplierId,
      supplierName: supplierDisplayName(),
      article: offers.article,
      articleNormalized: offers.articleNormalized,
      brandName: brands.name,
      description: offers.description,
      deliveryDays: sql<number | null>`coalesce(${offers.deliveryDays}, ${suppliers.defaultDeliveryDays})`,
      price: offers.price,
    })
    .from(offers)
    .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(offers.id, input.offer_id));
  if (!offer) throw conflict(REORDER_OFFER_GONE_MESSAGE);
  // Drafts before client lines: the lock order of every purchasing write.
  await lockDrafts(tx, [offer.supplierId]);
  const [line] = await lockLinesWithOrders(tx, [input.order_item_id]);
  if (!line) throw notFound(REORDER_NOT_REFUSED_MESSAGE);
  if (!WAITING_STATUSES.includes(line.status) || (await heldItems(tx, [line.id])).size > 0) {
    throw conflict(REORDER_NOT_REFUSED_MESSAGE);
  }
  await resourceLine(
    tx,
    line,
    {
      offerId: offer.id,
      supplierId: offer.supplierId,
      supplierName: offer.supplierName,
      article: offer.article,
      articleNormalized: offer.articleNormalized,
      brandName: offer.brandName,
      description: offer.description,
      deliveryDays: offer.deliveryDays,
      purchasePrice: offer.price,
      price: input.price == null ? null : kopecksToDecimal(toKopecks(input.price)),
    },
    { ...actor, note: input.note ?? actor.note },
  );
  const [draft] = await createSupplierOrders(tx, [line.id], null, actor);
  return draft!.id;
}
