/**
 * Checkout under load: `npm run bench:checkout [-- --clients 32 --orders 10 --lines 3 --repeats 2]`.
 *
 * Runs the app on PostgreSQL (DATABASE_URL, else a database of its own on the local server, created when
 * missing) in a child process, as in production. `--clients` signed-in clients then shop at the same time over
 * HTTP, each placing `--orders` orders one after another: put 1..`--lines` random offers into the basket
 * (basket-add-item), read the basket (basket-show), step 1, and step 2 sent `--repeats` times at once with the
 * same body (a double click). Some offers are scarce, so that clients race for the last pieces and some orders
 * are refused with 409 (the client then clears its basket and goes on).
 *
 * Prints orders/s, p50/p99 of step 2 (and of step 1 beside it), then checks that everything adds up exactly:
 * every repeat of a submission answered the same order id; the database holds exactly the orders answered,
 * each with the lines the client chose, a total equal to its lines plus delivery, and one bill for that total;
 * each offer's stock went down by exactly the pieces ordered and never below zero; the baskets are empty.
 * The benchmark's clients, orders, offers and supplier are removed before and after the run.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startApp, type AppProcess } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, percentile, printTable, thousands } from './lib/figures.ts';
import { openDatabase } from '../server/src/db/index.ts';
import { readShopSetting, writeShopSetting } from '../server/src/db/shop-settings.ts';
import { insertClient } from '../server/src/modules/clients/queries.ts';
import { openSession } from '../server/src/modules/clients/sessions.ts';
import { claimBasketForClient } from '../server/src/modules/basket/merge.ts';
import { insertBrand, insertOffers, insertSupplier } from '../server/test/fixtures/offers.ts';
import { demoShopSettings } from '../server/src/seed/shop-settings.ts';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    orders: { type: 'string', default: '10' },
    lines: { type: 'string', default: '3' },
    repeats: { type: 'string', default: '2' },
  },
});
const CLIENTS = Number(values.clients);
const ORDERS_PER_CLIENT = Number(values.orders);
const MAX_LINES = Number(values.lines);
const REPEATS = Number(values.repeats);
const PLENTIFUL_OFFERS = 40;
const SCARCE_OFFERS = 10;
const PLENTIFUL_STOCK = 1_000_000;
const SCARCE_STOCK = 12;
const BENCH_SUPPLIER = 'Бенчмарк заказов';
const BENCH_BRAND = 'BENCHCHECKOUT';
const BENCH_EMAIL_DOMAIN = 'bench-checkout.invalid';

/** Removes what a run leaves: its clients with their orders, bills, baskets and sessions; its offers. */
async function removeBenchData(client: pg.Client): Promise<void> {
  const benchClients = `select id from clients where email like '%@${BENCH_EMAIL_DOMAIN}'`;
  await client.query(`delete from bills where client_id in (${benchClients})`);
  await client.query(`delete from orders where client_id in (${benchClients})`);
  await client.query(`delete from clients where id in (${benchClients})`);
  await client.query('delete from offers where supplier_id in (select id from suppliers where name = $1)', [
    BENCH_SUPPLIER,
  ]);
  await client.query('delete from suppliers where name = $1', [BENCH_SUPPLIER]);
  await client.query(
    'delete from brands where name = $1 and not exists (select 1 from offers where brand_id = brands.id)',
    [BENCH_BRAND],
  );
}

interface Shopper {
  token: string;
  basket: { basket_id: number; basket_key: string };
}

interface BenchOffer {
  id: number;
  stock: number;
}

