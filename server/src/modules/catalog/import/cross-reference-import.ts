import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ARTICLE_MAX_LENGTH } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import type { crossReferenceType } from '../../../db/schema/index.ts';
import { BrandKeys, createMissingBrands } from './brand-keys.ts';
import { elapsed, type ImportEvents } from './import-events.ts';
import { analyzeChangedTables, openImportSession, tuneForBulkWork } from './import-session.ts';
import { articleKey, BRAND_MAX_LENGTH, hasNul, headerColumn, NUL_REFUSAL } from './price-row.ts';
import { forEachRecord } from './read-records.ts';
import type { RecordSourceOptions } from './record-source.ts';

type CrossReferenceType = (typeof crossReferenceType.enumValues)[number];

/** The spellings of each type a file may use; an empty cell is 'analog'. */
const TYPE_NAMES: Record<string, CrossReferenceType> = {
  oem: 'oem',
  original: 'oem',
  оригинал: 'oem',
  оем: 'oem',
  replacement: 'replacement',
  replace: 'replacement',
  замена: 'replacement',
  analog: 'analog',
  analogue: 'analog',
  аналог: 'analog',
};

const crossReferenceStaging = pgTable('cross_reference_staging', {
  line: integer('line').notNull(),
  brandKeyA: text('brand_key_a').notNull(),
  articleA: text('article_a').notNull(),
  brandKeyB: text('brand_key_b').notNull(),
  articleB: text('article_b').notNull(),
  type: text('type').notNull(),
});

export type CrossReferenceImportOptions = RecordSourceOptions & ImportEvents & { file: string };

export interface CrossReferenceImportSummary {
  /** Data rows in the file. */
  read: number;
  /** Pairs new to the shop. */
  added: number;
  /** Pairs the shop knew with another type, now of the file's type. */
  retyped: number;
  /** Pairs the shop already had (in either direction), that the file repeats, or whose sides are one part. */
  known: number;
  rejected: number;
  brandsCreated: number;
  /** Of `seconds`: reading and staging the file; the rest is the transaction that changes the shop's tables. */
  readingSeconds: number;
  seconds: number;
  rowsPerSecond: number;
}

interface CrossSide {
  brand: string;
  article: string;
}

/** A row is a header when its four cells name brands and articles ('brand1', 'Артикул 2', ...). */
function isCrossHeader(fields: readonly string[]): boolean {
  return fields.slice(0, 4).every((cell) => {
    const column = headerColumn(cell);
    return column === 'brand' || column === 'article';
  });
}

function checkSide(side: CrossSide, which: 1 | 2): string | null {
  if (side.brand === '') return `нет бренда ${which}`;
  if (side.brand.length > BRAND_MAX_LENGTH) return `бренд ${which} длиннее ${BRAND_MAX_LENGTH} символов`;
  if (side.article === '') return `нет артикула ${which}`;
  if (side.article.length > ARTICLE_MAX_LENGTH) return `артикул ${which} длиннее ${ARTICLE_MAX_LENGTH} символов`;
  return null;
}

/**
 * Adds the cross-references of a file with rows `brand1, article1, brand2, article2[, type]` (type oem,
 * replacement or analog; analog when empty), in one transaction after the whole file is read. Unknown brands are
 * created; brands are matched through their aliases. A pair the shop already has in the other direction is not
 * added again: searches use every pair both ways.
 */
