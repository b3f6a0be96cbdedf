import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BasketItem, BasketRef } from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { basketItems, baskets, brands, offers, suppliers } from '../../db/schema/index.ts';
import { supplierNotHiddenSql } from '../supplier-sources/stale-sql.ts';
import { offerRowColumns, toOffer, type OfferRow } from '../catalog/offer-rows.ts';
import {
  offerStatsLateral,
  promisedDaysSql,
  shownProbabilitySql,
  toDeliveryStats,
} from '../delivery-stats/stats-sql.ts';
import { newBasketKey } from './basket-key.ts';
import type { NamedStatement } from '../../db/named-statement.ts';
import { PricedStatements, supplierDisplayName, type ClientPricing } from '../pricing/client-pricing.ts';
import type { PricingProfile } from '../pricing/policy.ts';
import { sellingPriceSql } from '../pricing/policy-sql.ts';

/*
 * Every change of a basket is one SQL statement that reads and writes the row it changes (upsert, bounded
 * update, delete), so concurrent requests on one basket serialize on the row and never lose an update.
 * Nothing here reads a quantity into JavaScript to write it back.
 */

export interface StoredBasket {
  id: number;
  key: string;
  clientId: number | null;
}

const basketIdParam = sql.placeholder('basketId');

/**
 * The two small reads, built by drizzle once per database rather than on every request and sent as named
 * prepared statements: each connection parses and plans them once.
 */
function buildReads(db: Db) {
  return {
    basket: db
      .select({ id: baskets.id, key: baskets.key, clientId: baskets.clientId })
      .from(baskets)
      .where(eq(baskets.id, basketIdParam))
      .prepare('basket_by_id'),
    lineCount: db
      .select({ lines: count() })
      .from(basketItems)
      .where(eq(basketItems.basketId, basketIdParam))
      .prepare('basket_line_count'),
  };
}

/** A row of the lines' statement, in its column order; bigint ids and NUMERIC values as text. */
type LineRow = readonly [
  offerId: string,
  article: string,
  brandName: string,
  description: string,
  deliveryDays: number | null,
  supplierName: string | null,
  deliveryProbability: number | null,
  price: string,
  quantity: number,
  weight: string | null,
  lineId: string,
  quantityInBasket: number,
  priceChanged: boolean,
  basketKey: string,
  basketClientId: number | null,
  statsMedianDays: number | null,
  statsOnTimePercent: number | null,
  statsLines: number | null,
];

const discountParam = sql`${sql.placeholder('discount')}::int`;

/** The selling price of the `offers` row under `profile`, the discount a parameter of the statement. */
const statementSellingPrice = (profile: PricingProfile): SQL =>
  sellingPriceSql(profile, {
    purchase: sql`${offers.price}`,
    supplierId: sql`${offers.supplierId}`,
    brandId: sql`${offers.brandId}`,
    personalDiscount: discountParam,
  });

/**
 * A basket's lines with their offers, and the basket's key and owner on every row: a basket with lines is read
 * in one round trip. A named prepared statement whose generic plan, made without knowing the basket, must still
 * look the basket's few offers up by key: the offer of a line is a lateral subquery with `limit 1` (an offer id
 * is unique anyway), which PostgreSQL runs once per line and cannot turn into a join over the whole offers table.
 * Rows come back as arrays, unmapped: drizzle's mapping of 50 lines cost more than the query. Prices are the
 * viewer's selling prices (one statement per profile), and `price_changed` compares them with the selling price
 * the line was added at.
 */
/**
 * An offer's stock as far as selling goes: none while its supplier's list is stale and hidden (decision 0025),
 * so the basket shows it as out of stock and the checkout refuses it as it refuses any offer sold out.
 */
const sellableQuantity = sql`case when ${supplierNotHiddenSql(sql`${offers.supplierId}`)} then ${offers.quantity} else 0 end`;

