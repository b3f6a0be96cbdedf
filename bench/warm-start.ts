/**
 * The first seconds of a new instance (issue 18): `npm run bench:warm-start [-- --runs 3 --rate 200 --seconds 10]`.
 *
 * Needs the catalogue `npm run bench:search` built (BENCH_DATABASE_URL, or detal_bench_search on the local
 * server) and the production build (`npm run build`). Each run starts the app exactly as `npm start` does
 * (server/dist/main.js, production), waits until it answers, and at once sends products-search with a brand on
 * a fixed schedule (`--rate` a second for `--seconds`, no warm-up pass: the cold start is what is measured), each
 * latency counted from its due time. Prints p50/p90/p99/max per run and the time from spawn to the first answer.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApp } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, printTable } from './lib/figures.ts';
import { openLoop, type OpenLoopFigures } from './lib/open-loop.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEARCH_PATH = '/api/v1/shop/products-search';

async function sampleKeys(url: string): Promise<{ article: string; brand: string }[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'detal-bench' });
  await client.connect();
  try {
    const { rows } = await client.query<{ article: string; brand: string }>(
      `select o.article, b.name as brand from offers o tablesample system (1) join brands b on b.id = o.brand_id limit 1000`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      rate: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '10' },
    },
  });
  const runs = Number(values.runs);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  if (!existsSync(path.join(repoRoot, 'server/dist/main.js'))) throw new Error('needs the build: npm run build');
  const url = await benchDatabaseUrl('detal_bench_search');
  const keys = await sampleKeys(url);
  if (keys.length === 0) throw new Error(`no offers in ${shownUrl(url)}: build them with npm run bench:search`);
  console.log(machineLine());
  console.log(`Database: ${shownUrl(url)}, ${keys.length} sample keys; ${rate} searches a second for ${seconds} s`);

  const rows: string[][] = [];
  for (let run = 1; run <= runs; run += 1) {
    const spawned = performance.now();
    const app = await startApp(url, { built: true });
    const startMs = performance.now() - spawned;
    let figures: OpenLoopFigures;
    try {
      figures = await openLoop({
        origin: app.origin,
        rate,
        durationMs: seconds * 1000,
        request: (index) => {
          const key = keys[index % keys.length]!;
          return {
            path: SEARCH_PATH,
            method: 'POST',
            body: JSON.stringify({ article: key.article, brand_name: key.brand }),
          };
        },
      });
    } finally {
      await app.stop();
    }
    console.log(`run ${run}: answering ${fixed(startMs / 1000, 1)} s after spawn; p99 ${fixed(figures.p99, 1)} ms`);
    rows.push([
      String(run),
      fixed(startMs / 1000, 1),
      fixed(figures.p50, 1),
      fixed(figures.p90, 1),
      fixed(figures.p99, 1),
      fixed(figures.max, 1),
      String(figures.count),
      String(figures.failures),
      fixed(figures.sendLagMax, 1),
    ]);
  }
  console.log(
    `\nThe first ${seconds} s after start, products-search with a brand at ${rate} req/s (target p99 ≤ 100 ms):\n`,
  );
  printTable(['run', 'start s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'answered', 'failed', 'send lag max ms'], rows);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
