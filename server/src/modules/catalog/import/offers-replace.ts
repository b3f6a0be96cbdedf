import { sql, type SQL } from 'drizzle-orm';
import { isMassRemoval, massRemovalMessage, type MassRemovalCounts } from '@detal/contract';
import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/index.ts';
import { offers } from '../../../db/schema/index.ts';
import { countOf } from './count-of.ts';
import { LISTED_OFFER_COLUMNS, priceListStaging } from './price-list-staging.ts';
import { lockedSupplierHasOffers, type Supplier } from './price-list-supplier.ts';

/**
 * The list would remove most of the supplier's offers (`isMassRemoval`) and the import was told to guard against
 * it: it stopped before changing anything.
 */
export class MassRemoval extends Error {
  constructor(readonly counts: MassRemovalCounts) {
    super(massRemovalMessage(counts));
    this.name = 'MassRemoval';
  }
}

export interface ReplaceCounts {
  deleted: number;
  updated: number;
  inserted: number;
  loaded: number;
}

/** What the new list does to each of the supplier's offers: only the rows that change something. */
const priceListChanges = pgTable('price_list_changes', {
  /** The staged row; null for an offer the list no longer has. */
  line: integer('line'),
  /** The offer; null for a part new to the supplier. */
  offerId: bigint('offer_id', { mode: 'number' }),
});

/** A listed column's new value from the staged row `s`: a row without a delivery time takes the supplier's. */
const stagedValue = (column: string, delivery: SQL) =>
  column === offers.deliveryDays.name ? delivery : sql`s.${sql.identifier(column)}`;

/** The listed columns an offer that stays may change: all but the part's key (its normalized article). */
const CHANGING_COLUMNS = LISTED_OFFER_COLUMNS.filter((column) => column !== offers.articleNormalized.name);

/**
 * Turns the supplier's offers into the staged list. One pass over both finds what changes: parts new to the
 * supplier, offers whose part (brand, normalized article) the list still has but with other values, and offers
 * it no longer has; an unchanged offer is not touched. Offers that stay are updated in place and keep their id
 * (baskets hold offer ids); new ones are inserted in index order.
 */
export async function replaceOffers(tx: Db, supplier: Supplier, guardRemoval: boolean): Promise<ReplaceCounts> {
  const delivery = sql`coalesce(s.delivery_days, ${supplier.defaultDeliveryDays}::int)`;
  const loaded = await countOf(tx, sql`select count(*)::int as count from ${priceListStaging}`);
  // A supplier's first list (or a list after an empty one) has nothing to compare with: every row is new.
  if (!(await lockedSupplierHasOffers(tx, supplier))) {
    const inserted = await insertOffers(tx, supplier, delivery, sql`true`);
    return { deleted: 0, updated: 0, inserted, loaded };
  }

  const offerValues = sql.join(
    CHANGING_COLUMNS.map((column) => sql`o.${sql.identifier(column)}`),
    sql`, `,
  );
  const stagedValues = sql.join(
    CHANGING_COLUMNS.map((column) => stagedValue(column, delivery)),
    sql`, `,
  );
  await tx.execute(sql`drop table if exists ${priceListChanges}`);
  // Hash joins only: with an offers table analyzed while it was small, the planner could pick a million lookups.
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`
    create temporary table ${priceListChanges} on commit drop as
    select s.line, o.id as offer_id
      from (select s.*, a.brand_id from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key) s
      full join (select * from offers where supplier_id = ${supplier.id}) o
        on o.brand_id = s.brand_id and o.article_normalized = s.article_normalized
     where o.id is null or s.line is null
        or (${offerValues}) is distinct from (${stagedValues})`);
  await tx.execute(sql`set local enable_nestloop = on`);
  await tx.execute(sql`analyze ${priceListChanges}`);
  if (guardRemoval) {
    const removing = await countOf(tx, sql`select count(*)::int as count from ${priceListChanges} where line is null`);
    const offerCount = await countOf(
      tx,
      sql`select count(*)::int as count from offers where supplier_id = ${supplier.id}`,
    );
    if (isMassRemoval(offerCount, removing)) {
      throw new MassRemoval({ offers: offerCount, removed: removing, loaded });
    }
  }

  const deleted = await countOf(
    tx,
    sql`with gone as (
          delete from offers o using ${priceListChanges} c
           where c.line is null and o.id = c.offer_id
          returning 1)
        select count(*)::int as count from gone`,
  );
  const newValues = sql.join(
    CHANGING_COLUMNS.map((column) => sql`${sql.identifier(column)} = ${stagedValue(column, delivery)}`),
    sql`, `,
  );
  const updated = await countOf(
    tx,
    sql`with changed as (
          update offers o
             set ${newValues}, updated_at = now()
            from (select c.offer_id, s.*
                    from ${priceListChanges} c join ${priceListStaging} s on s.line = c.line
                   where c.offer_id is not null
                   -- In the offers' physical order: pages are then visited once each, not at random
                   -- (measured: a third less time for a million changed prices).
                   order by c.offer_id) s
           where o.id = s.offer_id
          returning 1)
        select count(*)::int as count from changed`,
  );
  const inserted = await insertOffers(
    tx,
    supplier,
    delivery,
    sql`s.line in (select line from ${priceListChanges} where offer_id is null)`,
  );
  return { deleted, updated, inserted, loaded };
}

async function insertOffers(tx: Db, supplier: Supplier, delivery: SQL, which: SQL): Promise<number> {
  const columns = sql.join(
    LISTED_OFFER_COLUMNS.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const values = sql.join(
    LISTED_OFFER_COLUMNS.map((column) => stagedValue(column, delivery)),
    sql`, `,
  );
  return countOf(
    tx,
    sql`with added as (
          insert into offers (supplier_id, brand_id, ${columns})
          select ${supplier.id}::int, a.brand_id, ${values}
            from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key
           where ${which}
           order by s.article_normalized, a.brand_id
          returning 1)
        select count(*)::int as count from added`,
  );
}