const linesStatements = new PricedStatements<{ basketId: number; discount: number }>(
  'basket_lines',
  (profile) => sql`
  select line_offer.id::text, line_offer.article, line_offer.brand_name, line_offer.description,
         line_offer.delivery_days, line_offer.supplier_name, line_offer.delivery_probability,
         line_offer.price::text, line_offer.quantity,
         line_offer.weight::text, ${basketItems.id}::text, ${basketItems.quantity},
         line_offer.price <> ${basketItems.priceSeen}, ${baskets.key}, ${baskets.clientId},
         line_offer.stats_median_days, line_offer.stats_on_time_percent, line_offer.stats_lines
  from ${basketItems}
  join ${baskets} on ${baskets.id} = ${basketItems.basketId}
  cross join lateral (
    select ${offers.id}, ${offers.article}, ${brands.name} as brand_name, ${offers.description},
           ${promisedDaysSql(sql`${suppliers.learnedDeliveryDays}`, 'ds', sql`${offers.deliveryDays}`)} as delivery_days,
           ${supplierDisplayName()} as supplier_name,
           ${shownProbabilitySql(sql`${suppliers.learnedDeliveryProbability}`, 'ds', sql`${suppliers.deliveryProbability}`)} as delivery_probability,
           ${statementSellingPrice(profile)} as price, ${sellableQuantity} as quantity, ${offers.weight},
           ds.median_days as stats_median_days, ds.on_time_percent as stats_on_time_percent, ds.lines as stats_lines
    from ${offers}
    join ${brands} on ${brands.id} = ${offers.brandId}
    join ${suppliers} on ${suppliers.id} = ${offers.supplierId} and ${suppliers.active}
    -- The supplier's learned delivery (decision 0068): one primary-key probe into the rollup.
    left join lateral (${offerStatsLateral(sql`${offers.supplierId}`, sql`${offers.brandId}`)}) ds on true
    where ${offers.id} = ${basketItems.offerId}
    limit 1
  ) line_offer
  where ${basketItems.basketId} = ${basketIdParam}
  order by ${basketItems.id}`,
);

/** The statement that reads a basket's lines priced for `pricing`. */
export const linesStatement = (pricing: ClientPricing): NamedStatement<{ basketId: number; discount: number }> =>
  linesStatements.for(pricing);

// Object.assign rather than a spread: spreading an offer and overriding its id took V8's slow path, 25 times the
// cost of the whole mapping (130 µs for 50 lines).
const lineItem = (row: LineRow): BasketItem =>
  Object.assign(
    toOffer({
      id: Number(row[0]),
      article: row[1],
      brandName: row[2],
      description: row[3],
      deliveryDays: row[4],
      supplierName: row[5],
      deliveryProbability: row[6],
      price: row[7],
      quantity: row[8],
      weight: row[9],
    }),
    {
      id: Number(row[10]),
      offer_id: Number(row[0]),
      quantity_in_basket: row[11],
      price_changed: row[12],
      delivery_stats: toDeliveryStats(row[15], row[16], row[17]),
    },
  );

const builtReads = new WeakMap<Db, ReturnType<typeof buildReads>>();

/** The reads of `db`; they run on the database itself, never inside a transaction. */
function readsOf(db: Db): ReturnType<typeof buildReads> {
  let reads = builtReads.get(db);
  if (!reads) {
    reads = buildReads(db);
    builtReads.set(db, reads);
  }
  return reads;
}

export async function findBasket(db: Db, basketId: number): Promise<StoredBasket | null> {
  const [row] = await readsOf(db).basket.execute({ basketId });
  return row ?? null;
}

/** A new anonymous basket with a fresh key. */
export async function insertAnonymousBasket(db: DbExecutor): Promise<BasketRef> {
  const [row] = await db
    .insert(baskets)
    .values({ key: newBasketKey() })
    .returning({ basket_id: baskets.id, basket_key: baskets.key });
  if (!row) throw new Error('No basket returned by the insert');
  return row;
}

const offerIdParam = sql.placeholder('offerId');
const quantityParam = sql.placeholder('quantity');

