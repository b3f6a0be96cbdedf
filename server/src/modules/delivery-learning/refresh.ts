import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { ALL_BRANDS } from '../../db/schema/index.ts';
import { replaceDeliveryStats, type DeliveryStatsRow } from '../delivery-stats/rollup.ts';

/*
 * Delivery learned per supplier (issue 33 point 1, decision 0068): the refresh that turns the purchasing history
 * into the rollup `supplier_delivery_stats`, run by the scheduled job `delivery-stats-refresh`.
 *
 * A line is a supplier order line whose order was sent within the window: «ordered from the supplier» is the
 * sending (`supplier_orders.sent_at`, what set the client line «Заказан у поставщика»), and the supplier is the
 * supplier order's, which stays true when the client line is later re-sourced elsewhere. Its outcome:
 * - received: the first of a posted receipt filling it and its client line set «Готов к выдаче» or «Выдан» after
 *   the sending (a manager may mark a line ready by hand); its days are calendar days in the shop's time zone;
 * - refused: the supplier refused some or all of its pieces (`refused_quantity`, a closed order's outstanding too);
 * - late open: neither, still held, and past its promised day;
 * - none yet (open and not late, or released by a cancel): left out.
 * The promised day is the sending day plus the client line's delivery days (the offer's days when the line was
 * bought, or re-sourced to this supplier); a line without days has no promise and is left out of the on-time share.
 */

/** Defaults of the shop setting `delivery_stats` (ShopSettingValues in db/shop-settings.ts). */
export const DELIVERY_STATS_DEFAULT_WINDOW_DAYS = 90;
export const DELIVERY_STATS_DEFAULT_MIN_LINES = 20;

export interface DeliveryStatsSettings {
  windowDays: number;
  minLines: number;
}

export async function readDeliveryStatsSettings(db: Db): Promise<DeliveryStatsSettings> {
  const stored = await readShopSetting(db, 'delivery_stats');
  return {
    windowDays: stored?.window_days ?? DELIVERY_STATS_DEFAULT_WINDOW_DAYS,
    minLines: stored?.min_lines ?? DELIVERY_STATS_DEFAULT_MIN_LINES,
  };
}

type AggregateRow = {
  supplier_id: number;
  brand_id: number | null;
  all_brands: boolean;
  delivered_lines: number;
  late_open_lines: number;
  refused_lines: number;
  on_time_lines: number;
  promised_lines: number;
  median_days: number | null;
  p80_days: number | null;
  p90_days: number | null;
};

export interface RefreshReport {
  suppliers: number;
  brandRows: number;
}

/** Recomputes the whole rollup from the window ending at `now`, in one transaction. */
export async function refreshDeliveryStats(
  db: Db,
  options: { now: Date; timeZone: string; settings?: DeliveryStatsSettings },
): Promise<RefreshReport> {
  const settings = options.settings ?? (await readDeliveryStatsSettings(db));
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const zone = sql`${options.timeZone}::text`;
  const from = sql`${new Date(options.now.getTime() - settings.windowDays * 86_400_000).toISOString()}::timestamptz`;
  const { rows } = await db.execute<AggregateRow>(sql`
    with sent as (
      select sol.id, so.supplier_id, sol.order_item_id, sol.brand_normalized, so.sent_at, sol.released_at,
             sol.refused_quantity > 0 as refused, oi.delivery_days,
             (so.sent_at at time zone ${zone})::date as sent_day
        from supplier_orders so
        join supplier_order_lines sol on sol.supplier_order_id = so.id
        join order_items oi on oi.id = sol.order_item_id
       where so.sent_at >= ${from} and so.sent_at <= ${now}
    ),
    facts as (
      select s.*,
             -- The catalogue's brand through its spellings, as receipts match brands (decision 0049).
             coalesce((select a.brand_id from brand_aliases a where a.alias_normalized = s.brand_normalized),
                      (select b.id from brands b where b.name_normalized = s.brand_normalized)) as brand_id,
             (least(
               (select min(r.posted_at) from goods_receipt_lines gl join goods_receipts r on r.id = gl.receipt_id
                 where gl.supplier_order_line_id = s.id and r.posted_at is not null and r.posted_at <= ${now}),
               (select min(h.created_at) from order_line_status_history h
                 where h.order_item_id = s.order_item_id and h.to_status in ('ready', 'issued')
                   and h.created_at >= s.sent_at and h.created_at <= ${now})
             ) at time zone ${zone})::date as received_day
        from sent s
    ),
    lines as (
      select supplier_id, brand_id, refused,
             received_day - sent_day as days,
             received_day is null and not refused and released_at is null and delivery_days is not null
               and sent_day + delivery_days < (${now} at time zone ${zone})::date as late_open,
             case when received_day is not null and delivery_days is not null
                  then received_day - sent_day <= delivery_days end as received_on_time
        from facts
    )
    select supplier_id, brand_id, grouping(brand_id) = 1 as all_brands,
           (count(*) filter (where days is not null))::int as delivered_lines,
           (count(*) filter (where late_open))::int as late_open_lines,
           (count(*) filter (where refused))::int as refused_lines,
           (count(*) filter (where received_on_time))::int as on_time_lines,
           (count(*) filter (where received_on_time is not null or late_open))::int as promised_lines,
           percentile_disc(0.5) within group (order by days) as median_days,
           percentile_disc(0.8) within group (order by days) as p80_days,
           percentile_disc(0.9) within group (order by days) as p90_days
      from lines
     where days is not null or late_open or refused
     group by grouping sets ((supplier_id), (supplier_id, brand_id))
  `);
  const computedAt = options.now;
  const stats: DeliveryStatsRow[] = rows
    // Lines whose brand the catalogue does not know count for their supplier only.
    .filter((row) => row.all_brands || row.brand_id !== null)
    .map((row) => {
      const decided = row.delivered_lines + row.late_open_lines + row.refused_lines;
      return {
        supplierId: row.supplier_id,
        brandId: row.all_brands ? ALL_BRANDS : row.brand_id!,
        deliveredLines: row.delivered_lines,
        lateOpenLines: row.late_open_lines,
        refusedLines: row.refused_lines,
        onTimeLines: row.on_time_lines,
        promisedLines: row.promised_lines,
        medianDays: row.median_days,
        p80Days: row.p80_days,
        p90Days: row.p90_days,
        onTimePercent: row.promised_lines === 0 ? null : Math.floor((row.on_time_lines * 100) / row.promised_lines),
        refusalPercent: decided === 0 ? null : Math.ceil((row.refused_lines * 100) / decided),
        enough: row.delivered_lines + row.late_open_lines >= settings.minLines,
        computedAt,
      };
    });
  await db.transaction((tx) => replaceDeliveryStats(tx, stats));
  return {
    suppliers: stats.filter((row) => row.brandId === ALL_BRANDS).length,
    brandRows: stats.filter((row) => row.brandId !== ALL_BRANDS).length,
  };
}
