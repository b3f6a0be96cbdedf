import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { normalizeArticle } from '@detal/contract';
import { openDatabase } from '../server/src/db/index.ts';
import { prefixUpperBound, suggestStatement } from '../server/src/modules/search/suggestions.ts';
import { startApp, type AppProcess } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { catalogueFiles, emptyDatabase, importCatalogue } from './lib/catalogue.ts';
import { fixed, machineLine, printTable, thousands } from './lib/figures.ts';
import { closedLoop } from './lib/closed-loop.ts';
import { OPEN_LOOP_ARGS, openLoopPasses, openLoopSettings, printOpenLoopTable } from './lib/open-loop.ts';
import { priceListKey } from './lib/price-list-file.ts';

const usage = `Loads GET /api/v1/shop/products-suggest (suggestions while typing) over HTTP.

Usage: npm run bench:suggest -- [--offers N] [--reuse] [--no-cache] [--connections C] [--duration S] [--rate R]
                                [--passes P] [--pass-seconds S]

  --offers N       catalogue size (default 1000000): the real-shaped price list of bench:search (N rows, N/4
                   cross-references), loaded with the real imports into a new, empty database; measured straight
                   after the import, then after VACUUM ANALYZE
  --reuse          keep the catalogue the database holds (built by an earlier run) and measure once
  --no-cache       the app with its suggestion cache off (SUGGEST_CACHE_TTL_MS=0): every suggestion a query
  --connections C  closed loop (autocannon): concurrent connections (default 32)
  --duration S     closed loop: seconds per measurement (default 10)
  --rate R         open loop instead: R requests a second on a fixed schedule, latency counted from each
                   request's due time; a warm-up pass, then --passes (3) passes of --pass-seconds (15) each

Database: BENCH_DATABASE_URL (emptied), or detal_bench_suggest on postgres://postgres@127.0.0.1:5432 (dropped and
created again unless --reuse).
Closed loop: products-suggest on the app as configured (the suggestion cache on, 30 s), the same on a second app
with the cache off (SUGGEST_CACHE_TTL_MS=0: misses only, what the database path costs), then the floors in the
same run: the app's /api/health/live (no database) and /api/health (one select), and the suggestion statement
alone through pg on as many connections. Beside each products-suggest figure, the share of the measured requests
the cache answered (detal_suggest_cache_requests_total from the app's /metrics): hit (kept), shared (waited for
another request's query), miss (a query of its own).
Prefixes: what a client has typed of a real article of the list, as written ('0 98', 'W12', '1K0-1'), 2 to 6
letters and digits after normalization, plus one in eight that no article starts with.`;

const SAMPLE_PREFIXES = 5000;
const ROUTE = '/api/v1/shop/products-suggest';

/**
 * Prefixes as a client types them: the start of a written article of the list with 2 to 6 normalized characters
 * (separators kept as typed), and every eighth one a prefix of letters that the list's article shapes never begin
 * with (Cyrillic letters no
 * article of the list has), so that "nothing found" is measured too. Deterministic, like the price list.
 */