const addStatements = new PricedStatements<{ basketId: number; offerId: number; quantity: number; discount: number }>(
  'basket_add',
  (profile) => sql`
    with added as (
      insert into ${basketItems} (basket_id, offer_id, quantity, price_seen)
      select ${basketIdParam}::integer, ${offers.id}, ${quantityParam}::integer, ${statementSellingPrice(profile)}
      from ${offers}
      where ${offers.id} = ${offerIdParam}::bigint and ${offers.quantity} >= ${quantityParam}::integer
        and ${supplierNotHiddenSql(sql`${offers.supplierId}`)}
      on conflict (basket_id, offer_id) do update
      set quantity = ${basketItems}.quantity + excluded.quantity, price_seen = excluded.price_seen
      where ${basketItems}.quantity::bigint + excluded.quantity
        <= (select ${offers.quantity} from ${offers} where ${offers.id} = excluded.offer_id)
      -- xmax is 0 on a row this statement inserted, not on one it updated.
      returning (xmax = 0) as new_line
    )
    select (select count(*) from added)::int as added,
           ((select count(*) from ${basketItems} where ${basketItems.basketId} = ${basketIdParam}::integer)
             + (select count(*) from added where new_line))::int as lines
  `,
);

/**
 * Puts `quantity` pieces of an offer into a basket, at the offer's current selling price for `pricing`: a new line, or more of the
 * line already there (its price seen becomes the current one, which the visitor has just seen). Refused, with
 * nothing changed, when the offer is unknown or the line would hold more than the offer's stock. Answers the
 * basket's number of lines after the add (one round trip: the lines counted as the statement began, plus one if
 * the add made a new line), or null when refused.
 */
export async function addOfferToBasket(
  db: DbExecutor,
  basketId: number,
  offerId: number,
  quantity: number,
  pricing: ClientPricing,
): Promise<number | null> {
  const [row] = await addStatements
    .for(pricing)
    .rows<{ added: number; lines: number }>(db, { basketId, offerId, quantity, discount: pricing.discount });
  return row && row.added > 0 ? row.lines : null;
}

/** An offer's stock and how many of it a basket holds; null when the offer does not exist (any more). */
export async function findStockAndLine(
  db: DbExecutor,
  basketId: number | null,
  offerId: number,
): Promise<{ stock: number; inBasket: number } | null> {
  const [row] = await db
    .select({ stock: offers.quantity, inBasket: sql<number>`coalesce(${basketItems.quantity}, 0)`.mapWith(Number) })
    .from(offers)
    .leftJoin(basketItems, and(eq(basketItems.offerId, offers.id), eq(basketItems.basketId, basketId ?? 0)))
    .where(eq(offers.id, offerId));
  return row ?? null;
}

/**
 * Steps a line's quantity by `step`, kept within 1 and the offer's stock (a stock that fell below the quantity
 * brings the quantity down to it). False when the basket has no such line.
 */
export async function stepLineQuantity(
  db: DbExecutor,
  basketId: number,
  lineId: number,
  step: 1 | -1,
): Promise<boolean> {
  const result = await db.execute<{ quantity: number }>(sql`
    update ${basketItems}
    set quantity = greatest(1, least(${basketItems.quantity} + ${step}::integer, ${offers.quantity}))
    from ${offers}
    where ${offers.id} = ${basketItems.offerId} and ${basketItems.id} = ${lineId} and ${basketItems.basketId} = ${basketId}
    returning ${basketItems.quantity}
  `);
  return result.rows.length > 0;
}

/** A typed quantity, kept within 1 and the offer's stock; false when the basket has no such line. */
export async function setLineQuantity(
  db: DbExecutor,
  basketId: number,
  lineId: number,
  quantity: number,
): Promise<boolean> {
  const result = await db.execute<{ quantity: number }>(sql`
    update ${basketItems}
    set quantity = greatest(1, least(${quantity}::integer, ${offers.quantity}))
    from ${offers}
    where ${offers.id} = ${basketItems.offerId} and ${basketItems.id} = ${lineId} and ${basketItems.basketId} = ${basketId}
    returning ${basketItems.quantity}
  `);
  return result.rows.length > 0;
}

/** False when the basket has no such line. */
export async function deleteLine(db: DbExecutor, basketId: number, lineId: number): Promise<boolean> {
  const deleted = await db
    .delete(basketItems)
    .where(and(eq(basketItems.id, lineId), eq(basketItems.basketId, basketId)))
    .returning({ id: basketItems.id });
  return deleted.length > 0;
}

export async function deleteAllLines(db: DbExecutor, basketId: number): Promise<void> {
  await db.delete(basketItems).where(eq(basketItems.basketId, basketId));
}

/** Lines, not pieces. */
export async function countLines(db: Db, basketId: number): Promise<number> {
  const [row] = await readsOf(db).lineCount.execute({ basketId });
  return row?.lines ?? 0;
}

