import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryStats } from '@detal/contract';

/*
 * Delivery learned per supplier (issue 33 point 1, decision 0068): how offers read the rollup
 * `supplier_delivery_stats`. Each offer finds its row by one primary-key probe: the supplier and the offer's brand
 * when that pair has enough lines, else the supplier over all brands (brand_id 0), else none. No scan per request.
 */

/** The columns an offer's stats row gives to the statements that read it. */
export interface OfferStatsColumns {
  /** Null: no row with enough lines. */
  median_days: number | null;
  on_time_percent: number | null;
  lines: number | null;
}

/**
 * The lateral subquery of an offer's row (`supplier`, `brand`: the offer's columns): used as
 * `left join lateral (${offerStatsLateral(...)}) alias on true`; its columns are median_days, p80_days,
 * on_time_percent and lines (delivered + late open).
 */
export const offerStatsLateral = (supplier: SQL, brand: SQL): SQL => sql`
  select ds.median_days, ds.p80_days, ds.on_time_percent, ds.delivered_lines + ds.late_open_lines as lines
    from supplier_delivery_stats ds
   where ds.supplier_id = ${supplier} and ds.brand_id in (${brand}, 0) and ds.enough
   order by ds.brand_id desc
   limit 1`;

/**
 * The days an offer promises: the learned 80th percentile when its supplier is set to learned days (`learned`, the
 * supplier's column) and its row has one, else the typed days. `statsAlias` names a joined `offerStatsLateral`.
 */
export const promisedDaysSql = (learned: SQL, statsAlias: string, typedDays: SQL): SQL =>
  sql`case when ${learned} and ${sql.raw(statsAlias)}.p80_days is not null then ${sql.raw(statsAlias)}.p80_days else ${typedDays} end`;

/** The probability an offer shows: the learned on-time share when the supplier is set so and has one, else the typed. */
export const shownProbabilitySql = (learned: SQL, statsAlias: string, typedProbability: SQL): SQL =>
  sql`case when ${learned} and ${sql.raw(statsAlias)}.on_time_percent is not null then ${sql.raw(statsAlias)}.on_time_percent else ${typedProbability} end`;

/**
 * The promised days as one scalar expression, for statements that cannot join (the catalogue's offer rows, the
 * search's brand chips): the subquery runs only when the supplier is set to learned days.
 */
export const promisedDaysScalarSql = (learned: SQL, supplier: SQL, brand: SQL, typedDays: SQL): SQL => sql`coalesce(
  (select ds.p80_days from supplier_delivery_stats ds
    where ${learned} and ds.supplier_id = ${supplier} and ds.brand_id in (${brand}, 0) and ds.enough
    order by ds.brand_id desc limit 1),
  ${typedDays})`;

/** The probability as one scalar expression (see promisedDaysScalarSql). */
export const shownProbabilityScalarSql = (
  learned: SQL,
  supplier: SQL,
  brand: SQL,
  typedProbability: SQL,
): SQL => sql`coalesce(
  (select ds.on_time_percent from supplier_delivery_stats ds
    where ${learned} and ds.supplier_id = ${supplier} and ds.brand_id in (${brand}, 0) and ds.enough
    order by ds.brand_id desc limit 1),
  ${typedProbability})`;

/** The contract's `delivery_stats` of a row's columns: null below the minimum (no row). */
export function toDeliveryStats(
  medianDays: number | null,
  onTimePercent: number | null,
  lines: number | null,
): DeliveryStats | null {
  if (medianDays === null || lines === null) return null;
  return { median_days: medianDays, on_time_percent: onTimePercent, lines };
}
