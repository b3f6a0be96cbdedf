import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, type Database } from '../server/src/db/index.ts';
import {
  importPriceList,
  type PriceListImportSummary,
} from '../server/src/modules/catalog/import/price-list-import.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, median, printTable, sampleRss, thousands } from './lib/figures.ts';

const usage = `Times the price-list import against a plain PostgreSQL COPY of the same CSV file.

Usage: npm run bench:import -- [--rows N] [--runs R]

  --rows N   rows in the generated price list (default 1000000)
  --runs R   rounds; medians are printed (default 3)

Each round: a plain COPY of the file into an unindexed table; the import into an empty catalogue (every row new);
the offers just imported inserted again by PostgreSQL into an empty table with offers' indexes (the floor of
any import that keeps offers searchable); the same file again (every row unchanged); a file with every price changed (every row updated in place).
Database: BENCH_DATABASE_URL, or detal_bench_import on postgres://postgres@127.0.0.1:5432 (emptied).`;

const BRANDS = Array.from({ length: 300 }, (_, index) => `BRAND ${String.fromCharCode(65 + (index % 26))}${index}`);
const PREFIXES = ['OC', 'W', 'HU', 'LX', 'C', 'GDB', 'BKR', 'K', '0 986', 'SP', 'VKBA', 'CT', 'MD', 'PF', 'AG'];
const DESCRIPTIONS = [
  'Фильтр масляный',
  'Фильтр воздушный',
  'Колодки тормозные передние',
  'Свеча зажигания',
  'Ремень ГРМ',
];
// A prime above any row count this benchmark uses: i -> i * STEP mod PRIME is one-to-one, so articles are unique.
const PRIME = 10_000_019;
const STEP = 7919;