/** Migrates, makes sure delivery methods exist, stores the offers and the signed-in clients with their baskets. */
async function prepareDatabase(
  url: string,
  checker: pg.Client,
): Promise<{ offers: BenchOffer[]; shoppers: Shopper[] }> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    await removeBenchData(checker);
    if (!(await readShopSetting(database.db, 'delivery_methods'))?.length) {
      await writeShopSetting(database.db, 'delivery_methods', demoShopSettings.delivery_methods);
    }
    const brandId = await insertBrand(database.db, BENCH_BRAND);
    const supplierId = await insertSupplier(database.db, BENCH_SUPPLIER);
    const stocks = [
      ...Array.from({ length: PLENTIFUL_OFFERS }, () => PLENTIFUL_STOCK),
      ...Array.from({ length: SCARCE_OFFERS }, () => SCARCE_STOCK),
    ];
    const ids = await insertOffers(
      database.db,
      brandId,
      supplierId,
      stocks.map((stock, index) => ({
        article: `BC-${index + 1}`,
        description: `Деталь для бенчмарка заказов ${index + 1}`,
        price: `${100 + index}.${String(index % 100).padStart(2, '0')}`,
        quantity: stock,
        deliveryDays: index % 5,
      })),
    );
    const now = new Date();
    const shoppers: Shopper[] = [];
    for (let index = 0; index < CLIENTS; index += 1) {
      const clientId = await insertClient(
        database.db,
        {
          email: `client-${index + 1}@${BENCH_EMAIL_DOMAIN}`,
          // No one signs in with a password: the session is opened directly.
          passwordHash: 'bench-only',
          firstName: 'Клиент',
          lastName: `Бенчмарков ${index + 1}`,
          middleName: null,
          companyName: null,
          phoneNumber: '+79990000000',
        },
        now,
      );
      const token = await openSession(database.db, clientId, now);
      const basket = await claimBasketForClient(database.db, clientId, null);
      shoppers.push({ token, basket });
    }
    return { offers: ids.map((id, index) => ({ id, stock: stocks[index]! })), shoppers };
  } finally {
    await database.close();
  }
}

interface Answer {
  status: number;
  body: { data?: unknown; message?: string };
  ms: number;
}

/** What the run saw, for the figures and the checks. */
interface Tally {
  step1Ms: number[];
  step2Ms: number[];
  /** Placed order id -> the lines the client chose (offer id -> pieces). */
  placed: Map<number, Map<number, number>>;
  refused: number;
  addsRefused: number;
  mismatchedRepeats: number;
  unexpected: string[];
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

function pickOffers(offers: readonly BenchOffer[]): Array<{ offer: BenchOffer; quantity: number }> {
  const count = 1 + randomInt(MAX_LINES);
  const chosen = new Set<BenchOffer>();
  while (chosen.size < count) chosen.add(offers[randomInt(offers.length)]!);
  return [...chosen].map((offer) => ({ offer, quantity: 1 + randomInt(2) }));
}

async function shop(origin: string, shopper: Shopper, offers: readonly BenchOffer[], tally: Tally): Promise<void> {
  const call = async (path: string, body: object): Promise<Answer> => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/shop/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
      body: JSON.stringify(body),
    });
    const answer = { status: response.status, body: (await response.json()) as Answer['body'] };
    return { ...answer, ms: performance.now() - started };
  };
  const expect = (answer: Answer, what: string) => {
    if (answer.status !== 200) tally.unexpected.push(`${what}: ${answer.status} ${answer.body.message ?? ''}`);
  };

  for (let order = 0; order < ORDERS_PER_CLIENT; order += 1) {
    const chosen = new Map<number, number>();
    for (const { offer, quantity } of pickOffers(offers)) {
      const added = await call('basket-add-item', { ...shopper.basket, item: { id: offer.id }, quantity });
      // Past the stock the basket refuses (409): that offer is simply not in this order.
      if (added.status === 409) tally.addsRefused += 1;
      else if (added.status === 200) chosen.set(offer.id, quantity);
      else expect(added, 'basket-add-item');
    }
    const shown = await call('basket-show', shopper.basket);
    expect(shown, 'basket-show');
    const lines = (shown.body.data as { items: Array<{ id: number; offer_id: number; quantity_in_basket: number }> })
      .items;
    if (lines.length === 0) continue;
    const itemsForOrder = lines.map((line) => line.id);

    const preorder = await call('basket-create-order-order-step1-from-items-post', {
      ...shopper.basket,
      itemsForOrder,
    });
    expect(preorder, 'step 1');
    tally.step1Ms.push(preorder.ms);

    const body = {
      ...shopper.basket,
      itemsForOrder,
      client_shops_email: 'bench@example.ru',
      first_name: 'Клиент',
      last_name: 'Бенчмарков',
      phone_number: '+7 999 000-00-00',
      delivery_method_id: 1 + randomInt(3),
      delivery_address: 'г. Москва, ул. Бенчмарка, д. 1',
    };
    const answers = await Promise.all(
      Array.from({ length: REPEATS }, () => call('create-order-order-step2-from-items-post', body)),
    );
    tally.step2Ms.push(...answers.map((answer) => answer.ms));
    if (answers.every((answer) => answer.status === 200)) {
      const ids = new Set(
        answers.map((answer) => (answer.body.data as { orderForClient: { id: number } }).orderForClient.id),
      );
      if (ids.size !== 1) tally.mismatchedRepeats += 1;
      for (const id of ids)
        tally.placed.set(id, new Map(lines.map((line) => [line.offer_id, line.quantity_in_basket])));
    } else if (answers.every((answer) => answer.status === 409)) {
      // Another client took the last pieces: start again with an empty basket.
      tally.refused += 1;
      expect(await call('basket-cleaning-all-items', shopper.basket), 'basket-cleaning-all-items');
    } else {
      tally.unexpected.push(`step 2 repeats answered ${answers.map((answer) => answer.status).join(', ')}`);
    }
  }
}