/**
 * A basket with its lines in the order they were added: every field from the offer as it is now (the shared offer
 * mapping), the line's id and quantity, and whether the price moved since the line's price was seen. Null when
 * there is no such basket. The caller checks the key before showing anything.
 */
export async function findBasketWithLines(
  db: Db,
  basketId: number,
  pricing: ClientPricing,
): Promise<{ basket: StoredBasket; items: BasketItem[] } | null> {
  const rows = await linesStatement(pricing).arrays<LineRow>(db, { basketId, discount: pricing.discount });
  const [first] = rows;
  if (!first) {
    const basket = await findBasket(db, basketId);
    return basket && { basket, items: [] };
  }
  return { basket: { id: basketId, key: first[13], clientId: first[14] }, items: rows.map(lineItem) };
}

/** A basket's lines (none for an unknown basket), for callers that have checked the basket already. */
export async function listLines(db: Db, basketId: number, pricing: ClientPricing): Promise<BasketItem[]> {
  return (await findBasketWithLines(db, basketId, pricing))?.items ?? [];
}

/* The lines a checkout orders, as it locks them. */

/** A basket line with its offer as it is now: `price` the selling price, with what the order line keeps. */
export interface BasketLineRow extends OfferRow {
  lineId: number;
  quantityInBasket: number;
  priceSeen: string;
  /** For the shop's side of the order line only: never sent to a client. */
  purchasePrice: string;
  supplierId: number;
  /** The part (brand, normalized article) the offer is of, and the one it was added as an analog of (issue 32). */
  brandId: number;
  articleNormalized: string;
  analogOfBrandId: number | null;
  analogOfArticle: string | null;
}

/**
 * The lines `lineIds` of basket `basketId` with their offers as they are now, row-locked (lines and offers) until
 * the transaction ends, in the order they were added. Ids of other baskets are simply not found. Rows are locked
 * as they leave the sort, in offer id order: the one order every checkout uses, so that two checkouts sharing
 * offers wait for each other instead of deadlocking.
 */
export async function lockBasketLines(
  tx: Tx,
  basketId: number,
  lineIds: readonly number[],
  pricing: ClientPricing,
): Promise<BasketLineRow[]> {
  const rows = await tx
    .select({
      ...offerRowColumns(pricing),
      // A stale list's offer hidden from sale has nothing to sell: the checkout sees it as out of stock (409).
      quantity: sql<number>`${sellableQuantity}`.mapWith(Number),
      purchasePrice: offers.price,
      supplierId: offers.supplierId,
      brandId: offers.brandId,
      articleNormalized: offers.articleNormalized,
      analogOfBrandId: basketItems.analogOfBrandId,
      analogOfArticle: basketItems.analogOfArticle,
      lineId: basketItems.id,
      quantityInBasket: basketItems.quantity,
      priceSeen: basketItems.priceSeen,
    })
    .from(basketItems)
    .innerJoin(offers, eq(offers.id, basketItems.offerId))
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
    .where(and(eq(basketItems.basketId, basketId), inArray(basketItems.id, [...lineIds])))
    .orderBy(asc(offers.id))
    .for('update', { of: [basketItems, offers] });
  return rows.sort((a, b) => a.lineId - b.lineId);
}

/**
 * (issue 32, point 6) The line of `offerId` was added as an analog of `searched`: checkout counts it for that pair.
 * Nothing is written when the offer is the searched part itself.
 */
export async function markLineAnalogOf(
  db: DbExecutor,
  basketId: number,
  offerId: number,
  searched: { brandId: number; articleNormalized: string },
): Promise<void> {
  await db.execute(sql`
    update ${basketItems} bi
       set analog_of_brand_id = ${searched.brandId}, analog_of_article = ${searched.articleNormalized}
      from ${offers} o
     where bi.basket_id = ${basketId} and bi.offer_id = ${offerId} and o.id = bi.offer_id
       and not (o.brand_id = ${searched.brandId} and o.article_normalized = ${searched.articleNormalized})`);
}

