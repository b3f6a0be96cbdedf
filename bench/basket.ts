/**
 * The basket under load: `npm run bench:basket [-- --duration 10 --connections 32]`, or on a fixed schedule:
 * `npm run bench:basket -- --rate 300 [--passes 3 --pass-seconds 15]` (open loop: the floor and basket-show, each
 * latency counted from the request's due time, p50/p90/p99/max per pass; see bench/lib/open-loop.ts).
 *
 * Runs the app on PostgreSQL (DATABASE_URL, else a database of its own on the local server, created when
 * missing; a demo catalogue is seeded into an empty one), builds one basket of 50 lines over HTTP, then loads it
 * with autocannon: basket-add-item (one more piece of a random one of its 50 offers: the upsert path, all
 * connections contending for one basket's rows) and basket-show (the 50 lines with their offers). In the same run
 * it measures the HTTP floor, GET /api/health (HTTP plus one database round trip), and prints p50/p99 latency,
 * requests/s and the ratios to the floor, and the SQL floor: basket-show's own statement through `pg` alone on as
 * many connections. Afterwards it checks that no add was lost: the basket's pieces must
 * equal its 50 first pieces plus every add answered 200. Target: p99 <= 15 ms.
 *
 * The app runs in a child process (as in production), so that autocannon does not share its event loop. The
 * benchmark's offers, supplier and basket are removed at the end; nothing else in the database is touched.
 */
import { pricingOf } from '../server/src/modules/pricing/client-pricing.ts';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { startApp } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { closedLoop, type LoopFigures } from './lib/closed-loop.ts';
import { fixed, machineLine, printTable, thousands } from './lib/figures.ts';
import { OPEN_LOOP_ARGS, openLoopPasses, openLoopSettings, printOpenLoopTable } from './lib/open-loop.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { seedIfEmpty } from '../server/src/seed/index.ts';
import { linesStatement } from '../server/src/modules/basket/queries.ts';
import { insertBrand, insertOffers, insertSupplier } from '../server/test/fixtures/offers.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    warmup: { type: 'string', default: '3' },
    'cpu-prof': { type: 'string' },
    ...OPEN_LOOP_ARGS,
  },
});
const OPEN_LOOP = openLoopSettings(values);
const DURATION_S = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP_S = Number(values.warmup);
const LINES = 50;
// The demo shop's size (`npm start`), seeded into an empty database.
const DEMO_OFFERS = 50_000;
const P99_TARGET_MS = 15;
const BENCH_SUPPLIER = 'Бенчмарк корзины';
const BENCH_BRAND = 'BENCHBASKET';
// Enough stock that a long run of adds never reaches it (int4).
const BENCH_STOCK = 2_000_000_000;

/**
 * Removes what this benchmark stored (now or in an earlier run that stopped half-way): its baskets, the offers of
 * its brand (offers have no foreign keys, see the schema, so nothing cascades), its supplier and its brand.
 */
async function removeBenchData(client: pg.Client): Promise<void> {
  const benchOffers = 'select offers.id from offers join brands on brands.id = offers.brand_id where brands.name = $1';
  await client.query(
    `delete from baskets where id in (select basket_id from basket_items where offer_id in (${benchOffers}))`,
    [BENCH_BRAND],
  );
  await client.query(`delete from offers where id in (${benchOffers})`, [BENCH_BRAND]);
  await client.query('delete from suppliers where name = $1', [BENCH_SUPPLIER]);
  await client.query('delete from brands where name = $1', [BENCH_BRAND]);
}

/** Migrates, seeds an empty database, and stores the benchmark's 50 offers; answers their ids. */
async function prepareDatabase(url: string): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const seeded = await seedIfEmpty(database, { offers: DEMO_OFFERS });
    if (seeded) console.log(`seeded an empty database with the demo catalogue (${thousands(seeded.offers)} offers)`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await removeBenchData(client);
    } finally {
      await client.end();
    }
    const brandId = await insertBrand(database.db, BENCH_BRAND);
    const supplierId = await insertSupplier(database.db, BENCH_SUPPLIER);
    return await insertOffers(
      database.db,
      brandId,
      supplierId,
      Array.from({ length: LINES }, (_, index) => ({
        article: `BB-${index + 1}`,
        description: `Деталь для бенчмарка ${index + 1}`,
        price: `${100 + index}.50`,
        quantity: BENCH_STOCK,
        deliveryDays: index % 7,
      })),
    );
  } finally {
    await database.close();
  }
}

