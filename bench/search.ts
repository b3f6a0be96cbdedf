import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/src/db/index.ts';
import { seedDemoData, wipeDemoData } from '../server/src/seed/index.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, printTable, thousands } from './lib/figures.ts';
import { EMPTY_ROUTE, type SearchKey, type ServerMessage, type ServerRequest } from './lib/search-protocol.ts';

const usage = `Loads POST /api/v1/shop/products-search over HTTP and measures the floor in the same run.

Usage: npm run bench:search -- [--offers N] [--pglite] [--connections C] [--duration S] [--reseed]

  --offers N       catalogue size (default 1000000); the demo generator fills the database once, later runs
                   reuse it while it holds N offers (--reseed fills it again)
  --pglite         the embedded database (in the temporary folder) instead of PostgreSQL
  --connections C  concurrent HTTP connections, and concurrent queries for the SQL floor (default 32)
  --duration S     seconds per measurement (default 10)

Database: BENCH_DATABASE_URL, or detal_bench_search on postgres://postgres@127.0.0.1:5432.
Measures: an empty Fastify route of the same app; products-search with and without a brand, random existing
articles; the search's own SQL statement run straight through pg or PGlite (no HTTP, no JSON), with and without
a brand.`;

const SAMPLE_KEYS = 5000;

async function prepareCatalogue(database: Database, offers: number, reseed: boolean): Promise<void> {
  const counted = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from offers`);
  const current = counted.rows[0]?.count ?? 0;
  if (current === offers && !reseed) {
    console.log(`Catalogue: reusing ${thousands(current)} offers`);
    return;
  }
  const started = performance.now();
  await wipeDemoData(database);
  const summary = await seedDemoData(database, { offers });
  if (database.driver === 'postgres') await database.db.execute(sql`vacuum analyze`);
  console.log(
    `Catalogue: generated ${thousands(summary.offers)} offers, ${thousands(summary.crossReferences)} cross-references, ` +
      `${summary.brands} brands in ${fixed((performance.now() - started) / 1000, 1)} s`,
  );
}

/** Random existing (article as the supplier wrote it, brand) pairs. */
async function sampleKeys(database: Database): Promise<SearchKey[]> {
  const result = await database.db.execute<{ article: string; brand: string }>(sql`
    select o.article, b.name as brand from offers o join brands b on b.id = o.brand_id
     order by random() limit ${SAMPLE_KEYS}`);
  return result.rows;
}

interface Figures {
  what: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

function startServer(environment: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, 'lib', 'search-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server process ended with code ${code}`)));
    child.once('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve({ child, port: message.port });
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
  url: string,
  connections: number,
  duration: number,
  nextBody: () => string,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }],
  });
  return {
    what: '',
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string', default: '1000000' },
      pglite: { type: 'boolean', default: false },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      reseed: { type: 'boolean', default: false },
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
  for (const [name, value] of Object.entries({ offers, connections, duration })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
  }

  console.log(`Machine: ${machineLine()}; load average before: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const databaseUrl = values.pglite ? undefined : await benchDatabaseUrl('detal_bench_search');
  const dataDir = path.join(tmpdir(), 'detal-bench-search-pglite');
  console.log(`Database: ${databaseUrl ? shownUrl(databaseUrl) : `PGlite in ${dataDir}`}`);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  let keys: SearchKey[];
  try {
    await prepareCatalogue(database, offers, values.reseed);
    keys = await sampleKeys(database);
  } finally {
    // PGlite has one user at a time: the server process opens it next.
    await database.close();
  }

  const { child, port } = await startServer(
    databaseUrl ? { BENCH_SEARCH_DATABASE_URL: databaseUrl } : { BENCH_SEARCH_PGLITE_DIR: dataDir },
  );
  const base = `http://127.0.0.1:${port}`;
  let turn = 0;
  const nextKey = () => keys[turn++ % keys.length] as SearchKey;
  const figures: Figures[] = [];
  try {
    const warmup = Math.min(3, duration);
    const run = async (what: string, measure: (seconds: number) => Promise<Figures>) => {
      // A short warm-up first: connections opened, statements prepared, caches filled.
      await measure(warmup);
      const measured = { ...(await measure(duration)), what };
      figures.push(measured);
      console.log(`${what}: ${thousands(measured.requestsPerSecond)} req/s, p50 ${fixed(measured.p50)} ms, p99 ${fixed(measured.p99)} ms`);
    };
    const http = (route: string, body: () => string) => (seconds: number) =>
      loadHttp(`${base}${route}`, connections, seconds, body);
    const floor = (withBrand: boolean) => async (seconds: number): Promise<Figures> => {
      const request: ServerRequest = { type: 'floor', withBrand, durationMs: seconds * 1000, concurrency: connections, keys };
      const answer = await ask(child, request, 'floor');
      return { what: '', requestsPerSecond: answer.count / answer.seconds, p50: answer.p50, p99: answer.p99, failures: 0 };
    };
    const searchBody = (withBrand: boolean) => () => {
      const key = nextKey();
      return JSON.stringify(withBrand ? { article: key.article, brand_name: key.brand } : { article: key.article });
    };
    const searchRoute = '/api/v1/shop/products-search';

    await run('empty Fastify route (same app)', http(EMPTY_ROUTE, () => '{}'));
    const driver = databaseUrl ? 'pg' : 'PGlite';
    await run(`search SQL through ${driver}, with brand`, floor(true));
    await run('products-search over HTTP, with brand', http(searchRoute, searchBody(true)));
    await run(`search SQL through ${driver}, without brand`, floor(false));
    await run('products-search over HTTP, without brand', http(searchRoute, searchBody(false)));

    const explained = await ask(child, { type: 'explain', key: nextKey(), withBrand: true }, 'explain');
    console.log(`\nEXPLAIN ANALYZE of one search with a brand:\n${explained.plan}\n`);
  } finally {
    child.send({ type: 'stop' } satisfies ServerRequest);
    await once(child, 'exit');
  }

  console.log(
    `\n${thousands(offers)} offers on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s each:\n`,
  );
  printTable(
    ['what', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
    figures.map((row) => [row.what, thousands(row.requestsPerSecond), fixed(row.p50), fixed(row.p99), String(row.failures)]),
  );
  const byName = (prefix: string) => figures.find((row) => row.what.startsWith(prefix));
  const searchWithBrand = byName('products-search over HTTP, with brand');
  const floorWithBrand = figures.find((row) => row.what.startsWith('search SQL') && row.what.endsWith(', with brand'));
  const empty = byName('empty Fastify route');
  if (searchWithBrand && floorWithBrand && empty) {
    console.log(
      `\nWith brand: p99 ${fixed(searchWithBrand.p99)} ms (target ≤ 20), ${thousands(searchWithBrand.requestsPerSecond)} req/s ` +
        `(target ≥ 1,000); ratio to the SQL floor: p50 ${fixed(searchWithBrand.p50 / floorWithBrand.p50)}×, ` +
        `p99 ${fixed(searchWithBrand.p99 / floorWithBrand.p99)}×, throughput ${fixed(floorWithBrand.requestsPerSecond / searchWithBrand.requestsPerSecond)}× ` +
        `(target within 2×); the empty route answers ${thousands(empty.requestsPerSecond)} req/s.`,
    );
  }
  console.log(`Load average after: ${loadavg().map((value) => value.toFixed(2)).join(' ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
