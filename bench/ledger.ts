/**
 * The client ledger (issue 31, decisions 0054 and 0057): `npm run bench:ledger [-- --clients 100000 --entries
 * 5000000 --big-accounts 100 --big-entries 5000 --rate 10 --passes 3 --pass-seconds 15 --orders 200
 * --iterations 20000]`.
 *
 * Drops and creates the PostgreSQL database detal_bench_ledger (BENCH_DATABASE_URL to use another), migrates it
 * and fills it in SQL (bench/lib/ledger-data.ts): clients, a tenth of them workshops with payers, about
 * `--entries` ledger entries over five years, credit terms for groups and overrides, the accounts' cached
 * positions; checks those against allocation.ts for a sample of accounts; VACUUM ANALYZE. Then the app in a child
 * process (production mode), a signed-in manager, and, open loop at `--rate` requests a second (a warm-up pass
 * and `--passes` passes of `--pass-seconds`), target p99 ≤ 100 ms:
 * - the debtors screen's first page (ledger-debtor-list), default sort (overdue) and by limit used;
 * - a ledger's page (ledger-entry-list) of a wholesale client with `--big-entries` entries.
 * Then the credit check at checkout, target: it adds ≤ 5 ms at p99 to step 2:
 * - step 2 (create-order-order-step2-from-items-post) over HTTP, `--orders` orders one after another for the
 *   wholesale client with the big ledger and as many for a client of the same group without a ledger,
 *   interleaved, each after putting one line in the basket;
 * - the check itself (modules/ledger/holds.ts creditCheck) in this process, `--iterations` times for each client.
 * Prints the figures, the load average beside them, the database's size, the generation time, and
 * EXPLAIN (ANALYZE, BUFFERS) of the slowest query behind the slowest screen.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ADMIN_API_PREFIX, DEFAULT_TIME_ZONE, PER_PAGE_DEFAULT } from '@detal/contract';
import { openDatabase } from '../server/src/db/index.ts';
import { readShopSetting, writeShopSetting } from '../server/src/db/shop-settings.ts';
import { claimBasketForClient } from '../server/src/modules/basket/merge.ts';
import { insertClient } from '../server/src/modules/clients/queries.ts';
import { openSession } from '../server/src/modules/clients/sessions.ts';
import { ledgerPosition } from '../server/src/modules/ledger/allocation.ts';
import { creditCheck } from '../server/src/modules/ledger/holds.ts';
import { debtorPageQuery, entryPageQuery } from '../server/src/modules/ledger/list-queries.ts';
import { dayIn, refreshOverdue } from '../server/src/modules/ledger/service.ts';
import { subscribeModuleEffects } from '../server/src/modules/subscribers.ts';
import { demoShopSettings } from '../server/src/seed/shop-settings.ts';
import { createTestStaff, staffCookieFor } from '../server/test/helpers/staff.ts';
import { insertBrand, insertOffers, insertSupplier } from '../server/test/fixtures/offers.ts';
import { startApp } from './lib/app-process.ts';
import { DEFAULT_SERVER_URL, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, percentile, printTable, thousands } from './lib/figures.ts';
import { writeLedgerData } from './lib/ledger-data.ts';
import {
  OPEN_LOOP_ARGS,
  openLoopPasses,
  openLoopSettings,
  printOpenLoopTable,
  type OpenLoopFigures,
} from './lib/open-loop.ts';

const DATABASE_NAME = 'detal_bench_ledger';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '100000' },
    entries: { type: 'string', default: '5000000' },
    'big-accounts': { type: 'string', default: '100' },
    'big-entries': { type: 'string', default: '5000' },
    orders: { type: 'string', default: '200' },
    iterations: { type: 'string', default: '20000' },
    /** Keep detal_bench_ledger as an earlier run filled it (the fill takes minutes): measure only. */
    reuse: { type: 'boolean', default: false },
    ...OPEN_LOOP_ARGS,
    rate: { type: 'string', default: '10' },
  },
});
const SIZE = {
  clients: Number(values.clients),
  entries: Number(values.entries),
  bigAccounts: Number(values['big-accounts']),
  bigEntries: Number(values['big-entries']),
};
const ORDERS = Number(values.orders);
const ITERATIONS = Number(values.iterations);
const loop = openLoopSettings(values)!;

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** A fresh database of our own (or BENCH_DATABASE_URL as given, or ours as it is with --reuse). */
async function freshDatabase(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (values.reuse) {
    const url = new URL(DEFAULT_SERVER_URL);
    url.pathname = `/${DATABASE_NAME}`;
    return url.toString();
  }
  const admin = new pg.Client({ connectionString: DEFAULT_SERVER_URL, application_name: 'detal-bench' });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${DATABASE_NAME}" with (force)`);
    await admin.query(`create database "${DATABASE_NAME}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(DEFAULT_SERVER_URL);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

/** The cached positions written in SQL agree with allocation.ts for a sample of accounts (big ones included). */
async function checkPositions(client: pg.Client, accountIds: readonly number[]): Promise<void> {
  for (const accountId of accountIds) {
    const { rows } = await client.query<{
      id: string;
      side: 'debit' | 'credit';
      amount: string;
      occurred_on: string;
      due_on: string | null;
      reverses_id: string | null;
    }>(
      `select id, side, amount, to_char(occurred_on, 'YYYY-MM-DD') as occurred_on,
              to_char(due_on, 'YYYY-MM-DD') as due_on, reverses_id
         from ledger_entries where account_id = $1 order by id`,
      [accountId],
    );
    const position = ledgerPosition(
      rows.map((row) => ({
        id: Number(row.id),
        side: row.side,
        amountKopecks: Math.round(Number(row.amount) * 100),
        occurredOn: row.occurred_on,
        dueOn: row.due_on,
        billId: null,
        reversesId: row.reverses_id === null ? null : Number(row.reverses_id),
      })),
    );
    const { rows: cached } = await client.query<{
      balance: string;
      open_debits: Array<{ entry_id: number; open: string }>;
    }>('select balance, open_debits from ledger_accounts where id = $1', [accountId]);
    const expected = JSON.stringify(position.openDebits.map((d) => [d.entryId, d.openKopecks]));
    const got = JSON.stringify(cached[0]!.open_debits.map((d) => [d.entry_id, Math.round(Number(d.open) * 100)]));
    if (Math.round(Number(cached[0]!.balance) * 100) !== position.balanceKopecks || expected !== got) {
      throw new Error(`account ${accountId}: the cached position written in SQL disagrees with allocation.ts`);
    }
  }
}

interface Shopper {
  clientId: number;
  payerId: number | null;
  token: string;
  basket: { basket_id: number; basket_key: string };
}

async function main(): Promise<void> {
  console.log(machineLine());
  console.log(load());
  const url = await freshDatabase();
  console.log(`database: ${shownUrl(url)}`);
  subscribeModuleEffects();
  const database = await openDatabase({ databaseUrl: url });
  const client = new pg.Client({ connectionString: url, application_name: 'detal-bench' });
  await client.connect();
  let cookie: string;
  let shoppers: { big: Shopper; fresh: Shopper };
  let offerId: number;
  let bigAccountId: number;
  try {
    const started = performance.now();
    if (!values.reuse) {
      await writeLedgerData(client, SIZE);
      await client.query('vacuum analyze');
    }
    const generated = (performance.now() - started) / 1000;
    const { rows: counts } = await client.query<{
      clients: number;
      entries: number;
      with_debt: number;
      overdue: number;
      stopped: number;
      biggest: number;
      size: string;
    }>(`
      select (select count(*)::int from clients) as clients,
             (select count(*)::int from ledger_entries) as entries,
             (select count(*)::int from ledger_accounts where oldest_open_due is not null) as with_debt,
             (select count(*)::int from ledger_accounts where oldest_open_due < current_date) as overdue,
             (select count(*)::int from ledger_accounts where stop_kind is not null) as stopped,
             (select max(c)::int from (select count(*) as c from ledger_entries group by account_id) t) as biggest,
             pg_size_pretty(pg_database_size(current_database())) as size`);
    const figures = counts[0]!;
    console.log(
      `${thousands(figures.clients)} clients, ${thousands(figures.entries)} ledger entries ` +
        (values.reuse ? 'kept from an earlier run' : `written in SQL with VACUUM ANALYZE in ${fixed(generated, 1)} s`) +
        `; database ${figures.size}`,
    );
    console.log(
      `${thousands(figures.with_debt)} ledgers owe something, ${thousands(figures.overdue)} overdue, ` +
        `${thousands(figures.stopped)} on the stop-list; the biggest ledger has ${thousands(figures.biggest)} entries`,
    );

    // A wholesale client with a big ledger, within its limit, not stopped: its orders are not held.
    const { rows: bigRows } = await client.query<{ id: number; client_id: number; payer_id: number }>(`
      select a.id, a.client_id, a.payer_id from ledger_accounts a
       where a.id <= ${SIZE.bigAccounts} * 10 and a.id % 10 = 0 and a.stop_kind is null and a.id % 70 <> 0
         and a.balance > -500000
       order by a.id limit 1`);
    const big = bigRows[0]!;
    bigAccountId = big.id;
    const sample = [big.id, 10, 20, 30, 60, 90, 150, 1_230, 2_000, 4_321, 30_000, 33_333, 55_555, 99_990].filter(
      (id) => id <= SIZE.clients,
    );
    await checkPositions(client, sample);
    console.log(`checked: the cached positions of ${sample.length} ledgers agree with allocation.ts`);
    // The stop-list tick's refresh of the cached overdue (decision 0066), as the shop's job runs it each new day.
    const refreshStarted = performance.now();
    const refreshed = await refreshOverdue(database.db, dayIn(new Date(), DEFAULT_TIME_ZONE));
    console.log(
      `the day's overdue refresh: ${thousands(refreshed)} ledgers in ${fixed((performance.now() - refreshStarted) / 1000, 2)} s`,
    );

    // Checkout: delivery methods, one plentiful offer, a client of the same group with no ledger, sessions.
    if (!(await readShopSetting(database.db, 'delivery_methods'))?.length) {
      await writeShopSetting(database.db, 'delivery_methods', demoShopSettings.delivery_methods);
    }
    const run = Date.now().toString(36); // --reuse: this run's own names
    const brandId = await insertBrand(database.db, `BENCHLEDGER${run.toUpperCase()}`);
    const supplierId = await insertSupplier(database.db, `Бенчмарк леджера ${run}`);
    [offerId] = (await insertOffers(database.db, brandId, supplierId, [
      {
        article: 'BL-1',
        description: 'Деталь для бенчмарка леджера',
        price: '1500.00',
        quantity: 10_000_000,
        deliveryDays: 1,
      },
    ])) as [number];
    const now = new Date();
    const freshId = await insertClient(
      database.db,
      {
        email: `fresh-${run}@bench-ledger.invalid`,
        passwordHash: 'bench-only',
        firstName: 'Клиент',
        lastName: 'Безледжеров',
        middleName: null,
        companyName: null,
        phoneNumber: '+79990000001',
      },
      now,
    );
    await client.query(`update clients set group_id = (select group_id from clients where id = $1) where id = $2`, [
      big.client_id,
      freshId,
    ]);
    const shopper = async (clientId: number, payerId: number | null): Promise<Shopper> => ({
      clientId,
      payerId,
      token: await openSession(database.db, clientId, now),
      basket: await claimBasketForClient(database.db, clientId, null),
    });
    shoppers = { big: await shopper(big.client_id, big.payer_id), fresh: await shopper(freshId, null) };
    const staffId = (await createTestStaff(database.db, 'manager')).member.id;
    cookie = await staffCookieFor(database.db, staffId);

    // The check itself, in this process, on the same database: the big ledger against none.
    const checkTimes = { big: [] as number[], fresh: [] as number[] };
    for (let index = 0; index < ITERATIONS; index += 1) {
      for (const which of ['big', 'fresh'] as const) {
        const at = performance.now();
        await creditCheck(database.db, shoppers[which].clientId, shoppers[which].payerId, 150_000);
        checkTimes[which].push(performance.now() - at);
      }
    }
    for (const times of Object.values(checkTimes)) times.sort((a, b) => a - b);
    console.log(`credit check in-process, ${thousands(ITERATIONS)} times each (${load()}):`);
    printTable(
      ['client', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
      (['big', 'fresh'] as const).map((which) => [
        which === 'big' ? `big ledger (account ${big.id})` : 'no ledger',
        fixed(percentile(checkTimes[which], 0.5)),
        fixed(percentile(checkTimes[which], 0.9)),
        fixed(percentile(checkTimes[which], 0.99)),
        fixed(checkTimes[which].at(-1)!),
      ]),
    );
  } finally {
    await client.end();
    await database.close();
  }

  const app = await startApp(url);
  try {
    const admin = async (path: string, body: object) => {
      const response = await fetch(`${app.origin}${ADMIN_API_PREFIX}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
      return JSON.parse(text) as { data: Record<string, unknown> };
    };
    const debtors = (await admin('ledger-debtor-list', {})).data as { debtors: unknown[]; total?: number };
    console.log(
      `debtors: ${thousands(debtors.total ?? debtors.debtors.length)}, first page of ${debtors.debtors.length}`,
    );
    const ledgerPage = (await admin('ledger-entry-list', { account_id: bigAccountId })).data as {
      entries: unknown[];
      total?: number;
    };
    console.log(
      `ledger ${bigAccountId}: ${thousands(ledgerPage.total ?? ledgerPage.entries.length)} entries, page of ${ledgerPage.entries.length}`,
    );

    const targets: Array<{ what: string; path: string; body: object }> = [
      { what: 'debtors, first page (overdue)', path: 'ledger-debtor-list', body: {} },
      { what: 'debtors, first page (limit used)', path: 'ledger-debtor-list', body: { sort: 'limit_used' } },
      { what: `ledger page (account ${bigAccountId})`, path: 'ledger-entry-list', body: { account_id: bigAccountId } },
    ];
    const rows: Array<{ what: string; passes: OpenLoopFigures[] }> = [];
    for (const target of targets) {
      const passes = await openLoopPasses(target.what, {
        ...loop,
        origin: app.origin,
        request: () => ({
          path: `${ADMIN_API_PREFIX}${target.path}`,
          method: 'POST',
          body: JSON.stringify(target.body),
          headers: { cookie },
        }),
      });
      rows.push({ what: `${target.what} at ${loop.rate}/s`, passes });
    }
    console.log(load());
    printOpenLoopTable(rows);

    // Step 2 for the big ledger and for none, interleaved, one line each, one after another.
    const shop = async (shopper: Shopper, path: string, body: object) => {
      const at = performance.now();
      const response = await fetch(`${app.origin}/api/v1/shop/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}` },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - at;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
      return { ms, data: (JSON.parse(text) as { data: Record<string, unknown> }).data };
    };
    const step2 = { big: [] as number[], fresh: [] as number[] };
    const held = { big: 0, fresh: 0 };
    for (let index = 0; index < ORDERS + 5; index += 1) {
      for (const which of ['big', 'fresh'] as const) {
        const shopper = shoppers[which];
        await shop(shopper, 'basket-add-item', { ...shopper.basket, item: { id: offerId }, quantity: 1 });
        const shown = await shop(shopper, 'basket-show', shopper.basket);
        const itemsForOrder = (shown.data.items as Array<{ id: number }>).map((item) => item.id);
        const placed = await shop(shopper, 'create-order-order-step2-from-items-post', {
          ...shopper.basket,
          itemsForOrder,
          client_shops_email: 'bench@example.ru',
          first_name: 'Клиент',
          last_name: 'Бенчмарков',
          phone_number: '+7 999 000-00-00',
          delivery_method_id: 1,
          payer_id: shopper.payerId,
        });
        if (placed.data.credit_hold) held[which] += 1;
        if (index >= 5) step2[which].push(placed.ms); // the first five warm up
      }
    }
    for (const times of Object.values(step2)) times.sort((a, b) => a - b);
    console.log(`step 2 over HTTP, ${ORDERS} orders each, interleaved (${load()}):`);
    printTable(
      ['client', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'held'],
      (['big', 'fresh'] as const).map((which) => [
        which === 'big' ? `big ledger (account ${bigAccountId})` : 'no ledger',
        fixed(percentile(step2[which], 0.5), 1),
        fixed(percentile(step2[which], 0.9), 1),
        fixed(percentile(step2[which], 0.99), 1),
        fixed(step2[which].at(-1)!, 1),
        String(held[which]),
      ]),
    );
    console.log(
      `step 2, big ledger minus none: p50 ${fixed(percentile(step2.big, 0.5) - percentile(step2.fresh, 0.5), 1)} ms, ` +
        `p99 ${fixed(percentile(step2.big, 0.99) - percentile(step2.fresh, 0.99), 1)} ms`,
    );

    // The slowest screen's query, explained.
    const slowest = rows.reduce((worst, row) =>
      Math.max(...row.passes.map((pass) => pass.p99)) > Math.max(...worst.passes.map((pass) => pass.p99)) ? row : worst,
    );
    await explainSlowest(url, slowest.what, bigAccountId);
  } finally {
    await app.stop();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the query behind the slowest screen (the same SQL the module runs). */
async function explainSlowest(url: string, what: string, accountId: number): Promise<void> {
  const page = { page: 1, per_page: PER_PAGE_DEFAULT };
  const query = what.startsWith('ledger page')
    ? entryPageQuery({ account_id: accountId, ...page })
    : debtorPageQuery(
        { sort: what.includes('limit') ? 'limit_used' : 'overdue', only_attention: false, ...page },
        dayIn(new Date(), DEFAULT_TIME_ZONE),
      );
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const client = new pg.Client({ connectionString: url, application_name: 'detal-bench' });
  await client.connect();
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of the slowest: ${what}`);
    for (const row of rows) console.log(row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}

await main();
