import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/index.ts';
import type { NamedStatement } from '../../db/named-statement.ts';
import { PricedStatements, supplierDisplayNameSql, type ClientPricing } from '../pricing/client-pricing.ts';
import type { PricingProfile } from '../pricing/policy.ts';
import { sellingPriceSql } from '../pricing/policy-sql.ts';
import { supplierNotHiddenSql, supplierStaleWarnedSql } from '../supplier-sources/stale-sql.ts';
import { pairDemotedSql, returnRateThresholdSql } from '../catalog/return-rates.ts';
import {
  offerStatsLateral,
  promisedDaysScalarSql,
  promisedDaysSql,
  shownProbabilitySql,
} from '../delivery-stats/stats-sql.ts';

/** What one search asks the database; the article and brand are already normalized. */
export interface SearchQuery {
  articleNormalized: string;
  /** Null: any brand (the only brand that has the article is taken, if exactly one has it). */
  brandNormalized: string | null;
  analogs: boolean;
  inStock: boolean;
  maxDelivery: number | null;
}

/**
 * One row of the search statement. `kind` tells the shapes apart: the brand whose result the items are
 * ('target'), a brand that has the article ('chip'), or an offer ('item'). Numbers that are not int4 travel as
 * text (bigint ids, NUMERIC money and weight), so that both drivers answer the same JavaScript values.
 */
// A type, not an interface: db.execute() wants a row type indexable by string.
export type SearchRow = {
  kind: 'target' | 'chip' | 'item';
  brand_name: string;
  article: string | null;
  description: string | null;
  /** Chips: the brand's offers of the article (0 when it has the article through cross-references only). */
  offers_count: number | null;
  /** Chips: the lowest selling price; items: the selling price (never the purchase price). */
  price: string | null;
  /** Chips: the fastest delivery; items: the delivery. */
  delivery_days: number | null;
  /** Items: 0 requested, 1 analog. */
  item_group: number | null;
  offer_id: string | null;
  /** The supplier's display name. */
  supplier_name: string | null;
  delivery_probability: number | null;
  quantity: number | null;
  weight: string | null;
  /** Items: true when the supplier's list is stale and shown with a warning (decision 0025). */
  stale: boolean | null;
  /** Analog items bought before as analogs of the target part: the pair's purchases and «не подошла» returns. */
  analog_purchases: number | null;
  analog_returns: number | null;
  /** Analog items: the pair is withdrawn or over the return-rate threshold (listed after the other analogs). */
  demoted: boolean | null;
  /** Items: the supplier's learned delivery (decision 0068) for the brand or over all brands; null below the minimum. */
  stats_median_days: number | null;
  stats_on_time_percent: number | null;
  stats_lines: number | null;
};

/**
 * The whole search in one statement, one round trip: the brands that have the article (brand chips), the
 * brand whose full result is wanted (named through its aliases, or the only brand when none is named), and
 * that brand's offers of the article and of its analogs: the parts cross-referenced to it in either direction,
 * and the parts cross-referenced to those (two hops).
 *
 * Every table is reached through an index on the normalized article: offers (article_normalized, brand_id),
 * cross_references' primary key (side a) and cross_references_b_idx (side b), brand_aliases' and brands'
 * unique keys. Sorting is left to the caller: a result is a few dozen rows.
 *
 * Prices are the caller's selling prices, computed in the statement from the purchase price by the profile's
 * expression (`sellingPriceSql`, the profile's numbers written into the text) with the personal discount bound as
 * a parameter; suppliers appear by their display names. The purchase price never leaves the statement.
 */
