import { eq } from 'drizzle-orm';
import { roublesFromDecimal, type Offer } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { brands, offers, suppliers } from '../../db/schema.ts';

/**
 * The one mapping from stored offers (with their brand and supplier) to the contract's Offer. Search, basket,
 * catalogue and recommendations all select `offerRowColumns` and turn each row into an Offer with `toOffer`.
 */
export const offerRowColumns = {
  id: offers.id,
  article: offers.article,
  brandName: brands.name,
  description: offers.description,
  deliveryDays: offers.deliveryDays,
  supplierName: suppliers.name,
  price: offers.price,
  quantity: offers.quantity,
  weight: offers.weight,
};

/** One selected row: price and weight are the NUMERIC columns' decimal text ('1234.50', '0.250'). */
export interface OfferRow {
  id: number;
  article: string;
  brandName: string;
  description: string;
  deliveryDays: number | null;
  supplierName: string | null;
  price: string;
  quantity: number;
  weight: string | null;
}

/**
 * `select offerRowColumns from offers join brands join suppliers`, open for more joins, `where`, `orderBy`,
 * `limit` and `offset` (a dynamic drizzle query).
 */
export function selectOfferRows(db: Db) {
  return db
    .select(offerRowColumns)
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .$dynamic();
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
    price: roublesFromDecimal(row.price),
    quantity: row.quantity,
    // Weight is no money: its decimal text read as a number is what the contract carries.
    weight: row.weight === null ? null : Number(row.weight),
  };
}