/** After a 409: the lines remember the prices the client has now been shown. */
export async function updatePricesSeen(tx: Tx, lines: ReadonlyArray<{ lineId: number; price: string }>): Promise<void> {
  for (const line of lines) {
    await tx.update(basketItems).set({ priceSeen: line.price }).where(eq(basketItems.id, line.lineId));
  }
}

/** Takes the ordered lines out of the basket, whose age (abandoned baskets expire by it) starts again. */
export async function deleteBasketLines(tx: Tx, basketId: number, lineIds: readonly number[]): Promise<void> {
  await tx.execute(sql`
    with removed as (
      delete from ${basketItems}
      where ${basketItems.basketId} = ${basketId} and ${basketItems.id} = any(${sql.param(lineIds.map(String))}::text[]::bigint[])
    )
    update ${baskets} set updated_at = now() where ${baskets.id} = ${basketId}
  `);
}

/* Adding several offers at once (basket-add-items, decision 0029). */

/** The basket row, locked until the transaction ends: bulk adds into one basket run one after another. */
export async function lockBasket(tx: Tx, basketId: number): Promise<StoredBasket | null> {
  const [row] = await tx
    .select({ id: baskets.id, key: baskets.key, clientId: baskets.clientId })
    .from(baskets)
    .where(eq(baskets.id, basketId))
    .for('update');
  return row ?? null;
}

export interface OfferAdded {
  offerId: number;
  requested: number;
  added: number;
}

/**
 * Puts each offer into the basket, `quantity` pieces clamped to what the stock leaves beside the line already
 * there (an offer with nothing left, unknown or hidden with its stale list is skipped), at the offer's selling
 * price for `pricing`: one statement for every offer. Offer ids must be distinct. Run it in the transaction that
 * locked the basket (lockBasket), so that the lines read are the lines written; the upsert's clamp holds even
 * against a stock lowered meanwhile.
 */
export async function addOffersToBasket(
  tx: Tx,
  basketId: number,
  items: ReadonlyArray<{ offerId: number; quantity: number }>,
  pricing: ClientPricing,
): Promise<OfferAdded[]> {
  const sellingPrice = sellingPriceSql(pricing.profile, {
    purchase: sql`o.price`,
    supplierId: sql`o.supplier_id`,
    brandId: sql`o.brand_id`,
    personalDiscount: sql`${pricing.discount}::int`,
  });
  const offerIds = sql.param(items.map((item) => String(item.offerId)));
  const quantities = sql.param(items.map((item) => String(item.quantity)));
  const result = await tx.execute<{ offer_id: string; requested: number; added: number }>(sql`
    with wanted as (
      select w.offer_id::bigint as offer_id, w.quantity::int as requested
        from unnest(${offerIds}::text[], ${quantities}::text[]) as w(offer_id, quantity)
    ),
    available as (
      select w.offer_id, w.requested, o.quantity - coalesce(line.quantity, 0) as room,
             coalesce(line.quantity, 0) as in_basket, ${sellingPrice} as price
        from wanted w
        join ${offers} o on o.id = w.offer_id and ${supplierNotHiddenSql(sql`o.supplier_id`)}
        left join ${basketItems} line on line.basket_id = ${basketId}::integer and line.offer_id = w.offer_id
    ),
    added as (
      insert into ${basketItems} (basket_id, offer_id, quantity, price_seen)
      select ${basketId}::integer, offer_id, least(requested, room), price from available where room > 0
      on conflict (basket_id, offer_id) do update
      set quantity = least(${basketItems}.quantity + excluded.quantity,
                           (select ${offers.quantity} from ${offers} where ${offers.id} = excluded.offer_id)),
          price_seen = excluded.price_seen
      returning offer_id, quantity
    )
    select w.offer_id::text as offer_id, w.requested, greatest(coalesce(a.quantity - v.in_basket, 0), 0)::int as added
      from wanted w
      left join available v on v.offer_id = w.offer_id
      left join added a on a.offer_id = w.offer_id
  `);
  return result.rows.map((row) => ({ offerId: Number(row.offer_id), requested: row.requested, added: row.added }));
}

/** Lines, not pieces, inside a transaction (countLines reads outside one). */
export async function countLinesIn(tx: Tx, basketId: number): Promise<number> {
  const [row] = await tx.select({ lines: count() }).from(basketItems).where(eq(basketItems.basketId, basketId));
  return row?.lines ?? 0;
}