interface BasketIds {
  basket_id: number;
  basket_key: string;
}

async function buildBasket(origin: string, offerIds: readonly number[]): Promise<BasketIds> {
  let ids: { basket_id: number | null; basket_key: string | null } = { basket_id: null, basket_key: null };
  for (const offerId of offerIds) {
    const response = await fetch(`${origin}/api/v1/shop/basket-add-item`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ids, item: { id: offerId }, quantity: 1 }),
    });
    if (!response.ok) throw new Error(`building the basket: basket-add-item answered ${response.status}`);
    const { data } = (await response.json()) as { data: BasketIds & { total_positions_in_basket: number } };
    ids = { basket_id: data.basket_id, basket_key: data.basket_key };
  }
  return ids as BasketIds;
}

/**
 * The lines' statement of basket-show (the module's own), run straight through `pg` on as many connections as the
 * HTTP load has, each preparing it once like the app: what the database alone allows on this machine.
 */
async function linesThroughPg(url: string, basketId: number): Promise<LoopFigures> {
  // The statement an anonymous visitor's basket-show runs: the retail group's prices.
  const database = await openDatabase({ databaseUrl: url });
  const pricing = await pricingOf(database.db, null).finally(() => database.close());
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS, application_name: 'detal-bench-floor' });
  const statement = linesStatement(pricing);
  const query = {
    name: statement.name,
    text: statement.query.sql,
    values: fillPlaceholders(statement.query.params, { basketId, discount: pricing.discount }),
    rowMode: 'array' as const,
  };
  try {
    await closedLoop(CONNECTIONS, WARMUP_S * 1000, () => pool.query(query));
    return await closedLoop(CONNECTIONS, DURATION_S * 1000, () => pool.query(query));
  } finally {
    await pool.end();
  }
}

interface Load {
  name: string;
  options: autocannon.Options;
}

const run = (options: autocannon.Options, seconds: number) =>
  autocannon({ connections: CONNECTIONS, ...options, duration: seconds });

const url = process.env.DATABASE_URL || (await benchDatabaseUrl('detal_bench_basket'));

