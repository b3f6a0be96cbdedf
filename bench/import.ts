import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
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
import { subscribeModuleEffects } from '../server/src/modules/subscribers.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, median, printTable, sampleRss, thousands } from './lib/figures.ts';
import { PRICE_LIST_MAX_ROWS, writePriceListFile } from './lib/price-list-file.ts';

const usage = `Times the price-list import of a real-shaped list (bench/lib/price-list-file.ts: hundreds of brands,
articles of every shape, decimal commas, long Russian descriptions, some quoted) against a plain PostgreSQL COPY of
the same CSV file and against PostgreSQL rewriting the imported offers with their indexes.

Usage: npm run bench:import -- [--rows N] [--runs R]

  --rows N   rows in the generated price list (default 1000000)
  --runs R   rounds; medians are printed (default 3)

Each round: a plain COPY of the file into an unindexed table; the import into an empty catalogue (every row new);
the offers just imported inserted again by PostgreSQL, in index order, into an empty table with offers' indexes
(the floor of any import that keeps offers searchable); the same file again (every row unchanged); a file with every price changed (every row updated in place).
Database: BENCH_DATABASE_URL, or detal_bench_import on postgres://postgres@127.0.0.1:5432 (emptied).`;

/**
 * A plain COPY of the file into a table of the same columns with no index, key or constraint. The columns are
 * text: COPY reads neither '1 234,50' nor '>50', which the import turns into numbers.
 */
async function plainCopy(databaseUrl: string, file: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'detal-bench-import' });
  await client.connect();
  try {
    await client.query(`drop table if exists bench_plain_copy`);
    await client.query(`create table bench_plain_copy (article text, brand text, description text, price text,
                          quantity text, delivery text, weight text)`);
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
 * indexes as offers. They are written in the indexes' order, PostgreSQL's fastest case, from a copy made first
 * (not timed): the floor does not depend on the order in which the import happened to leave the offers.
 */
async function indexedFloor(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'detal-bench-import' });
  await client.connect();
  try {
    await client.query(`drop table if exists bench_indexed_floor, bench_floor_source`);
    await client.query(`create unlogged table bench_floor_source as
                          select * from offers order by article_normalized, brand_id`);
    await client.query(`vacuum analyze bench_floor_source`);
    await client.query(`create table bench_indexed_floor (like offers including defaults including indexes)`);
    const started = performance.now();
    await client.query(`insert into bench_indexed_floor select * from bench_floor_source`);
    const seconds = (performance.now() - started) / 1000;
    await client.query(`drop table bench_indexed_floor, bench_floor_source`);
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
  subscribeModuleEffects(); // the import emits domain events (decision 0042)
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
  if (!Number.isInteger(rows) || rows < 1 || rows > PRICE_LIST_MAX_ROWS) {
    throw new Error(`--rows takes 1 to ${PRICE_LIST_MAX_ROWS}`);
  }
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
    await writePriceListFile(file, rows);
    await writePriceListFile(changedFile, rows, 1);
    console.log(`Generated 2 × ${thousands(rows)} rows in ${fixed((performance.now() - started) / 1000, 1)} s`);

    const copySeconds: number[] = [];
    const indexedSeconds: number[] = [];
    const results: Record<'fresh' | 'same' | 'changed', ImportRun[]> = { fresh: [], same: [], changed: [] };
    const kinds = ['fresh', 'same', 'changed'] as const;
    const labels = {
      fresh: 'import, all rows new',
      same: 'import again, unchanged',
      changed: 'import, every price changed',
    } as const;
    // An import's speed over the indexed rewrite's, both of one round: the machine is shared, so only figures
    // measured minutes apart are compared.
    const ratioToIndexed = (kind: (typeof kinds)[number], round: number) =>
      (indexedSeconds[round] ?? Number.NaN) / (results[kind][round]?.summary.seconds ?? Number.NaN);
    for (let round = 1; round <= runs; round += 1) {
      const loadBefore = loadavg()[0] ?? 0;
      await database.db.execute('truncate offers restart identity cascade');
      await database.db.execute('vacuum analyze offers');
      copySeconds.push(await plainCopy(databaseUrl, file));
      results.fresh.push(await timedImport(database, file));
      indexedSeconds.push(await indexedFloor(databaseUrl));
      results.same.push(await timedImport(database, file));
      results.changed.push(await timedImport(database, changedFile));
      console.log(
        `round ${round} (load ${fixed(loadBefore)}): COPY ${fixed(copySeconds.at(-1) ?? 0)} s; ` +
          `indexed rewrite ${fixed(indexedSeconds.at(-1) ?? 0)} s; import (reading + transaction, ÷ indexed, peak RSS) ` +
          kinds
            .map((kind) => {
              const run = results[kind].at(-1);
              const reading = run?.summary.readingSeconds ?? 0;
              const rest = (run?.summary.seconds ?? 0) - reading;
              const ratio = ratioToIndexed(kind, round - 1);
              return `${kind} ${fixed(reading)} + ${fixed(rest)} s (${fixed(ratio)}, ${fixed(run?.peakRssMb ?? 0, 0)} MB)`;
            })
            .join(', '),
      );
    }

    const copy = median(copySeconds);
    const indexed = median(indexedSeconds);
    console.log(
      `\nMedians of ${runs} round(s), ${thousands(rows)} rows; ÷ COPY and ÷ indexed: the import's rows/s over those ` +
        `of plain COPY and of the indexed rewrite (÷ indexed: the median of each round's own ratio):\n`,
    );
    const tableRows = [
      ['plain COPY (no indexes, text columns)', fixed(copy), '-', thousands(rows / copy), '1.00', '-', '-', '-'],
      [
        'offers rewritten with indexes',
        fixed(indexed),
        '-',
        thousands(rows / indexed),
        fixed(copy / indexed),
        '1.00',
        '-',
        '-',
      ],
    ];
    for (const kind of kinds) {
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
        fixed(median(results[kind].map((_, round) => ratioToIndexed(kind, round)))),
        fixed(peak, 0),
        counts,
      ]);
    }
    printTable(
      ['what', 'seconds', 'of which reading', 'rows/s', '÷ COPY', '÷ indexed', 'peak RSS MB', 'new/changed/same'],
      tableRows,
    );
    console.log(
      `\n"offers rewritten with indexes": the ${thousands(rows)} imported offers inserted again by PostgreSQL itself ` +
        `(INSERT … SELECT in index order, nothing to read or parse) into an empty table with offers' columns and ` +
        `indexes; the floor ` +
        `of any import that keeps offers searchable, on this machine at this moment. Peak RSS: the process's ` +
        `resident memory sampled every 50 ms during each import, highest of the rounds.`,
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
