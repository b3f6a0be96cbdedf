import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../db/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { importCrossReferences } from './cross-reference-import.ts';
import { importPriceList } from './price-list-import.ts';
import { createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';

/*
 * A large list imported into an empty shop must leave the planner statistics that describe it: searches run
 * straight after the import are planned with them (issue 19: ten million offers, no statistics, a search plan
 * forty times slower until autovacuum came round).
 */

const ROWS = 10_000;
const article = (index: number) => `ST ${String(index).padStart(6, '0')}`;

let database: Database;
let folder: TempFolder;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await createTempFolder();
  if (database.driver === 'postgres') {
    // Only the import may analyze these tables here; autovacuum coming round would hide a missing ANALYZE.
    for (const table of ['offers', 'brands', 'brand_aliases', 'cross_references']) {
      await database.db.execute(sql`alter table ${sql.identifier(table)} set (autovacuum_enabled = false)`);
    }
  }
});

afterAll(async () => {
  await database?.close();
  await folder?.remove();
});

async function rowsOf(table: string): Promise<{ real: number; estimated: number }> {
  const real = await database.db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)}`,
  );
  const estimated = await database.db.execute<{ reltuples: number }>(
    sql`select reltuples::float8 as reltuples from pg_class where oid = ${table}::regclass`,
  );
  return { real: real.rows[0]?.count ?? 0, estimated: Number(estimated.rows[0]?.reltuples) };
}

/** The planner's row estimate of a query, from EXPLAIN (FORMAT JSON). */
async function plannedRows(query: string): Promise<number> {
  const result = await database.db.execute<{ 'QUERY PLAN': unknown }>(sql.raw(`explain (format json) ${query}`));
  const raw = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}

const withinTwice = ({ real, estimated }: { real: number; estimated: number }) =>
  estimated >= real / 2 && estimated <= real * 2;

it('leaves the statistics of a large price list behind, ready for searches', async () => {
  const lines = ['article;brand;description;price;quantity'];
  for (let index = 0; index < ROWS; index += 1) {
    lines.push(`${article(index)};BRAND ${index % 40};Фильтр масляный;${100 + (index % 900)},50;${index % 20}`);
  }
  const file = await folder.write('large.csv', `${lines.join('\n')}\n`);
  const summary = await importPriceList(database, { supplierName: 'Large supplier', file });
  expect(summary.loaded).toBe(ROWS);

  const offers = await rowsOf('offers');
  expect(offers.real).toBe(ROWS);
  expect(offers, 'pg_class.reltuples of offers').toSatisfy(withinTwice);
  // Without statistics the planner takes 0.5% of the table for any one article (50 rows here); one row has it.
  expect(await plannedRows(`select * from offers where article_normalized = 'ST000042'`)).toBeLessThan(5);
  expect(await rowsOf('brands'), 'pg_class.reltuples of brands').toSatisfy(withinTwice);
  expect(await rowsOf('brand_aliases'), 'pg_class.reltuples of brand_aliases').toSatisfy(withinTwice);
});

it('leaves the statistics of a large cross-reference list behind', async () => {
  const lines = ['brand1;article1;brand2;article2'];
  for (let index = 0; index < ROWS; index += 1) {
    lines.push(`BRAND ${index % 40};${article(index)};OTHER ${index % 7};X${index}`);
  }
  const file = await folder.write('crosses.csv', `${lines.join('\n')}\n`);
  const summary = await importCrossReferences(database, { file });
  expect(summary.added).toBe(ROWS);

  expect(await rowsOf('cross_references'), 'pg_class.reltuples of cross_references').toSatisfy(withinTwice);
  expect(await plannedRows(`select * from cross_references where article_normalized_b = 'X42'`)).toBeLessThan(5);
});