function buildSearchStatement(variant: SearchVariant, profile: PricingProfile): SQL {
  const article = sql.placeholder('article');
  const brand = sql.placeholder('brand');
  const sellingPrice = sellingPriceSql(profile, {
    purchase: sql`o.price`,
    supplierId: sql`o.supplier_id`,
    brandId: sql`o.brand_id`,
    personalDiscount: sql`${sql.placeholder('discount')}::int`,
  });
  // Offers of a stale list whose supplier is set to 'hide' are not found (decision 0025): one array, computed
  // once per statement from the small supplier_sources table, compared per offer row.
  const notHidden = supplierNotHiddenSql(sql`o.supplier_id`);
  // The days an item promises: the learned 80th percentile for a supplier set to learned days (decision 0068).
  const promisedDays = promisedDaysSql(sql`s.learned_delivery_days`, 'ds', sql`o.delivery_days`);
  const offerFilters: SQL[] = [notHidden];
  if (variant.inStock) offerFilters.push(sql`o.quantity > 0`);
  // An offer of unknown delivery time cannot promise to arrive within the limit.
  if (variant.maxDelivery) offerFilters.push(sql`${promisedDays} <= ${sql.placeholder('maxDelivery')}::int`);
  const offerFilter = sql`where ${sql.join(offerFilters, sql` and `)}`;

  // The analogs: the parts the target part is linked to (the other sides of the cross-references already read for
  // the chips, `crosses`, that name the target brand), and the parts those are linked to in either direction, so
  // that every brand of one part lists the same set (two hops, issue 17). A part reached more than once is listed
  // once (`union`); the target part itself never is.
  const analogCtes = variant.analogs
    ? sql`,
    first_hop as (
      select c.other_brand_id as brand_id, c.other_article as article_normalized
        from crosses c join target t on t.brand_id = c.brand_id
    ),
    second_hop as (
      select r.brand_id_b as brand_id, r.article_normalized_b as article_normalized
        from first_hop h
        join cross_references r on r.article_normalized_a = h.article_normalized and r.brand_id_a = h.brand_id
      union all
      select r.brand_id_a, r.article_normalized_a
        from first_hop h
        join cross_references r on r.article_normalized_b = h.article_normalized and r.brand_id_b = h.brand_id
    )`
    : sql``;
  const analogParts = variant.analogs
    ? sql`
      union
      select a.brand_id, a.article_normalized, 1
        from (select * from first_hop union all select * from second_hop) a, target t
       where not (a.brand_id = t.brand_id and a.article_normalized = ${article})`
    : sql``;

  return sql`
    with offer_brands as (
      select o.brand_id,
             count(*)::int as offers_count,
             min(${sellingPrice}) as min_price,
             min(${promisedDaysScalarSql(sql`s.learned_delivery_days`, sql`o.supplier_id`, sql`o.brand_id`, sql`o.delivery_days`)}) as min_delivery,
             mode() within group (order by o.article) as article,
             mode() within group (order by o.description) as description
        from offers o
        -- An inactive supplier's offers are not offered (its few rows: a hash of the small suppliers table).
        join suppliers s on s.id = o.supplier_id and s.active
       where o.article_normalized = ${article} and ${notHidden}
       group by o.brand_id
    ),
    -- The article's cross-references in both directions, each seen from the article's side: read once (two index
    -- look-ups), for the chips and for the analogs.
    crosses as (
      select brand_id_a as brand_id, brand_id_b as other_brand_id, article_normalized_b as other_article
        from cross_references where article_normalized_a = ${article}
      union all
      select brand_id_b, brand_id_a, article_normalized_a from cross_references where article_normalized_b = ${article}
    ),
    article_brands as (
      select brand_id from offer_brands
      union
      select brand_id from crosses
    ),
    target as (
      -- A named brand is found by alias first, then by its own name; unnamed, the only brand with the article.
      select brand_id from (
        select a.brand_id, 0 as preference from brand_aliases a where a.alias_normalized = ${brand}::text
        union all
        select b.id, 1 from brands b where b.name_normalized = ${brand}::text
        union all
        select ab.brand_id, 2 from article_brands ab
         where ${brand}::text is null and (select count(*) from article_brands) = 1
      ) candidates
      order by preference
      limit 1
    )${analogCtes},
    parts as (
      select t.brand_id, ${article}::text as article_normalized, 0 as item_group from target t
      ${analogParts}
    ),
    rate_threshold as (${returnRateThresholdSql})
    select 'target' as kind, b.name as brand_name, null as article, null as description, null::int as offers_count,
           null as price, null::int as delivery_days, null::int as item_group, null as offer_id,
           null as supplier_name, null::int as delivery_probability, null::int as quantity, null as weight,
           null::boolean as stale, null::int as analog_purchases, null::int as analog_returns,
           null::boolean as demoted, null::int as stats_median_days, null::int as stats_on_time_percent,
           null::int as stats_lines
      from target t join brands b on b.id = t.brand_id
    union all
    select 'chip', b.name, ob.article, ob.description, coalesce(ob.offers_count, 0),
           ob.min_price::text, ob.min_delivery, null, null, null, null, null, null, null, null, null, null,
           null, null, null
      from article_brands ab
      join brands b on b.id = ab.brand_id
      left join offer_brands ob on ob.brand_id = ab.brand_id
    union all
    select 'item', b.name, o.article, o.description, null, (${sellingPrice})::text, ${promisedDays}, p.item_group,
           o.id::text, ${supplierDisplayNameSql(sql`s.id`, sql`s.display_name`)},
           ${shownProbabilitySql(sql`s.learned_delivery_probability`, 'ds', sql`s.delivery_probability`)}, o.quantity,
           o.weight::text, ${supplierStaleWarnedSql(sql`o.supplier_id`)}, ap.purchases, ap.returns,
           ${pairDemotedSql('ap', 'th')}, ds.median_days, ds.on_time_percent, ds.lines
      from parts p
      cross join target t
      cross join rate_threshold th
      join offers o on o.article_normalized = p.article_normalized and o.brand_id = p.brand_id
      join brands b on b.id = o.brand_id
      join suppliers s on s.id = o.supplier_id and s.active
      -- The analog's pair with the target part (issue 32, point 6), stored in either order: one unique-index probe.
      left join analog_pairs ap on p.item_group = 1 and (
            (ap.article_normalized_a = ${article} and ap.brand_id_a = t.brand_id
             and ap.article_normalized_b = p.article_normalized and ap.brand_id_b = p.brand_id)
         or (ap.article_normalized_a = p.article_normalized and ap.brand_id_a = p.brand_id
             and ap.article_normalized_b = ${article} and ap.brand_id_b = t.brand_id))
      -- The supplier's learned delivery (decision 0068): one primary-key probe into the rollup per item.
      left join lateral (${offerStatsLateral(sql`o.supplier_id`, sql`o.brand_id`)}) ds on true
      ${offerFilter}`;
}

