/**
 * Search by list (decision 0029): `npm run bench:list-search -- [--offers 1000000] [--reuse] [--requests 40]`.
 *
 * Builds the search bench's catalogue (bench/lib/catalogue.ts: a generated, real-shaped price list of N offers and
 * N/4 cross-references loaded by the shop's own imports) into the PostgreSQL database detal_bench_list (dropped
 * and created again unless --reuse), runs VACUUM ANALYZE, starts the app in a child process and sends
 * POST /api/v1/shop/products-list-search with 100 lines, one request at a time (a workshop pasting its order),
 * each request a different list: lines of words with and without a brand, semicolon and tab cells, lowercase and
 * spaced articles, decimal-comma and «шт» quantities, a brand named for the wrong article, and lines not found.
 * Prints the median and p95 of the whole request and the machine's load (uptime) before and after.
 * Target: under 1 s for 100 lines on 1,000,000 offers.
 */
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { SHOP_API_PREFIX, type ListSearchResult } from '@detal/contract';
import { openDatabase } from '../server/src/db/index.ts';
import { startApp } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { catalogueFiles, emptyDatabase, importCatalogue } from './lib/catalogue.ts';
import { fixed, machineLine, median, percentile, printTable } from './lib/figures.ts';
import { PRICE_LIST_BRANDS, priceListKey } from './lib/price-list-file.ts';

const DATABASE_NAME = 'detal_bench_list';
const LINES_PER_LIST = 100;

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '1000000' },
    reuse: { type: 'boolean', default: false },
    requests: { type: 'string', default: '40' },
    warmup: { type: 'string', default: '5' },
  },
});
const offers = Number(values.offers);
const requests = Number(values.requests);
const warmup = Number(values.warmup);

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** A deterministic pseudo-random sequence, so that every run sends the same lists. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

/** One line as a workshop writes it, for the part of the price list's `index`-th row. */
function lineOf(index: number, random: () => number): string {
  const { article, brand } = priceListKey(index);
  const quantity = 1 + Math.floor(random() * 6);
  const shape = Math.floor(random() * 100);
  const other = PRICE_LIST_BRANDS[Math.floor(random() * PRICE_LIST_BRANDS.length)]!;
  if (shape < 25) return `${article} ${brand} ${quantity}`;
  if (shape < 40) return `${article.toLowerCase().replace(/[\s-]/g, '')};${brand.toLowerCase()};${quantity}`;
  if (shape < 52) return article;
  if (shape < 62) return `${article}\t${brand}\t${quantity},00`;
  if (shape < 70) return `${article} ${quantity} шт`;
  if (shape < 76) return `${article};${other};${quantity}`;
  // Lines not found: a mistyped article, with and without a brand.
  if (shape < 88) return `ZX${Math.floor(random() * 1e8)} ${brand} ${quantity}`;
  return `QQ-${Math.floor(random() * 1e6)}/${quantity}`;
}

function listOf(seed: number): string {
  const random = randomSource(seed);
  return Array.from({ length: LINES_PER_LIST }, () => lineOf(Math.floor(random() * offers), random)).join('\n');
}

async function main(): Promise<void> {
  console.log(`Machine: ${machineLine()}`);
  console.log(`Load before: ${uptime()}`);
  const databaseUrl = values.reuse
    ? await benchDatabaseUrl(DATABASE_NAME)
    : await emptyDatabase(DATABASE_NAME, false, path.join(tmpdir(), 'unused'));
  if (!databaseUrl) throw new Error('No database');
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  const database = await openDatabase({ databaseUrl });
  try {
    if (!values.reuse) {
      const started = performance.now();
      await importCatalogue(database, await catalogueFiles(offers, Math.floor(offers / 4)));
      console.log(`Catalogue built in ${fixed((performance.now() - started) / 1000, 1)} s`);
    }
    await database.db.execute(sql`vacuum analyze`);
    const count = await database.db.execute<{ offers: string }>(sql`select count(*)::text as offers from offers`);
    console.log(`Offers in the database: ${count.rows[0]?.offers}`);
  } finally {
    await database.close();
  }

  const app = await startApp(databaseUrl);
  try {
    const url = `${app.origin}${SHOP_API_PREFIX}products-list-search`;
    const send = async (seed: number) => {
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: listOf(seed), sort: seed % 2 === 0 ? 'price' : 'delivery' }),
      });
      const body = (await response.json()) as { data: { result_list_search: ListSearchResult } };
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`products-list-search answered ${response.status}`);
      return { elapsed, lines: body.data.result_list_search.lines };
    };
    for (let run = 0; run < warmup; run += 1) await send(1_000 + run);
    const times: number[] = [];
    const statuses = { found: 0, not_found: 0, invalid: 0, severalBrands: 0 };
    for (let run = 0; run < requests; run += 1) {
      const { elapsed, lines } = await send(run + 1);
      times.push(elapsed);
      for (const line of lines) {
        statuses[line.status] += 1;
        if (line.brands.length > 1) statuses.severalBrands += 1;
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    const total = requests * LINES_PER_LIST;
    console.log(
      `Lines: ${total} in ${requests} lists; found ${statuses.found}, not found ${statuses.not_found}, ` +
        `unreadable ${statuses.invalid}; with several brands to pick from ${statuses.severalBrands}`,
    );
    printTable(
      ['products-list-search, 100 lines', 'median ms', 'p95 ms', 'max ms'],
      [
        [
          `${offers.toLocaleString('en-US')} offers`,
          fixed(median(times), 0),
          fixed(percentile(sorted, 0.95), 0),
          fixed(sorted.at(-1)!, 0),
        ],
      ],
    );
  } finally {
    await app.stop();
  }
  console.log(`Load after: ${uptime()}`);
}

await main();