console.log(
  `bench:basket — ${machineLine()}; load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  `PostgreSQL ${shownUrl(url)}; ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s warm-up`,
);

const offerIds = await prepareDatabase(url);
const app = await startApp(url, { cpuProfileDir: values['cpu-prof'] });
const { origin } = app;
const checker = new pg.Client({ connectionString: url });
await checker.connect();
try {
  const basket = await buildBasket(origin, offerIds);
  // Statistics as autovacuum keeps them in a running shop: the planner must not plan the lines' join for tables it
  // believes empty (it then hashes the whole offers table instead of looking 50 offers up by key).
  await checker.query('analyze baskets, basket_items, offers');
  console.log(`basket ${basket.basket_id} built with ${LINES} lines`);
  if (OPEN_LOOP) {
    // Requests on a fixed schedule: the floor, then basket-show, each loaded the same way.
    const body = JSON.stringify(basket);
    const rows = [];
    for (const [what, path, method] of [
      ['GET /api/health (floor)', '/api/health', 'GET'],
      ['basket-show (50 lines)', '/api/v1/shop/basket-show', 'POST'],
    ] as const) {
      const request = () => ({ path, method, body: method === 'POST' ? body : undefined });
      rows.push({ what, passes: await openLoopPasses(what, { origin, request, ...OPEN_LOOP }) });
    }
    console.log(`\nopen loop at ${OPEN_LOOP.rate} req/s, ${OPEN_LOOP.passes} passes of ${OPEN_LOOP.passSeconds} s:\n`);
    printOpenLoopTable(rows);
  } else {
    await closedLoopLoads(origin, basket, offerIds, checker, url);
  }
} finally {
  await removeBenchData(checker).catch((error: unknown) => console.error('cleanup failed:', error));
  await checker.end();
  await app.stop();
}

/** autocannon's fixed connections on the floor, basket-show and basket-add-item; then the consistency check. */
async function closedLoopLoads(
  origin: string,
  basket: BasketIds,
  offerIds: readonly number[],
  checker: pg.Client,
  url: string,
): Promise<void> {
  const json = { 'content-type': 'application/json' };
  const loads: Load[] = [
    { name: 'GET /api/health (floor)', options: { url: `${origin}/api/health` } },
    {
      name: 'basket-show (50 lines)',
      options: {
        url: `${origin}/api/v1/shop/basket-show`,
        method: 'POST',
        headers: json,
        body: JSON.stringify(basket),
      },
    },
    {
      name: 'basket-add-item',
      options: {
        url: `${origin}/api/v1/shop/basket-add-item`,
        method: 'POST',
        headers: json,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({
                ...basket,
                item: { id: offerIds[Math.floor(Math.random() * offerIds.length)] },
                quantity: 1,
              }),
            }),
          },
        ],
      },
    },
  ];
  let addsSent = 0;
  const rows: string[][] = [];
  const sqlFloor = await linesThroughPg(url, basket.basket_id);
  let floor: autocannon.Result | null = null;
  let worstP99 = 0;
  for (const load of loads) {
    const warm = await run(load.options, WARMUP_S);
    const result = await run(load.options, DURATION_S);
    if (load.name === 'basket-add-item') addsSent += warm.requests.sent + result.requests.sent;
    const failed = result.non2xx + result.errors + warm.non2xx + warm.errors;
    if (failed > 0) throw new Error(`${load.name}: ${failed} requests failed (non-2xx or errors)`);
    floor ??= result;
    if (result !== floor) worstP99 = Math.max(worstP99, result.latency.p99);
    rows.push([
      load.name,
      fixed(result.latency.p50),
      fixed(result.latency.p99),
      thousands(result.requests.average),
      result === floor ? '1.00' : fixed(result.latency.p99 / Math.max(floor.latency.p99, 1)),
      result === floor ? '1.00' : fixed(result.requests.average / floor.requests.average),
    ]);
  }

  console.log('');
  printTable(['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'p99 / floor', 'req/s / floor'], rows);
  console.log('');
  console.log(
    `SQL floor, basket-show's statement through pg alone (${CONNECTIONS} connections, no HTTP, no JSON): ` +
      `${thousands(sqlFloor.count / sqlFloor.seconds)} queries/s, p50 ${fixed(sqlFloor.p50)} ms, p99 ${fixed(sqlFloor.p99)} ms`,
  );

  // Every add sent is one more piece in the basket: none may be lost under contention. Adds still in flight when a
  // run stopped are not counted as answered by autocannon but are applied by the server, so the count is of sent
  // ones (no request failed, checked above), read once the server has settled.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const {
    rows: [stored],
  } = await checker.query<{ lines: string; pieces: string }>(
    'select count(*) as lines, sum(quantity) as pieces from basket_items where basket_id = $1',
    [basket.basket_id],
  );
  const expectedPieces = LINES + addsSent;
  console.log('');
  console.log(
    `consistency: ${stored?.lines} lines, ${thousands(Number(stored?.pieces))} pieces; expected ${LINES} lines, ` +
      `${thousands(expectedPieces)} pieces (${LINES} + ${thousands(addsSent)} adds sent)`,
  );
  if (Number(stored?.lines) !== LINES || Number(stored?.pieces) !== expectedPieces) {
    throw new Error('the basket does not hold what the adds put into it');
  }
  console.log(
    `target p99 <= ${P99_TARGET_MS} ms: ${worstP99 <= P99_TARGET_MS ? 'met' : 'NOT met'} (worst ${fixed(worstP99)} ms)`,
  );
}