/** The statement's text differs by its optional parts and by the profile: one named statement per combination. */
interface SearchVariant {
  analogs: boolean;
  inStock: boolean;
  maxDelivery: boolean;
}

export interface SearchValues extends Record<string, unknown> {
  article: string;
  brand: string | null;
  maxDelivery: number | null;
  discount: number;
}

const variantOf = (query: SearchQuery): SearchVariant => ({
  analogs: query.analogs,
  inStock: query.inStock,
  maxDelivery: query.maxDelivery !== null,
});
const variantName = (variant: SearchVariant) =>
  `${Number(variant.analogs)}${Number(variant.inStock)}${Number(variant.maxDelivery)}`;

const statements = new PricedStatements<SearchValues>('products_search_', (profile, name) =>
  buildSearchStatement({ analogs: name[0] === '1', inStock: name[1] === '1', maxDelivery: name[2] === '1' }, profile),
);

/** The named statement a search runs (built the first time its combination of options and profile is asked). */
export function searchStatement(query: SearchQuery, pricing: ClientPricing): NamedStatement<SearchValues> {
  return statements.for(pricing, variantName(variantOf(query)));
}

export const searchValues = (query: SearchQuery, pricing: ClientPricing): SearchValues => ({
  article: query.articleNormalized,
  brand: query.brandNormalized,
  maxDelivery: query.maxDelivery,
  discount: pricing.discount,
});

/**
 * Runs the search as a named prepared statement, which takes planning (about 1 ms, four times the execution)
 * off every search: PostgreSQL plans it afresh for a connection's first five runs, then keeps its generic plan,
 * with or without a brand (checked on 1,000,000 offers, bench/README.md, issue 13; a new shape of the statement
 * should be checked the same way, as a generic plan costed above the custom ones would be re-planned every run).
 */
export async function runSearch(db: DbExecutor, query: SearchQuery, pricing: ClientPricing): Promise<SearchRow[]> {
  return searchStatement(query, pricing).rows<SearchRow>(db, searchValues(query, pricing));
}