export async function importCrossReferences(
  database: Database,
  options: CrossReferenceImportOptions,
): Promise<CrossReferenceImportSummary> {
  const startedAt = performance.now();
  const brandKeys = new BrandKeys();
  let rejected = 0;
  const reject = (line: number, reason: string, fields: readonly string[]) => {
    rejected += 1;
    options.onReject?.({ line, reason, fields });
  };

  const session = await openImportSession(database);
  try {
    const staging = await session.stage(crossReferenceStaging);
    let firstRow = true;
    const totals = await forEachRecord(options.file, options, options, (record) => {
      const { fields } = record;
      if (firstRow) {
        firstRow = false;
        if (isCrossHeader(fields)) return false;
      }
      const a: CrossSide = { brand: (fields[0] ?? '').trim(), article: (fields[1] ?? '').trim() };
      const b: CrossSide = { brand: (fields[2] ?? '').trim(), article: (fields[3] ?? '').trim() };
      const problem = hasNul(fields) ? NUL_REFUSAL : (checkSide(a, 1) ?? checkSide(b, 2));
      if (problem) {
        reject(record.line, problem, fields);
        return true;
      }
      const typeText = (fields[4] ?? '').trim().toLowerCase();
      const type = typeText === '' ? 'analog' : TYPE_NAMES[typeText];
      if (!type) {
        reject(record.line, `тип связи не распознан (оригинал, замена или аналог): «${fields[4] ?? ''}»`, fields);
        return true;
      }
      const row = {
        line: record.line,
        brandKeyA: brandKeys.keyOf(a.brand),
        articleA: articleKey(a.article),
        brandKeyB: brandKeys.keyOf(b.brand),
        articleB: articleKey(b.article),
        type,
      };
      if (row.brandKeyA === '' || row.brandKeyB === '' || row.articleA === '' || row.articleB === '') {
        reject(record.line, 'в бренде или артикуле нет ни букв, ни цифр', fields);
        return true;
      }
      if (row.brandKeyA === row.brandKeyB && row.articleA === row.articleB) {
        reject(record.line, 'обе стороны называют одну и ту же деталь', fields);
        return true;
      }
      const waiting = staging.add(row);
      return waiting ? waiting.then(() => true) : true;
    });
    await staging.finish();
    // Temporary tables get no statistics of their own; without them the planner guesses badly at a million rows.
    await session.db.execute(sql`analyze ${crossReferenceStaging}`);

    const readingSeconds = (performance.now() - startedAt) / 1000;
    const progress = { rowsRead: totals.rowsRead, bytesRead: totals.bytesRead, totalBytes: totals.totalBytes };
    await options.onProgress?.({ phase: 'replacing', ...progress });
    const outcome = await session.db.transaction(async (tx) => {
      await tuneForBulkWork(tx);
      const brandsCreated = await createMissingBrands(tx, brandKeys.spellings);
      // Each pair once, in the direction of its first row; (brand, article) sides compared as rows.
      const result = await tx.execute<{ added: number; retyped: number }>(sql`
        with resolved as (
          select s.line, ba.brand_id as brand_a, s.article_a, bb.brand_id as brand_b, s.article_b,
                 s.type::cross_reference_type as type,
                 (ba.brand_id, s.article_a) < (bb.brand_id, s.article_b) as a_first
            from ${crossReferenceStaging} s
            join brand_aliases ba on ba.alias_normalized = s.brand_key_a
            join brand_aliases bb on bb.alias_normalized = s.brand_key_b
        ), firsts as (
          select distinct on (lo_brand, lo_article, hi_brand, hi_article) *
            from (select r.*,
                         case when a_first then brand_a else brand_b end as lo_brand,
                         case when a_first then article_a else article_b end as lo_article,
                         case when a_first then brand_b else brand_a end as hi_brand,
                         case when a_first then article_b else article_a end as hi_article
                    from resolved r
                   where (brand_a, article_a) <> (brand_b, article_b)) ordered
           order by lo_brand, lo_article, hi_brand, hi_article, line
        ), written as (
          insert into cross_references (brand_id_a, article_normalized_a, brand_id_b, article_normalized_b, type)
          select f.brand_a, f.article_a, f.brand_b, f.article_b, f.type
            from firsts f
           where not exists (select 1 from cross_references c
                              where c.brand_id_a = f.brand_b and c.article_normalized_a = f.article_b
                                and c.brand_id_b = f.brand_a and c.article_normalized_b = f.article_a)
          on conflict (article_normalized_a, brand_id_a, article_normalized_b, brand_id_b)
          do update set type = excluded.type where cross_references.type <> excluded.type
          returning (xmax = 0) as added
        )
        select count(*) filter (where added)::int as added, count(*) filter (where not added)::int as retyped
          from written`);
      await analyzeChangedTables(tx, [
        { name: 'cross_references', changedRows: result.rows[0]?.added ?? 0 },
        { name: 'brands', changedRows: brandsCreated },
        { name: 'brand_aliases', changedRows: brandsCreated },
      ]);
      options.signal?.throwIfAborted();
      await options.onProgress?.({ phase: 'committing', ...progress });
      return { brandsCreated, counts: result.rows[0] };
    });

    const added = outcome.counts?.added ?? 0;
    const retyped = outcome.counts?.retyped ?? 0;
    const staged = totals.rowsRead - rejected;
    return {
      read: totals.rowsRead,
      added,
      retyped,
      known: staged - added - retyped,
      rejected,
      brandsCreated: outcome.brandsCreated,
      readingSeconds,
      ...elapsed(startedAt, totals.rowsRead),
    };
  } finally {
    await session.close();
  }
}