/** Every check of the database after the run; answers the failures (none when all adds up). */
async function verify(
  checker: pg.Client,
  offers: readonly BenchOffer[],
  shoppers: readonly Shopper[],
  tally: Tally,
): Promise<string[]> {
  const failures: string[] = [];
  const benchClients = `select id from clients where email like '%@${BENCH_EMAIL_DOMAIN}'`;
  const { rows: orderRows } = await checker.query<{ id: number }>(
    `select id from orders where client_id in (${benchClients})`,
  );
  const stored = new Set(orderRows.map((row) => row.id));
  if (stored.size !== tally.placed.size || [...tally.placed.keys()].some((id) => !stored.has(id))) {
    failures.push(`orders: ${stored.size} stored, ${tally.placed.size} answered`);
  }

  const { rows: lineRows } = await checker.query<{ order_id: number; offer_id: string; quantity: number }>(
    `select order_id, offer_id, quantity from order_items where order_id in (select id from orders where client_id in (${benchClients}))`,
  );
  const linesByOrder = new Map<number, Map<number, number>>();
  for (const row of lineRows) {
    const lines = linesByOrder.get(row.order_id) ?? new Map<number, number>();
    lines.set(Number(row.offer_id), row.quantity);
    linesByOrder.set(row.order_id, lines);
  }
  for (const [id, chosen] of tally.placed) {
    const lines = linesByOrder.get(id) ?? new Map();
    const same =
      lines.size === chosen.size && [...chosen].every(([offerId, quantity]) => lines.get(offerId) === quantity);
    if (!same) failures.push(`order ${id}: its lines are not the ones chosen`);
  }

  const totals = await checker.query<{ wrong: string }>(
    `select count(*) as wrong from orders o
     where o.client_id in (${benchClients}) and (
       o.total_price <> o.delivery_price + (select coalesce(sum(price * quantity), 0) from order_items where order_id = o.id)
       or o.count_position <> (select count(*) from order_items where order_id = o.id)
       or (select count(*) from bills b where b.order_id = o.id and b.price_sum = o.total_price and b.client_id = o.client_id) <> 1)`,
  );
  if (Number(totals.rows[0]?.wrong) !== 0)
    failures.push(`${totals.rows[0]?.wrong} orders whose total, count or bill is wrong`);
  const billCount = await checker.query<{ n: string }>(
    `select count(*) as n from bills where client_id in (${benchClients})`,
  );
  if (Number(billCount.rows[0]?.n) !== tally.placed.size)
    failures.push(`bills: ${billCount.rows[0]?.n} for ${tally.placed.size} orders`);

  const { rows: stockRows } = await checker.query<{ id: string; quantity: number; ordered: string }>(
    `select o.id, o.quantity, coalesce((select sum(quantity) from order_items where offer_id = o.id), 0) as ordered
     from offers o where o.id = any($1::bigint[])`,
    [offers.map((offer) => offer.id)],
  );
  for (const offer of offers) {
    const row = stockRows.find((stock) => Number(stock.id) === offer.id);
    if (!row || row.quantity < 0 || row.quantity !== offer.stock - Number(row.ordered)) {
      failures.push(`offer ${offer.id}: stock ${row?.quantity} after ${row?.ordered} ordered of ${offer.stock}`);
    }
  }

  const leftovers = await checker.query<{ n: string }>(
    'select count(*) as n from basket_items where basket_id = any($1::int[])',
    [shoppers.map((shopper) => shopper.basket.basket_id)],
  );
  if (Number(leftovers.rows[0]?.n) !== 0) failures.push(`${leftovers.rows[0]?.n} lines left in the baskets`);
  if (tally.mismatchedRepeats > 0)
    failures.push(`${tally.mismatchedRepeats} submissions whose repeats got different ids`);
  failures.push(...tally.unexpected.slice(0, 10));
  return failures;
}

