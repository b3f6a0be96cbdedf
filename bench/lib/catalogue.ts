import { existsSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../server/src/db/index.ts';
import { importCrossReferences } from '../../server/src/modules/catalog/import/cross-reference-import.ts';
import { importPriceList } from '../../server/src/modules/catalog/import/price-list-import.ts';
import { subscribeModuleEffects } from '../../server/src/modules/subscribers.ts';
import { DEFAULT_SERVER_URL, benchDatabaseUrl } from './bench-database.ts';
import { fixed, thousands } from './figures.ts';
import { writeCrossReferenceFile, writePriceListFile } from './price-list-file.ts';

/** The catalogue of the search benchmarks: a generated real-shaped price list loaded with the shop's own imports. */

/**
 * A database holding nothing but the migrated schema, as a new shop has: the benchmark's own database `name` on the
 * local server (dropped; openDatabase creates and migrates it again), BENCH_DATABASE_URL emptied, or PGlite in
 * `dataDir` (removed). Answers the connection string, undefined for PGlite.
 */
export async function emptyDatabase(name: string, pglite: boolean, dataDir: string): Promise<string | undefined> {
  if (pglite) {
    await rm(dataDir, { recursive: true, force: true });
    return undefined;
  }
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    const database = await openDatabase({ databaseUrl: url });
    await database.db.execute(sql`truncate offers, cross_references, brand_aliases, brands, suppliers cascade`);
    await database.close();
    return url;
  }
  const admin = new pg.Client({ connectionString: DEFAULT_SERVER_URL, application_name: 'detal-bench' });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
  return benchDatabaseUrl(name);
}

/** The generated files, kept for later runs of the same size (the generator is deterministic). */
export async function catalogueFiles(offers: number, crosses: number): Promise<{ prices: string; crosses: string }> {
  const prices = path.join(tmpdir(), `detal-bench-prices-${offers}.csv`);
  const crossFile = path.join(tmpdir(), `detal-bench-crosses-${crosses}-of-${offers}.csv`);
  const started = performance.now();
  if (!existsSync(prices)) await writePriceListFile(prices, offers);
  if (!existsSync(crossFile)) await writeCrossReferenceFile(crossFile, crosses, offers);
  const megabytes = ((await stat(prices)).size + (await stat(crossFile)).size) / 2 ** 20;
  console.log(
    `Files: ${prices} and ${crossFile}, ${thousands(megabytes)} MB (${fixed((performance.now() - started) / 1000, 1)} s)`,
  );
  return { prices, crosses: crossFile };
}

/** Loads the catalogue through the shop's own imports, as a shop loads a supplier's list. */
export async function importCatalogue(database: Database, files: { prices: string; crosses: string }): Promise<void> {
  // The import tells of its list through domain events (decision 0042): composed as the shop's CLI is.
  subscribeModuleEffects();
  const prices = await importPriceList(database, { supplierName: 'Bench supplier', file: files.prices });
  console.log(
    `Import of prices: ${thousands(prices.loaded)} offers loaded, ${thousands(prices.rejected)} rejected, ` +
      `${prices.brandsCreated} brands, ${fixed(prices.seconds, 1)} s (${thousands(prices.rowsPerSecond)} rows/s)`,
  );
  const crosses = await importCrossReferences(database, { file: files.crosses });
  console.log(
    `Import of cross-references: ${thousands(crosses.added)} added, ${thousands(crosses.rejected)} rejected, ` +
      `${fixed(crosses.seconds, 1)} s`,
  );
  if (database.driver === 'postgres') {
    const size = await database.db.execute<{ size: string }>(
      sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    console.log(`Database size: ${size.rows[0]?.size}`);
  }
}
