/**
 * Purchasing (issue 29, decision 0049): `npm run bench:purchasing [-- --lines 50000 --suppliers 100 --rate 10
 * --passes 3 --pass-seconds 15 --big 1000 --rounds 3]`.
 *
 * Drops and creates the PostgreSQL database detal_bench_purchasing (BENCH_DATABASE_URL to use another), migrates
 * it and writes, in SQL, `--lines` client lines waiting to be ordered («Новый») across `--suppliers` suppliers,
 * in orders of 5 lines of 2,000 clients; the first `--rounds` suppliers get `--big` lines each, the rest share the
 * others. VACUUM ANALYZE, then the app in a child process (production mode), a signed-in manager, and:
 * - «К заказу» (POST supplier-order-queue, first page, no filter), open loop at `--rate` requests a second: a
 *   warm-up pass and `--passes` passes of `--pass-seconds`; target p99 ≤ 100 ms at 10 req/s;
 * - per round, one supplier's `--big` lines through the whole path, each step one request, timed: the supplier
 *   order created from them (target < 2 s for 1,000 lines), marked sent, answered (all confirmed), a receipt of
 *   them created (matched by brand and article) and posted (target < 2 s for 1,000 lines).
 * Then checks that the posted lines are «Готов к выдаче» and their supplier orders received.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_API_PREFIX, type GoodsReceipt, type SupplierOrder, type SupplierOrderSummary } from '@detal/contract';
import { openDatabase } from '../server/src/db/index.ts';
import { subscribeModuleEffects } from '../server/src/modules/subscribers.ts';
import { createTestStaff, staffCookieFor } from '../server/test/helpers/staff.ts';
import { startApp } from './lib/app-process.ts';
import { DEFAULT_SERVER_URL, shownUrl } from './lib/bench-database.ts';
import { fixed, machineLine, printTable, thousands } from './lib/figures.ts';
import { OPEN_LOOP_ARGS, openLoopPasses, openLoopSettings, printOpenLoopTable } from './lib/open-loop.ts';

const DATABASE_NAME = 'detal_bench_purchasing';

const { values } = parseArgs({
  options: {
    lines: { type: 'string', default: '50000' },
    suppliers: { type: 'string', default: '100' },
    big: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    ...OPEN_LOOP_ARGS,
    rate: { type: 'string', default: '10' },
  },
});
const LINES = Number(values.lines);
const SUPPLIERS = Number(values.suppliers);
const BIG = Number(values.big);
const ROUNDS = Number(values.rounds);
const loop = openLoopSettings(values)!;

/** A fresh database of our own (or BENCH_DATABASE_URL as given, emptied of what this bench writes). */
async function freshDatabase(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
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

/** The waiting lines, in SQL: suppliers, clients, orders of 5 lines; the big suppliers first. */
async function writeLines(client: pg.Client): Promise<void> {
  await client.query(`insert into brands (name, name_normalized) values ('BENCHPURCH', 'BENCHPURCH')`);
  await client.query(`insert into brand_aliases (alias_normalized, brand_id) select name_normalized, id from brands`);
  await client.query(
    `insert into suppliers (name) select 'Поставщик ' || lpad(n::text, 3, '0') from generate_series(1, $1) as n`,
    [SUPPLIERS],
  );
  await client.query(`
    insert into clients (email, password_hash, first_name, last_name, phone_number)
    select 'client-' || n || '@bench-purchasing.invalid', 'bench-only', 'Клиент', 'Закупкин ' || n, '+7999' || lpad(n::text, 7, '0')
      from generate_series(1, 2000) as n`);
  const orders = Math.ceil(LINES / 5);
  await client.query(
    `
    insert into orders (client_id, submission_key, email, first_name, last_name, phone_number, delivery_method_id,
                        delivery_method_name, delivery_price, total_price, count_position, created_at, updated_at)
    select c.id, 'bench-' || n, c.email, c.first_name, c.last_name, c.phone_number, 1, 'Самовывоз', 0, 0, 5,
           now() - make_interval(mins => $1 - n), now()
      from generate_series(1, $1) as n
      join clients c on c.id = (select min(id) from clients) + (n % 2000)`,
    [orders],
  );
  // Line n: the big suppliers' lines first (round r owns lines r*big+1 .. (r+1)*big), the rest spread round robin.
  await client.query(
    `
    with s as (select id, row_number() over (order by id) - 1 as k from suppliers),
         o as (select id, row_number() over (order by id) - 1 as k from orders)
    insert into order_items (order_id, article, article_normalized, brand_name, description, supplier_name,
                             supplier_id, delivery_days, price, purchase_price, quantity, status)
    select o.id, 'PA-' || n, 'PA' || n, 'BENCHPURCH', 'Деталь ' || n, 'Склад ' || s.id, s.id, 3,
           (1000 + n % 500)::numeric(12,2), (800 + n % 400)::numeric(12,2), 1 + n % 3, 'new'
      from generate_series(0, $1::int - 1) as n
      join o on o.k = n / 5
      join s on s.k = case when n < $2::int * $3::int then n / $3::int
                          else $2::int + (n - $2::int * $3::int) % ($4::int - $2::int) end`,
    [LINES, ROUNDS, BIG, SUPPLIERS],
  );
  await client.query(`update orders set total_price = t.total from (
      select order_id, sum(price * quantity) as total from order_items group by order_id) t where orders.id = t.order_id`);
}

async function main(): Promise<void> {
  console.log(machineLine());
  const url = await freshDatabase();
  console.log(`database: ${shownUrl(url)}`);
  subscribeModuleEffects();
  const database = await openDatabase({ databaseUrl: url });
  let cookie: string;
  const client = new pg.Client({ connectionString: url, application_name: 'detal-bench' });
  await client.connect();
  try {
    const started = performance.now();
    await writeLines(client);
    console.log(
      `${thousands(LINES)} waiting lines across ${SUPPLIERS} suppliers written in ${fixed((performance.now() - started) / 1000, 1)} s`,
    );
    await client.query('vacuum analyze');
    const staffId = (await createTestStaff(database.db, 'manager')).member.id;
    cookie = await staffCookieFor(database.db, staffId);
  } finally {
    await database.close();
  }

  const app = await startApp(url);
  try {
    const call = async <T>(path: string, body: object): Promise<{ ms: number; data: T }> => {
      const at = performance.now();
      const response = await fetch(`${app.origin}${ADMIN_API_PREFIX}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      const ms = performance.now() - at;
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 500)}`);
      return { ms, data: (JSON.parse(text) as { data: T }).data };
    };

    const first = await call<{ total: number; data: unknown[] }>('supplier-order-queue', {});
    console.log(
      `«К заказу»: ${thousands(first.data.total)} lines waiting, first page of ${first.data.data.length} in ${fixed(first.ms, 1)} ms`,
    );
    const passes = await openLoopPasses('«К заказу» first page', {
      ...loop,
      origin: app.origin,
      request: () => ({
        path: `${ADMIN_API_PREFIX}supplier-order-queue`,
        method: 'POST',
        body: '{}',
        headers: { cookie },
      }),
    });
    printOpenLoopTable([{ what: `«К заказу» first page at ${loop.rate}/s`, passes }]);

    const rows: string[][] = [];
    const check = new pg.Client({ connectionString: url, application_name: 'detal-bench' });
    await check.connect();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { rows: supplierRows } = await check.query<{ id: number }>(
          'select id from suppliers order by id offset $1 limit 1',
          [round],
        );
        const supplierId = supplierRows[0]!.id;
        const { rows: items } = await check.query<{ id: string }>(
          `select id from order_items where supplier_id = $1 and status = 'new' order by id limit $2`,
          [supplierId, BIG],
        );
        const created = await call<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
          order_item_ids: items.map((item) => Number(item.id)),
        });
        const orderId = created.data.orders[0]!.id;
        const sent = await call<{ order: SupplierOrder }>('supplier-order-mark-sent', {
          id: orderId,
          supplier_number: `S-${round}`,
        });
        const lines = sent.data.order.lines;
        const answered = await call<{ order: SupplierOrder }>('supplier-order-answer', {
          id: orderId,
          lines: lines.map((line) => ({ line_id: line.id, confirmed_quantity: line.quantity, refused_quantity: 0 })),
        });
        const receipt = await call<{ receipt: GoodsReceipt }>('goods-receipt-create', {
          supplier_id: supplierId,
          document_number: `УПД ${round + 1}`,
          document_date: '2026-11-27',
          lines: lines.map((line) => ({
            article: line.article,
            brand: line.brand_name,
            quantity: line.quantity,
            price: line.purchase_price ?? 0,
            country: 'Германия',
            customs_declaration: '10702070/010125/0001234',
          })),
        });
        if (receipt.data.receipt.unmatched_count !== 0) throw new Error('receipt lines left unmatched');
        const posted = await call<{ receipt: GoodsReceipt }>('goods-receipt-post', { id: receipt.data.receipt.id });
        const { rows: after } = await check.query<{ ready: number; state: string }>(
          `select (select count(*)::int from order_items where id = any($1::bigint[]) and status = 'ready') as ready,
                  (select state from supplier_orders where id = $2) as state`,
          [items.map((item) => item.id), orderId],
        );
        if (after[0]!.ready !== items.length || after[0]!.state !== 'received') {
          throw new Error(`round ${round + 1}: ${after[0]!.ready} of ${items.length} ready, order ${after[0]!.state}`);
        }
        rows.push([
          String(round + 1),
          String(items.length),
          fixed(created.ms, 0),
          fixed(sent.ms, 0),
          fixed(answered.ms, 0),
          fixed(receipt.ms, 0),
          fixed(posted.ms, 0),
        ]);
      }
    } finally {
      await check.end();
    }
    printTable(
      ['round', 'lines', 'create ms', 'mark sent ms', 'answer ms', 'receipt create ms', 'receipt post ms'],
      rows,
    );
    console.log('checked: every posted line «Готов к выдаче», every supplier order received');
  } finally {
    await app.stop();
  }
}

await main();