/** Writes a price list of `rows` rows (UTF-8, ';', header), streaming: memory stays flat. */
async function writePriceList(file: string, rows: number, priceShift: number): Promise<void> {
  const out = createWriteStream(file);
  out.write('article;brand;description;price;quantity;delivery;weight\n');
  let chunk = '';
  for (let index = 0; index < rows; index += 1) {
    const number = (index * STEP) % PRIME;
    const article = `${PREFIXES[index % PREFIXES.length]} ${number}`;
    const kopecks = 5000 + ((number * 31 + priceShift) % 2_000_000);
    const price = `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
    const weight = index % 4 === 0 ? '' : `${(number % 5000) / 1000}`;
    chunk += `${article};${BRANDS[index % BRANDS.length]};${DESCRIPTIONS[index % DESCRIPTIONS.length]} ${number % 100};${price};${number % 50};${index % 7 === 0 ? '' : number % 14};${weight}\n`;
    if (chunk.length >= 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** A plain COPY of the file into a table of the same columns with no index, key or constraint. */
async function plainCopy(databaseUrl: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'detal-bench-import' });
  await client.connect();
  try {
    await client.query(`drop table if exists bench_plain_copy`);
    await client.query(`create table bench_plain_copy (article text, brand text, description text, price numeric(12,2),
                          quantity integer, delivery integer, weight numeric(10,3))`);
    const started = performance.now();
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`copy bench_plain_copy from stdin (format csv, delimiter ';', header true)`)),
    );
    const seconds = (performance.now() - started) / 1000;
    await client.query(`drop table bench_plain_copy`);
    return seconds;
  } finally {
    await client.end();
  }
}

/**
 * The database's own floor for any import that keeps offers searchable: the offers just imported written again,
 * with no file to read or parse (INSERT … SELECT inside PostgreSQL), into an empty table with the same columns and
 * indexes as offers.
 */
async function indexedFloor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'detal-bench-import' });
  await client.connect();
  try {
    await client.query(`drop table if exists bench_indexed_floor`);
    await client.query(`create table bench_indexed_floor (like offers including defaults including indexes)`);
    const started = performance.now();
    await client.query(`insert into bench_indexed_floor select * from offers`);
    const seconds = (performance.now() - started) / 1000;
    await client.query(`drop table bench_indexed_floor`);
    return seconds;
  } finally {
    await client.end();
  }
}

interface ImportRun {
  summary: PriceListImportSummary;
  peakRssMb: number;
}

async function timedImport(database: Database, file: string): Promise<ImportRun> {
  const rss = sampleRss();
  try {
    const summary = await importPriceList(database, { supplierName: 'Bench supplier', file });
    return { summary, peakRssMb: rss.peak() / 2 ** 20 };
  } finally {
    rss.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '3' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const rows = Number(values.rows);
  const runs = Number(values.runs);
  if (!Number.isInteger(rows) || rows < 1 || rows >= PRIME) throw new Error(`--rows takes 1 to ${PRIME - 1}`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');

  const databaseUrl = await benchDatabaseUrl('detal_bench_import');
  const database = await openDatabase({ databaseUrl });
  const folder = tmpdir();
  const file = path.join(folder, `detal-bench-prices-${rows}.csv`);
  const changedFile = path.join(folder, `detal-bench-prices-${rows}-changed.csv`);
  console.log(
    `Machine: ${machineLine()}; load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  try {
    const started = performance.now();
    await writePriceList(file, rows, 0);
    await writePriceList(changedFile, rows, 1);
    console.log(`Generated 2 × ${thousands(rows)} rows in ${fixed((performance.now() - started) / 1000, 1)} s`);

    const copySeconds: number[] = [];
    const indexedSeconds: number[] = [];
    const results: Record<'fresh' | 'same' | 'changed', ImportRun[]> = { fresh: [], same: [], changed: [] };
    for (let round = 1; round <= runs; round += 1) {
      await database.db.execute('truncate offers restart identity cascade');
      await database.db.execute('vacuum analyze offers');
      copySeconds.push(await plainCopy(databaseUrl, file));
      results.fresh.push(await timedImport(database, file));
      indexedSeconds.push(await indexedFloor(databaseUrl));
      results.same.push(await timedImport(database, file));
      results.changed.push(await timedImport(database, changedFile));
      const last = (kind: keyof typeof results) => results[kind].at(-1)?.summary;
      console.log(
        `round ${round}: COPY ${fixed(copySeconds.at(-1) ?? 0)} s; indexed floor ${fixed(indexedSeconds.at(-1) ?? 0)} s; ` +
          `import (reading + transaction) ` +
          (['fresh', 'same', 'changed'] as const)
            .map(
              (kind) =>
                `${kind} ${fixed(last(kind)?.readingSeconds ?? 0)} + ${fixed((last(kind)?.seconds ?? 0) - (last(kind)?.readingSeconds ?? 0))} s`,
            )
            .join(', '),
      );
    }

    const copy = median(copySeconds);
    console.log(`\nMedians of ${runs} round(s), ${thousands(rows)} rows; ratio = import rows/s ÷ plain COPY rows/s:\n`);
    const indexed = median(indexedSeconds);
    const tableRows = [
      ['plain COPY (no indexes)', fixed(copy), '-', thousands(rows / copy), '1.00', '-', '-'],
      [
        'offers rewritten with indexes',
        fixed(indexed),
        '-',
        thousands(rows / indexed),
        fixed(copy / indexed),
        '-',
        '-',
      ],
    ];
    const labels = {
      fresh: 'import, all rows new',
      same: 'import again, unchanged',
      changed: 'import, every price changed',
    } as const;
    for (const kind of ['fresh', 'same', 'changed'] as const) {
      const seconds = median(results[kind].map((run) => run.summary.seconds));
      const reading = median(results[kind].map((run) => run.summary.readingSeconds));
      const peak = Math.max(...results[kind].map((run) => run.peakRssMb));
      const summary = results[kind][0]?.summary;
      const counts = summary
        ? `${thousands(summary.inserted)}/${thousands(summary.updated)}/${thousands(summary.unchanged)}`
        : '-';
      tableRows.push([
        labels[kind],
        fixed(seconds),
        fixed(reading),
        thousands(rows / seconds),
        fixed(copy / seconds),
        fixed(peak, 0),
        counts,
      ]);
    }
    printTable(
      ['what', 'seconds', 'of which reading', 'rows/s', 'ratio', 'peak RSS MB', 'new/changed/same'],
      tableRows,
    );
    console.log(
      `\n"offers rewritten with indexes": the ${thousands(rows)} imported offers inserted again by PostgreSQL itself ` +
        `(INSERT … SELECT, nothing to read or parse) into an empty table with offers' columns and indexes; no import ` +
        `that keeps offers searchable can beat its ratio on this machine.`,
    );
    const maxRss = process.resourceUsage().maxRSS / 1024;
    console.log(`\nPeak RSS of the whole benchmark process (VmHWM): ${fixed(maxRss, 0)} MB`);
    console.log(
      `Load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await database.close();
    await rm(file, { force: true });
    await rm(changedFile, { force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
