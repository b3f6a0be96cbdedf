import { existsSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../server/src/db/index.ts';
import { catalogueFiles, emptyDatabase, importCatalogue } from './lib/catalogue.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, printTable, thousands } from './lib/figures.ts';
import {
  OPEN_LOOP_ARGS,
  openLoopPasses,
  openLoopSettings,
  printOpenLoopTable,
  type OpenLoopFigures,
  type OpenLoopRequest,
} from './lib/open-loop.ts';
import { priceListKey } from './lib/price-list-file.ts';
import {
  EMPTY_ROUTE,
  type DeliveryStatsState,
  type PricingState,
  type SearchKey,
  type ServerMessage,
  type ServerRequest,
} from './lib/search-protocol.ts';

const usage = `Loads POST /api/v1/shop/products-search over HTTP and measures the floors in the same run.

Usage: npm run bench:search -- [--offers N] [--crosses N] [--reuse] [--page] [--pricing] [--delivery-stats [--stats-rounds N]]
                               [--pglite] [--connections C]
                               [--duration S] [--rate R] [--passes P] [--pass-seconds S]

  --offers N       catalogue size (default 1000000): a real-shaped price list of N rows is generated (kept in the
                   temporary folder) and loaded into a new, empty database with the real import (importPriceList),
                   with --crosses N cross-references (default N/4, importCrossReferences); search is measured
                   straight after the import, then again after VACUUM ANALYZE
  --reuse          keep the catalogue the database holds (built by an earlier run) and measure once
  --page           also load the server-rendered search page (GET /search/BRAND/ARTICLE; needs npm run build -w web)
  --pricing        selling prices: installs a realistic pricing setup through the pricing module's service (3 groups,
                   profiles of 10 bands, 20 brand and 8 supplier overrides, rounding, minimum margin) and measures
                   products-search with a brand and its SQL floor WITH it and WITHOUT it (the default group's 0 %
                   profile, what a shop without rules runs) in the same run, plus the profile look-up alone; prints
                   the throughput ratio with/without and the p99s (bench/lib/pricing-setup.ts)
  --delivery-stats delivery learned per supplier (issue 33): measures products-search with a brand WITH learned
                   figures (every supplier with figures over all brands, half its brands with their own, every
                   supplier on learned days and probability) and WITHOUT (the rollup empty, typed figures) in the
                   same run, one after the other; prints the throughput ratio (target ≥ 0.95) or, with --rate, the
                   p99 of each pass and the difference of their medians (target ≤ 1 ms) (bench/lib/delivery-stats-setup.ts);
                   --stats-rounds N repeats each pair N times, every other round in the reverse order
  --pglite         the embedded database (in the temporary folder) instead of PostgreSQL
  --connections C  closed loop: concurrent HTTP connections, and concurrent queries for the SQL floor (default 32)
  --duration S     closed loop: seconds per measurement (default 10)
  --rate R         open loop instead: R requests a second on a fixed schedule, latency counted from each
                   request's due time; a warm-up pass, then --passes (3) passes of --pass-seconds (15) each

Database: BENCH_DATABASE_URL (emptied), or detal_bench_search on postgres://postgres@127.0.0.1:5432 (dropped and
created again unless --reuse).
Measures: products-search with and without a brand, random existing articles; the floors: a bare node:http server
doing one indexed look-up (article and brand), an empty Fastify route of the same app, and (closed loop) the
search's own SQL statement run straight through pg or PGlite (no HTTP, no JSON).`;

const SAMPLE_KEYS = 5000;
const WEB_BUILD = path.join(import.meta.dirname, '..', 'web', 'build');

/** Random (article as written, brand) pairs of the price list, taken from the generator: no table is read. */
function sampleKeys(offers: number): SearchKey[] {
  return Array.from({ length: SAMPLE_KEYS }, (_, index) =>
    priceListKey(Math.floor(((((index + 1) * 2_654_435_761) % 4_294_967_296) / 4_294_967_296) * offers)),
  );
}

interface Figures {
  what: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Forks one of the benchmark's processes (bench/lib/NAME.ts) and waits for its `ready` message. */
function startProcess<Ready extends { type: 'ready' }>(
  name: string,
  environment: Record<string, string>,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(path.join(import.meta.dirname, 'lib', `${name}.ts`), {
    // BENCH_SERVER_NODE_ARGS: more options for the server's Node, e.g. --trace-gc.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    // Production, as the shop runs: React picks its production build from NODE_ENV when it is first loaded.
    env: { ...process.env, NODE_ENV: 'production', ...environment },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The process ${name} ended with code ${code}`)));
    child.once('message', (message: Ready) => {
      if (message.type === 'ready') resolve({ child, ready: message });
    });
  });
}

async function ask<T extends ServerMessage['type']>(
  child: ChildProcess,
  request: ServerRequest,
  answer: T,
): Promise<Extract<ServerMessage, { type: T }>> {
  const reply = new Promise<Extract<ServerMessage, { type: T }>>((resolve) => {
    const listener = (message: ServerMessage) => {
      if (message.type !== answer) return;
      child.off('message', listener);
      resolve(message as Extract<ServerMessage, { type: T }>);
    };
    child.on('message', listener);
  });
  child.send(request);
  return reply;
}

async function loadHttp(
  origin: string,
  connections: number,
  duration: number,
  nextRequest: () => OpenLoopRequest,
): Promise<Figures> {
  const result = await autocannon({
    url: origin,
    connections,
    duration,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, ...nextRequest() }) }],
  });
  return {
    what: '',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** One load of one target: closed loop (req/s, p50, p99) or open loop (per pass). */
type Target = {
  what: string;
  /** `--pricing`: the pricing the target is measured with (switched before it runs). */
  pricing?: PricingState;
  /** `--delivery-stats`: the learned delivery the target is measured with (switched before it runs). */
  deliveryStats?: DeliveryStatsState;
  /** An HTTP target, loaded in a closed or an open loop; else `sql`, loaded in a closed loop only. */
  http?: { origin: string; request: () => OpenLoopRequest };
  sql?: (seconds: number) => Promise<Figures>;
};

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '1000000' },
      crosses: { type: 'string' },
      reuse: { type: 'boolean', default: false },
      page: { type: 'boolean', default: false },
      pricing: { type: 'boolean', default: false },
      'delivery-stats': { type: 'boolean', default: false },
      'stats-rounds': { type: 'string', default: '1' },
      pglite: { type: 'boolean', default: false },
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
  const crosses = Number(values.crosses ?? Math.floor(offers / 4));
  const connections = Number(values.connections);
  const duration = Number(values.duration);
  const openLoop = openLoopSettings(values);
  for (const [name, value] of Object.entries({ offers, crosses, connections, duration })) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a whole number`);
  }

  const loadLine = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(`Machine: ${machineLine()}; load average before: ${loadLine()}`);
  const dataDir = path.join(tmpdir(), 'detal-bench-search-pglite');
  const databaseUrl = values.reuse
    ? values.pglite
      ? undefined
      : await benchDatabaseUrl('detal_bench_search')
    : await emptyDatabase('detal_bench_search', values.pglite, dataDir);
  console.log(`Database: ${databaseUrl ? shownUrl(databaseUrl) : `PGlite in ${dataDir}`}`);
  if (!values.reuse) {
    const files = await catalogueFiles(offers, crosses);
    const started = performance.now();
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    try {
      await importCatalogue(database, files);
    } finally {
      // PGlite has one user at a time: the server process opens it next.
      await database.close();
    }
    console.log(`Catalogue built in ${fixed((performance.now() - started) / 1000, 1)} s`);
  }
  const keys = sampleKeys(offers);

  if (values.page && !existsSync(WEB_BUILD)) throw new Error(`--page needs the web build: npm run build -w web`);
  const databaseEnvironment: Record<string, string> = databaseUrl
    ? { BENCH_SEARCH_DATABASE_URL: databaseUrl }
    : { BENCH_SEARCH_PGLITE_DIR: dataDir };
  const server = await startProcess<Extract<ServerMessage, { type: 'ready' }>>('search-server', {
    ...databaseEnvironment,
    ...(values.page ? { BENCH_SEARCH_PAGES: '1' } : {}),
  });
  const child = server.child;
  // The server process ending in the middle of a measurement would leave this one waiting for its answer.
  child.on('exit', (code) => {
    if (code === 0) return;
    console.error(`The server process ended with code ${code}`);
    process.exit(1);
  });
  const port = server.ready.port;
  // On PostgreSQL the look-up floor runs in a process of its own (lib/lookup-floor-server.ts).
  const lookupProcess =
    server.ready.lookupPort === null
      ? await startProcess<{ type: 'ready'; port: number }>('lookup-floor-server', databaseEnvironment)
      : undefined;
  const lookupPort = lookupProcess?.ready.port ?? server.ready.lookupPort;
  let turn = 0;
  const nextKey = () => keys[turn++ % keys.length] as SearchKey;
  const searchBody = (withBrand: boolean) => () => {
    const key = nextKey();
    return JSON.stringify(withBrand ? { article: key.article, brand_name: key.brand } : { article: key.article });
  };
  const post = (origin: string, path: string, body: () => string) => ({
    origin,
    request: (): OpenLoopRequest => ({ path, method: 'POST', body: body() }),
  });
  const app = `http://127.0.0.1:${port}`;
  const lookup = `http://127.0.0.1:${lookupPort}`;
  const searchRoute = '/api/v1/shop/products-search';
  const floor =
    (withBrand: boolean) =>
    async (seconds: number): Promise<Figures> => {
      const request: ServerRequest = {
        type: 'floor',
        withBrand,
        durationMs: seconds * 1000,
        concurrency: connections,
        keys,
      };
      const answer = await ask(child, request, 'floor');
      return {
        what: '',
        requestsPerSecond: answer.count / answer.seconds,
        p50: answer.p50,
        p99: answer.p99,
        failures: 0,
      };
    };
  const driver = databaseUrl ? 'pg' : 'PGlite';
  const withPricing = values.pricing;
  /** `--pricing`: the same target measured with the realistic setup, then with none, one after the other. */
  const priced = (target: Target): Target[] =>
    withPricing
      ? [
          { ...target, what: `${target.what}, ${PRICING_LABEL.realistic}`, pricing: 'realistic' },
          { ...target, what: `${target.what}, ${PRICING_LABEL.none}`, pricing: 'none' },
        ]
      : [target];
  const withDeliveryStats = values['delivery-stats'];
  /** `--delivery-stats`: the same target with learned figures, then without, one after the other. */
  const statsRounds = Number(values['stats-rounds']);
  if (!Number.isInteger(statsRounds) || statsRounds < 1) throw new Error('--stats-rounds takes a whole number ≥ 1');
  /**
   * In rounds, each round's pair in the other order than the last (WITH then WITHOUT, then WITHOUT then WITH): a
   * machine whose load drifts, or a target that runs first on a cold app, favours neither side.
   */
  const learned = (targets: Target[]): Target[] =>
    withDeliveryStats
      ? targets.flatMap((target) =>
          Array.from({ length: statsRounds }, (_, round) => {
            const what = statsRounds > 1 ? `${target.what} (round ${round + 1})` : target.what;
            const pair: Target[] = [
              { ...target, what: `${what}, ${STATS_LABEL.learned}`, deliveryStats: 'learned' },
              { ...target, what: `${what}, ${STATS_LABEL.none}`, deliveryStats: 'none' },
            ];
            return round % 2 === 0 ? pair : pair.reverse();
          }).flat(),
        )
      : targets;
  const profileFloor = async (seconds: number): Promise<Figures> => {
    const answer = await ask(
      child,
      { type: 'profile-floor', durationMs: seconds * 1000, concurrency: connections },
      'floor',
    );
    return {
      what: '',
      requestsPerSecond: answer.count / answer.seconds,
      p50: answer.p50,
      p99: answer.p99,
      failures: 0,
    };
  };
  // Search first: straight after the import is the moment the issue is about.
  const targets: Target[] = [
    ...learned(priced({ what: 'products-search, with brand', http: post(app, searchRoute, searchBody(true)) })),
    { what: 'products-search, without brand', http: post(app, searchRoute, searchBody(false)) },
    ...(values.page
      ? [
          {
            what: 'search page (server-rendered), with brand',
            http: {
              origin: app,
              request: (): OpenLoopRequest => {
                const key = nextKey();
                const path = `/search/${encodeURIComponent(key.brand)}/${encodeURIComponent(key.article)}`;
                return { path, method: 'GET' };
              },
            },
          },
        ]
      : []),
    { what: 'floor: bare node:http, one indexed look-up', http: post(lookup, '/', searchBody(true)) },
    { what: 'floor: empty Fastify route (same app)', http: post(app, EMPTY_ROUTE, () => '{}') },
    ...learned(priced({ what: `floor: search SQL through ${driver}, with brand`, sql: floor(true) })),
    ...(withPricing ? [{ what: "floor: the caller's profile look-up alone (pricingOf)", sql: profileFloor }] : []),
  ];
  // Targets without a pricing of their own run with the realistic setup when --pricing is given.
  if (withPricing) for (const target of targets) target.pricing ??= 'realistic';
  if (withDeliveryStats) for (const target of targets) target.deliveryStats ??= 'learned';
  let pricingNow: PricingState | undefined;
  const switchPricing = async (setup: PricingState | undefined) => {
    if (setup === undefined || setup === pricingNow) return;
    const answer = await ask(child, { type: 'pricing', setup }, 'pricing');
    if (pricingNow === undefined) console.log(`Pricing: ${setup}: ${answer.description}`);
    pricingNow = setup;
  };

  let statsNow: DeliveryStatsState | undefined;
  const switchDeliveryStats = async (setup: DeliveryStatsState | undefined) => {
    if (setup === undefined || setup === statsNow) return;
    const answer = await ask(child, { type: 'delivery-stats', setup }, 'delivery-stats');
    console.log(`Delivery stats: ${setup}: ${answer.description}`);
    statsNow = setup;
  };

  const closedRows: Figures[] = [];
  const openRows: { what: string; passes: OpenLoopFigures[] }[] = [];
  const measure = async (phase: string) => {
    console.log(`\n${phase} (load average ${loadLine()}):`);
    for (const target of targets) {
      const what = `${phase}: ${target.what}`;
      // The SQL floors run in a closed loop only: an open loop skips them without switching anything.
      if (openLoop && !target.http) continue;
      await switchPricing(target.pricing);
      await switchDeliveryStats(target.deliveryStats);
      if (openLoop && target.http) {
        const figures = await openLoopPasses(what, { ...target.http, ...openLoop });
        openRows.push({ what, passes: figures });
        continue;
      }
      const { http, sql: sqlLoad } = target;
      const load = http
        ? (seconds: number) => loadHttp(http.origin, connections, seconds, http.request)
        : (sqlLoad as (seconds: number) => Promise<Figures>);
      // A short warm-up first: connections opened, statements prepared, caches filled.
      await load(Math.min(3, duration));
      const measured = { ...(await load(duration)), what };
      closedRows.push(measured);
      console.log(
        `${what}: ${thousands(measured.requestsPerSecond)} req/s, p50 ${fixed(measured.p50)} ms, p99 ${fixed(measured.p99)} ms`,
      );
    }
  };
  try {
    if (values.reuse) {
      await measure('reused catalogue');
    } else {
      await measure('straight after the import');
      // The plan with the learned figures read (every supplier set to learned), when they are measured.
      await switchDeliveryStats(withDeliveryStats ? 'learned' : undefined);
      const explained = await ask(child, { type: 'explain', key: nextKey(), withBrand: true }, 'explain');
      console.log(`\nEXPLAIN ANALYZE of one search with a brand, straight after the import:\n${explained.plan}\n`);
      const started = performance.now();
      await ask(child, { type: 'vacuum' }, 'vacuumed');
      console.log(`VACUUM ANALYZE: ${fixed((performance.now() - started) / 1000, 1)} s`);
      await measure('after VACUUM ANALYZE');
    }
    await switchPricing(withPricing ? 'realistic' : undefined);
    await switchDeliveryStats(withDeliveryStats ? 'learned' : undefined);
    const explained = await ask(child, { type: 'explain', key: nextKey(), withBrand: true }, 'explain');
    console.log(
      `\nEXPLAIN ANALYZE of one search with a brand, at the end${withPricing ? ' (realistic pricing)' : ''}:\n${explained.plan}\n`,
    );
    // A later run without --pricing finds the catalogue priced as a shop without rules is.
    await switchPricing(withPricing ? 'none' : undefined);
    await switchDeliveryStats(withDeliveryStats ? 'none' : undefined);
  } finally {
    child.send({ type: 'stop' } satisfies ServerRequest);
    await once(child, 'exit');
    if (lookupProcess) {
      const exited = once(lookupProcess.child, 'exit');
      lookupProcess.child.disconnect();
      await exited;
    }
  }

  const setting =
    openLoop === undefined
      ? `${connections} connections, ${duration} s each`
      : `${openLoop.rate} req/s, ${openLoop.passes} passes of ${openLoop.passSeconds} s`;
  console.log(`\n${thousands(offers)} offers on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${setting}:\n`);
  if (openLoop === undefined) {
    printTable(
      ['what', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
      closedRows.map((row) => [
        row.what,
        thousands(row.requestsPerSecond),
        fixed(row.p50),
        fixed(row.p99),
        String(row.failures),
      ]),
    );
    for (const phase of new Set(closedRows.map((row) => row.what.split(':')[0]))) {
      const of = (what: string) => closedRows.find((row) => row.what === `${phase}: ${what}`);
      const search = of('products-search, with brand') ?? of(`products-search, with brand, ${PRICING_LABEL.realistic}`);
      const lookupFloor = of('floor: bare node:http, one indexed look-up');
      if (withPricing) printPricingRatio(phase ?? '', of, `floor: search SQL through ${driver}, with brand`);
      if (withDeliveryStats) printStatsRatio(phase ?? '', closedRows);
      if (search && lookupFloor) {
        console.log(
          `${phase}: products-search with brand answers ${fixed(search.requestsPerSecond / lookupFloor.requestsPerSecond)} ` +
            `of the look-up floor's req/s (target ≥ 0.3), p99 ${fixed(search.p99)} ms against ${fixed(lookupFloor.p99)} ms`,
        );
      }
    }
  } else {
    printOpenLoopTable(openRows);
    if (withPricing) printOpenLoopPricing(openRows);
    if (withDeliveryStats) printOpenLoopStats(openRows);
  }
  console.log(`Load average after: ${loadLine()}`);
}

const PRICING_LABEL: Record<PricingState, string> = { realistic: 'WITH pricing', none: 'WITHOUT pricing' };
const STATS_LABEL: Record<DeliveryStatsState, string> = {
  learned: 'WITH delivery stats',
  none: 'WITHOUT delivery stats',
};

/** The rows measured WITH and WITHOUT delivery stats whose names differ only by that label, in pairs. */
function statsPairs<Row extends { what: string }>(rows: readonly Row[], phase: string): [string, Row, Row][] {
  const suffix = `, ${STATS_LABEL.learned}`;
  return rows
    .filter((row) => row.what.startsWith(`${phase}:`) && row.what.endsWith(suffix))
    .flatMap((withStats): [string, Row, Row][] => {
      const base = withStats.what.slice(0, -suffix.length);
      const without = rows.find((row) => row.what === `${base}, ${STATS_LABEL.none}`);
      return without ? [[base, withStats, without]] : [];
    });
}

/** `--delivery-stats`, closed loop: each target's throughput and p99 with the learned figures against without. */
function printStatsRatio(phase: string, rows: readonly Figures[]): void {
  for (const [base, withStats, without] of statsPairs(rows, phase)) {
    console.log(
      `${base}: WITH delivery stats ${thousands(withStats.requestsPerSecond)} req/s, p99 ${fixed(withStats.p99)} ms; ` +
        `WITHOUT ${thousands(without.requestsPerSecond)} req/s, p99 ${fixed(without.p99)} ms; ` +
        `ratio with/without ${fixed(withStats.requestsPerSecond / without.requestsPerSecond)} (target ≥ 0.95)`,
    );
  }
}

/** `--delivery-stats`, open loop: the p99 of each pass with and without, and the difference of their medians. */
function printOpenLoopStats(rows: readonly { what: string; passes: readonly OpenLoopFigures[] }[]): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  for (const phase of new Set(rows.map((row) => row.what.split(':')[0]))) {
    for (const [base, withStats, without] of statsPairs(rows, phase ?? '')) {
      const withP99 = withStats.passes.map((pass) => pass.p99);
      const withoutP99 = without.passes.map((pass) => pass.p99);
      console.log(
        `${base}: p99 per pass WITH delivery stats ${withP99.map((value) => fixed(value)).join(' / ')} ms; ` +
          `WITHOUT ${withoutP99.map((value) => fixed(value)).join(' / ')} ms; median p99 difference ` +
          `${fixed(median(withP99) - median(withoutP99))} ms (target ≤ 1 ms)`,
      );
    }
  }
}

/** `--pricing`, closed loop: products-search with a brand and its SQL floor, with pricing against without. */
function printPricingRatio(phase: string, of: (what: string) => Figures | undefined, sqlFloor: string): void {
  const pairs = [
    ['products-search with brand', 'products-search, with brand'],
    ['the search SQL floor', sqlFloor],
  ] as const;
  for (const [label, what] of pairs) {
    const withRules = of(`${what}, ${PRICING_LABEL.realistic}`);
    const without = of(`${what}, ${PRICING_LABEL.none}`);
    if (!withRules || !without) continue;
    console.log(
      `${phase}: ${label} WITH pricing ${thousands(withRules.requestsPerSecond)} req/s, p99 ${fixed(withRules.p99)} ms; ` +
        `WITHOUT ${thousands(without.requestsPerSecond)} req/s, p99 ${fixed(without.p99)} ms; ` +
        `ratio with/without ${fixed(withRules.requestsPerSecond / without.requestsPerSecond)}` +
        (label === 'products-search with brand'
          ? ' (target at 1,000,000 offers, 32 connections: ≥ 0.8, p99 ≤ 20 ms)'
          : ''),
    );
  }
}

/** `--pricing`, open loop: the p99 of each pass of products-search with a brand, with pricing against without. */
function printOpenLoopPricing(rows: readonly { what: string; passes: readonly OpenLoopFigures[] }[]): void {
  const p99s = (what: string) =>
    rows
      .find((row) => row.what === what)
      ?.passes.map((pass) => fixed(pass.p99))
      .join(' / ');
  for (const phase of new Set(rows.map((row) => row.what.split(':')[0]))) {
    const base = `${phase}: products-search, with brand`;
    const withRules = p99s(`${base}, ${PRICING_LABEL.realistic}`);
    const without = p99s(`${base}, ${PRICING_LABEL.none}`);
    if (withRules && without) {
      console.log(
        `${phase}: products-search with brand, p99 per pass WITH pricing ${withRules} ms; WITHOUT ${without} ms`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
