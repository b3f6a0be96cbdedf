import { getTableColumns, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/index.ts';
import { offerColumns } from '../../../db/schema/index.ts';
import type { BrandKeys } from './brand-keys.ts';
import { countOf } from './count-of.ts';
import type { ImportEvents } from './import-events.ts';

/*
 * The temporary tables of a price-list import. Their offer columns are built by the schema's own `offerColumns()`
 * (decision 0044): a column added to offers reaches the staging table, the COPY and the replacement's SQL without
 * a second definition to forget (price-list-staging.test.ts compares them with the migrated table).
 */

/** The columns a row of the list gives for an offer: all of `offerColumns()` but the supplier and the brand id. */
function listedColumns() {
  const { supplierId: _supplierId, brandId: _brandId, ...listed } = offerColumns();
  return listed;
}

/** The file's valid rows, staged before the supplier's offers are replaced (a temporary table). */
export const priceListStaging = pgTable('price_list_staging', {
  line: integer('line').notNull(),
  /** The brand as the file spells it, normalized: an alias of brand_aliases once the brands are created. */
  brandKey: text('brand_key').notNull(),
  ...listedColumns(),
});

/** The names of the offer columns a list gives, in the table's order: the columns the replacement writes. */
export const LISTED_OFFER_COLUMNS: readonly string[] = Object.values(
  getTableColumns(pgTable('listed', listedColumns())),
).map((column) => column.name);

/** The columns of offers a new supplier's rows are copied into (PostgreSQL's COPY, offers-copy.ts). */
export const offersCopied = pgTable('offers', offerColumns());

/** Later rows of a part already in the file (same brand, through its aliases, and article). */
const priceListDuplicates = pgTable('price_list_duplicates', {
  line: integer('line').notNull(),
  firstLine: integer('first_line').notNull(),
});

export const duplicateReason = (firstLine: number) => `повтор строки ${firstLine} (тот же бренд и артикул)`;

/**
 * Refuses every later row of a part the file lists twice (same brand through its aliases, same normalized
 * article), keeping the first; reports them, and removes them from the staging table.
 */
export async function dropDuplicates(tx: Db, onReject: ImportEvents['onReject']): Promise<number> {
  await tx.execute(sql`drop table if exists ${priceListDuplicates}`);
  await tx.execute(sql`
    create temporary table ${priceListDuplicates} on commit drop as
    with keyed as (
      select s.line, a.brand_id, s.article_normalized
        from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key
    ), repeated as (
      select brand_id, article_normalized, min(line) as first_line
        from keyed group by brand_id, article_normalized having count(*) > 1
    )
    select k.line, r.first_line
      from keyed k join repeated r using (brand_id, article_normalized)
     where k.line <> r.first_line`);
  const count = await countOf(tx, sql`select count(*)::int as count from ${priceListDuplicates}`);
  if (count === 0) return 0;
  if (onReject) {
    // Page by page, so that a file of mostly repeated rows does not come into memory at once.
    let after = 0;
    for (;;) {
      const page = await tx.execute<{ line: number; first_line: number }>(sql`
        select line, first_line from ${priceListDuplicates} where line > ${after} order by line limit 10000`);
      for (const row of page.rows) {
        onReject({
          line: row.line,
          reason: duplicateReason(row.first_line),
          fields: [],
        });
      }
      const last = page.rows.at(-1);
      if (!last) break;
      after = last.line;
    }
  }
  await tx.execute(sql`delete from ${priceListStaging} s using ${priceListDuplicates} d where s.line = d.line`);
  return count;
}

/** True when two brand spellings of the file name one brand, so that rows with different keys may be one part. */
export async function spellingsShareBrands(tx: Db, brandKeys: BrandKeys): Promise<boolean> {
  const keys = [...brandKeys.spellings.keys()];
  const shared = await countOf(
    tx,
    sql`select count(*)::int as count from (
          select brand_id from brand_aliases where alias_normalized = any(${sql.param(keys)}::text[])
           group by brand_id having count(*) > 1) shared`,
  );
  return shared > 0;
}