const url = process.env.DATABASE_URL || (await benchDatabaseUrl('detal_bench_checkout'));

console.log(
  `bench:checkout — ${machineLine()}; load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
console.log(
  `PostgreSQL ${shownUrl(url)}; ${CLIENTS} clients × ${ORDERS_PER_CLIENT} orders of 1..${MAX_LINES} lines, ` +
    `step 2 sent ${REPEATS}× at once per order; ${SCARCE_OFFERS} of ${PLENTIFUL_OFFERS + SCARCE_OFFERS} offers scarce (${SCARCE_STOCK} pieces)`,
);

const checker = new pg.Client({ connectionString: url, application_name: 'detal-bench-checkout' });
await checker.connect();
let app: AppProcess | null = null;
try {
  const { offers, shoppers } = await prepareDatabase(url, checker);
  app = await startApp(url);
  const { origin } = app;
  const tally: Tally = {
    step1Ms: [],
    step2Ms: [],
    placed: new Map(),
    refused: 0,
    addsRefused: 0,
    mismatchedRepeats: 0,
    unexpected: [],
  };
  const started = performance.now();
  await Promise.all(shoppers.map((shopper) => shop(origin, shopper, offers, tally)));
  const seconds = (performance.now() - started) / 1000;

  const step1 = [...tally.step1Ms].sort((a, b) => a - b);
  const step2 = [...tally.step2Ms].sort((a, b) => a - b);
  console.log('');
  printTable(
    ['', 'requests', 'p50 ms', 'p99 ms'],
    [
      ['step 1 (preorder)', thousands(step1.length), fixed(percentile(step1, 0.5)), fixed(percentile(step1, 0.99))],
      ['step 2 (order)', thousands(step2.length), fixed(percentile(step2, 0.5)), fixed(percentile(step2, 0.99))],
    ],
  );
  console.log('');
  console.log(
    `${thousands(tally.placed.size)} orders placed in ${fixed(seconds, 1)} s: ${fixed(tally.placed.size / seconds, 1)} orders/s ` +
      `(whole journeys: add, show, step 1, step 2 ×${REPEATS}); ${tally.refused} refused with 409 (stock taken by ` +
      `another client), ${tally.addsRefused} adds refused past the stock`,
  );

  const failures = await verify(checker, offers, shoppers, tally);
  if (failures.length > 0) {
    console.log('');
    for (const failure of failures) console.log(`FAILED ${failure}`);
    throw new Error('the orders, bills and stock do not add up');
  }
  console.log(
    'consistency: ok — every repeat answered its submission\u2019s id; orders, their lines, totals and bills are exactly ' +
      'what was answered; stock went down by exactly the pieces ordered and never below zero; baskets are empty',
  );
} finally {
  await removeBenchData(checker).catch((error: unknown) => console.error('cleanup failed:', error));
  await checker.end();
  await app?.stop();
}
