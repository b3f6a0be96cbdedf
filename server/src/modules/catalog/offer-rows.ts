import { and, eq, sql, type SQL } from 'drizzle-orm';
import { roublesFromDecimal, type Offer } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { brands, offers, suppliers } from '../../db/schema/index.ts';
import { offerSellingPrice, supplierDisplayName, type ClientPricing } from '../pricing/client-pricing.ts';
import { promisedDaysScalarSql, shownProbabilityScalarSql } from '../delivery-stats/stats-sql.ts';

/**
 * The days an offer promises and the probability it shows: the supplier's learned ones when it is set so and has
 * enough lines (decision 0068), else the typed ones. What the checkout copies onto the order line.
 */
export const offerPromisedDays = (): SQL<number | null> =>
  sql<
    number | null
  >`${promisedDaysScalarSql(sql`${suppliers.learnedDeliveryDays}`, sql`${offers.supplierId}`, sql`${offers.brandId}`, sql`${offers.deliveryDays}`)}`;
export const offerShownProbability = (): SQL<number | null> =>
  sql<
    number | null
  >`${shownProbabilityScalarSql(sql`${suppliers.learnedDeliveryProbability}`, sql`${offers.supplierId}`, sql`${offers.brandId}`, sql`${suppliers.deliveryProbability}`)}`;

/**
 * The one mapping from stored offers (with their brand and supplier) to the contract's Offer, priced for one
 * client. Basket, checkout, catalogue and recommendations select `offerRowColumns(pricing)` and turn each row
 * into an Offer with `toOffer`; the search statement selects the same values in its own SQL. The price is the
 * selling price and the supplier its display name: the purchase price and the real name are never selected here.
 */
export const offerRowColumns = (pricing: ClientPricing) => ({
  id: offers.id,
  article: offers.article,
  brandName: brands.name,
  description: offers.description,
  deliveryDays: offerPromisedDays(),
  supplierName: supplierDisplayName(),
  deliveryProbability: offerShownProbability(),
  price: offerSellingPrice(pricing),
  quantity: offers.quantity,
  weight: offers.weight,
});

/** One selected row: price and weight are the NUMERIC columns' decimal text ('1234.50', '0.250'). */
export interface OfferRow {
  id: number;
  article: string;
  brandName: string;
  description: string;
  deliveryDays: number | null;
  /** The supplier's display name. */
  supplierName: string | null;
  deliveryProbability: number | null;
  /** The selling price for the client the row was read for. */
  price: string;
  quantity: number;
  weight: string | null;
}

/**
 * `select offerRowColumns from offers join brands join suppliers`, open for more joins, `where`, `orderBy`,
 * `limit` and `offset` (a dynamic drizzle query).
 */
export function selectOfferRows(db: Db, pricing: ClientPricing) {
  return (
    db
      .select(offerRowColumns(pricing))
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      // An inactive supplier's offers are offered nowhere (issue 15): they come back when it is active again.
      .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
      .$dynamic()
  );
}

/** The contract's Offer of a row. The price goes text -> kopecks -> roubles, exactly, without float arithmetic. */
export function toOffer(row: OfferRow): Offer {
  return {
    id: row.id,
    article: row.article,
    brand_name: row.brandName,
    description: row.description,
    delivery: row.deliveryDays,
    supplier_name: row.supplierName,
    delivery_probability: row.deliveryProbability,
    price: roublesFromDecimal(row.price),
    quantity: row.quantity,
    // Weight is no money: its decimal text read as a number is what the contract carries.
    weight: row.weight === null ? null : Number(row.weight),
  };
}
