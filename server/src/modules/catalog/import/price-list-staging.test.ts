import { getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database, Db } from '../../../db/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { openImportSession } from './import-session.ts';
import { LISTED_OFFER_COLUMNS, offersCopied, priceListStaging } from './price-list-staging.ts';

/*
 * The import's tables against offers as the migrations made it: a staging or COPY column of another name or type
 * than the offer column it fills, or an offer column the import never writes, fails here.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

/** Each column of a table (temporary ones included, seen from `db`'s connection), with its type as PostgreSQL prints it. */
async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const result = await db.execute<{ name: string; type: string }>(sql`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a
     where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped
     order by a.attnum`);
  return new Map(result.rows.map((row) => [row.name, row.type]));
}

it('stages the rows of a list in the very columns of offers', async () => {
  const offers = await columnTypes(database.db, 'offers');
  const session = await openImportSession(database);
  try {
    const writer = await session.stage(priceListStaging);
    await writer.finish();
    const staging = await columnTypes(session.db, 'price_list_staging');
    expect(staging.get('line')).toBe('integer');
    expect(staging.get('brand_key')).toBe('text');
    const stagedOfferColumns = [...staging].filter(([name]) => name !== 'line' && name !== 'brand_key');
    expect(stagedOfferColumns.map(([name]) => name)).toEqual(LISTED_OFFER_COLUMNS);
    for (const [name, type] of stagedOfferColumns) expect({ name, type }).toEqual({ name, type: offers.get(name) });
  } finally {
    await session.close();
  }
});

it('writes every column of offers but the generated ones', async () => {
  const offers = await columnTypes(database.db, 'offers');
  const written = Object.values(getTableColumns(offersCopied)).map((column) => column.name);
  expect(written).toEqual([...offers.keys()].filter((name) => name !== 'id' && name !== 'updated_at'));
  expect(written.filter((name) => !LISTED_OFFER_COLUMNS.includes(name))).toEqual(['supplier_id', 'brand_id']);
});