function samplePrefixes(offers: number): string[] {
  return Array.from({ length: SAMPLE_PREFIXES }, (_, index) => {
    const wanted = 2 + (index % 5);
    if (index % 8 === 7) return ['ЖЯ', 'ЯЯ1', 'ЪЪ', 'ЮЖ-7', 'ЖЖ9', 'ЩЩ'][Math.floor(index / 8) % 6]!;
    const row = Math.floor(((((index + 1) * 2_654_435_761) % 4_294_967_296) / 4_294_967_296) * offers);
    const written = priceListKey(row).article;
    let typed = '';
    for (const character of written) {
      typed += character;
      if (normalizeArticle(typed).length >= wanted) break;
    }
    return typed;
  });
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The apps' /metrics token: the bench reads the suggestion cache's counts. */
const METRICS_TOKEN = randomBytes(16).toString('hex');

type CacheCounts = { hit: number; shared: number; miss: number };

/** detal_suggest_cache_requests_total of an app, by result. */
async function cacheCounts(app: AppProcess): Promise<CacheCounts> {
  const response = await fetch(`${app.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  const count = (result: string) => {
    const found = new RegExp(`^detal_suggest_cache_requests_total\\{result="${result}"\\} (\\d+)$`, 'm').exec(text);
    if (!found) throw new Error(`no detal_suggest_cache_requests_total{result="${result}"} in /metrics`);
    return Number(found[1]);
  };
  return { hit: count('hit'), shared: count('shared'), miss: count('miss') };
}

/** The requests between two counts by how they were answered, in per cent: 'hit 99.1%, shared 0.2%, miss 0.7%'. */
function cacheShares(before: CacheCounts, after: CacheCounts): string {
  const hit = after.hit - before.hit;
  const shared = after.shared - before.shared;
  const miss = after.miss - before.miss;
  const total = hit + shared + miss;
  if (total === 0) return 'no requests';
  const share = (count: number) => `${fixed((100 * count) / total, 1)}%`;
  return `hit ${share(hit)}, shared ${share(shared)}, miss ${share(miss)}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '1000000' },
      reuse: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      ...OPEN_LOOP_ARGS,
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const offers = Number(values.offers);
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const openLoop = openLoopSettings(values);
  for (const [name, value] of Object.entries({ offers, connections, duration })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
  }
  console.log(`Machine: ${machineLine()}`);
  console.log(`Before: ${uptime()}`);
  const databaseUrl = values.reuse
    ? await benchDatabaseUrl('detal_bench_suggest')
    : ((await emptyDatabase('detal_bench_suggest', false, tmpdir())) as string);
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  if (!values.reuse) {
    const files = await catalogueFiles(offers, Math.floor(offers / 4));
    const database = await openDatabase({ databaseUrl });
    try {
      await importCatalogue(database, files);
    } finally {
      await database.close();
    }
  }

  const prefixes = samplePrefixes(offers);
  const cacheOff = { SUGGEST_CACHE_TTL_MS: '0', METRICS_TOKEN };
  const noCache = values['no-cache'];
  // The app as configured (the cache on unless --no-cache), and one with the cache off for the misses-only figure.
  const app = await startApp(databaseUrl, { env: noCache ? cacheOff : { METRICS_TOKEN } });
  const uncachedApp = noCache ? undefined : await startApp(databaseUrl, { env: cacheOff });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'detal-bench-suggest' });
  const sqlPool = new pg.Pool({
    connectionString: databaseUrl,
    max: connections,
    application_name: 'detal-bench-suggest',
  });
  let turn = 0;
  const nextPath = () => `${ROUTE}?article=${encodeURIComponent(prefixes[turn++ % prefixes.length]!)}`;
  const appName = noCache ? 'products-suggest, cache off' : 'products-suggest';
  const closedRows: string[][] = [];
  const openRows: Parameters<typeof printOpenLoopTable>[0][number][] = [];

  // Asked of the app without a cache, so that describing the prefixes does not fill the measured app's cache.
  const describePrefixes = async () => {
    let empty = 0;
    let total = 0;
    for (const prefix of new Set(prefixes)) {
      const response = await fetch(`${(uncachedApp ?? app).origin}${ROUTE}?article=${encodeURIComponent(prefix)}`);
      const body = (await response.json()) as { data: { suggestions: unknown[] } };
      total += 1;
      if (body.data.suggestions.length === 0) empty += 1;
    }
    console.log(`Prefixes: ${thousands(total)} distinct, ${thousands(empty)} of them without a suggestion`);
  };

  const explain = async (phase: string) => {
    // The plan the prepared statement keeps after five runs: generic, with the prefix as parameters.
    const client = await pool.connect();
    try {
      const prefix = normalizeArticle(prefixes[0]!);
      await client.query('set plan_cache_mode = force_generic_plan');
      // The module's own statement text: $1 from, $2 to, $3 limit.
      await client.query(`prepare suggest_plan as ${suggestStatement.query.sql}`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) execute suggest_plan('${prefix}', '${prefixUpperBound(prefix)}', 10)`,
      );
      console.log(`\nEXPLAIN ANALYZE (generic plan) of '${prefix}', ${phase}:`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
      await client.query('deallocate suggest_plan');
      await client.query('reset plan_cache_mode');
    } finally {
      client.release();
    }
  };

  const measure = async (phase: string) => {
    console.log(`\n${phase}: ${uptime()}`);
    const what = `${phase}: ${appName}`;
    if (openLoop) {
      const before = await cacheCounts(app);
      const passes = await openLoopPasses(what, {
        origin: app.origin,
        ...openLoop,
        request: () => ({ path: nextPath(), method: 'GET' }),
      });
      console.log(
        `${what}: suggestion cache over the passes (warm-up included): ${cacheShares(before, await cacheCounts(app))}`,
      );
      openRows.push({ what, passes });
      return;
    }
    const http =
      (path: () => string, target: AppProcess = app) =>
      async (seconds: number) => {
        const result = await autocannon({
          url: target.origin,
          connections,
          duration: seconds,
          requests: [{ setupRequest: (request) => ({ ...request, path: path(), method: 'GET' }) }],
        });
        return {
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          failures: result.non2xx + result.errors,
        };
      };
    // The module's statement alone, on as many connections as the load has, no HTTP: what the database costs.
    const sqlFloor = async (seconds: number) => {
      let index = 0;
      const figures = await closedLoop(connections, seconds * 1000, async () => {
        const prefix = normalizeArticle(prefixes[index++ % prefixes.length]!);
        await sqlPool.query({
          name: 'products_suggest',
          text: suggestStatement.query.sql,
          values: [prefix, prefixUpperBound(prefix), 10],
        });
      });
      return { requestsPerSecond: figures.count / figures.seconds, ...figures, failures: 0 };
    };
    type Figures = { requestsPerSecond: number; p50: number; p99: number; failures: number };
    const targets: { what: string; load: (seconds: number) => Promise<Figures>; counted?: AppProcess }[] = [
      { what, load: http(nextPath), counted: app },
      ...(uncachedApp
        ? [
            {
              what: `${phase}: products-suggest, cache off (misses only)`,
              load: http(nextPath, uncachedApp),
              counted: uncachedApp,
            },
          ]
        : []),
      { what: `${phase}: floor: GET /api/health/live (no database)`, load: http(() => '/api/health/live') },
      { what: `${phase}: floor: GET /api/health (one select)`, load: http(() => '/api/health') },
      { what: `${phase}: floor: the suggestion SQL through pg`, load: sqlFloor },
    ];
    for (const target of targets) {
      await target.load(Math.min(3, duration));
      const before = target.counted && (await cacheCounts(target.counted));
      const figures = await target.load(duration);
      const cache = target.counted && before ? cacheShares(before, await cacheCounts(target.counted)) : '—';
      const row = [
        target.what,
        thousands(figures.requestsPerSecond),
        fixed(figures.p50),
        fixed(figures.p99),
        String(figures.failures),
        cache,
      ];
      closedRows.push(row);
      console.log(
        `${target.what}: ${row[1]} req/s, median ${row[2]} ms, p99 ${row[3]} ms, failed ${row[4]}, cache ${row[5]}`,
      );
    }
    console.log(`after: ${uptime()}`);
  };

  try {
    await describePrefixes();
    if (values.reuse) {
      await explain('reused catalogue');
      await measure('reused catalogue');
    } else {
      await explain('straight after the import');
      await measure('straight after the import');
      const started = performance.now();
      await pool.query('vacuum analyze');
      console.log(`\nVACUUM ANALYZE: ${fixed((performance.now() - started) / 1000, 1)} s`);
      await explain('after VACUUM ANALYZE');
      await measure('after VACUUM ANALYZE');
    }
  } finally {
    await app.stop();
    await uncachedApp?.stop();
    await pool.end();
    await sqlPool.end();
  }

  const setting =
    openLoop === undefined
      ? `${connections} connections, ${duration} s each (closed loop, autocannon)`
      : `${openLoop.rate} req/s, ${openLoop.passes} passes of ${openLoop.passSeconds} s (open loop)`;
  console.log(`\n${thousands(offers)} offers on PostgreSQL, ${setting}:\n`);
  if (openLoop === undefined) {
    printTable(['what', 'req/s', 'median ms', 'p99 ms', 'failed', 'suggestion cache'], closedRows);
  } else printOpenLoopTable(openRows);
  console.log(`\nAfter: ${uptime()}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
