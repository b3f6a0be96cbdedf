import { pricingOf } from '../../server/src/modules/pricing/client-pricing.ts';
import { normalizeArticle, normalizeBrand } from '@detal/contract';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, POSTGRES_SESSION_OPTIONS } from '../../server/src/db/index.ts';
import { searchStatement, searchValues, type SearchQuery } from '../../server/src/modules/search/queries.ts';
import { warmUp } from '../../server/src/warm-up.ts';
import { closedLoop } from './closed-loop.ts';
import { startLookupFloor, type RunQuery } from './lookup-floor.ts';
import { installRealisticPricing, removePricing } from './pricing-setup.ts';
import { installLearnedDelivery, removeLearnedDelivery } from './delivery-stats-setup.ts';
import { EMPTY_ROUTE, type SearchKey, type ServerMessage, type ServerRequest } from './search-protocol.ts';

/*
 * The process the search benchmark loads: the whole app (buildApp) listening on 127.0.0.1, plus an empty route,
 * and on request the floor: the search's own SQL statement run straight through `pg` (or PGlite), no HTTP.
 * On PGlite it also holds the look-up floor (lookup-floor.ts).
 * It runs apart from the load generator so that autocannon does not share its event loop.
 * Started by bench/search.ts with BENCH_SEARCH_DATABASE_URL or BENCH_SEARCH_PGLITE_DIR set.
 */

function queryOf(key: SearchKey, withBrand: boolean): SearchQuery {
  return {
    articleNormalized: normalizeArticle(key.article),
    brandNormalized: withBrand ? normalizeBrand(key.brand) : null,
    analogs: true,
    inStock: false,
    maxDelivery: null,
  };
}

const send = (message: ServerMessage) => process.send?.(message);

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_SEARCH_DATABASE_URL;
  const dataDir = process.env.BENCH_SEARCH_PGLITE_DIR;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  // The server-rendered pages only when asked (BENCH_SEARCH_PAGES): loading the web build costs start-up time.
  const pages = process.env.BENCH_SEARCH_PAGES === '1';
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    pages ? { databaseUrl } : { webBuildDir: null, databaseUrl },
  );
  const app = await buildApp({ config, database });
  // Connections the app's pool opened and closed: a pool that closes idle connections under a steady load opens
  // them again, and each new connection prepares the named statements again.
  const appPool: unknown = Reflect.get(database.db, '$client');
  const churn = { opened: 0, closed: 0 };
  if (appPool instanceof pg.Pool) {
    appPool.on('connect', () => (churn.opened += 1));
    appPool.on('remove', () => (churn.closed += 1));
  }
  app.post(EMPTY_ROUTE, async () => ({ data: {} }));
  // As the shop's own start does (server/src/main.ts): connections opened and code warm before it listens.
  await warmUp(app, database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no TCP address');

  // The floor's own connections, as many as the load has, each preparing the statement once like the app does.
  const pool = databaseUrl
    ? new pg.Pool({
        connectionString: databaseUrl,
        max: 64,
        application_name: 'detal-bench-floor',
        options: POSTGRES_SESSION_OPTIONS,
      })
    : null;

  const runQuery: RunQuery = async (text, params, name) => {
    if (pool) return (await pool.query({ name, text, values: params })).rows;
    const client: unknown = Reflect.get(database.db, '$client');
    if (!(client && typeof client === 'object' && 'query' in client && typeof client.query === 'function')) {
      throw new Error('PGlite client not found');
    }
    return ((await client.query(text, params)) as { rows: unknown[] }).rows;
  };

  const runStatement = async (key: SearchKey, withBrand: boolean, explain = false): Promise<unknown[]> => {
    const search = queryOf(key, withBrand);
    // The floor runs the statement an anonymous visitor's search runs: the retail group's prices.
    const pricing = await pricingOf(database.db, null);
    const statement = searchStatement(search, pricing);
    const query = {
      sql: statement.query.sql,
      params: fillPlaceholders(statement.query.params, searchValues(search, pricing)),
    };
    const text = explain ? `explain (analyze${pool ? ', buffers' : ''}) ${query.sql}` : query.sql;
    // One prepared statement per profile, as the app keeps (PricedStatements): a changed profile is a new text.
    const name = `bench_search_${Number(withBrand)}_${pricing.rulesKey}`;
    return runQuery(text, query.params, explain ? undefined : name);
  };

  // On PGlite the look-up floor shares this process (one user at a time); on PostgreSQL it has its own.
  const lookup = pool ? null : await startLookupFloor(runQuery);

  process.on('message', (raw: ServerRequest) => {
    void (async () => {
      if (raw.type === 'stop') {
        if (appPool instanceof pg.Pool) {
          console.log(`The app's pool opened ${churn.opened} connections and closed ${churn.closed}`);
        }
        lookup?.server.close();
        await app.close();
        await pool?.end();
        await database.close();
        process.exit(0);
      }
      if (raw.type === 'vacuum') {
        // What autovacuum leaves behind in time: visibility map, hint bits, statistics.
        await runQuery('vacuum analyze', []);
        send({ type: 'vacuumed' });
        return;
      }
      if (raw.type === 'pricing') {
        let description = "the default group's 0 % profile (no rules)";
        if (raw.setup === 'realistic') {
          const summary = await installRealisticPricing(database);
          description =
            `groups ${summary.groups.join(', ')}; each profile 10 bands, 20 brands (${summary.brands.join(', ')}), ` +
            `8 suppliers, a rounding rule and a minimum margin` +
            (summary.suppliersCreated > 0 ? `; ${summary.suppliersCreated} suppliers created by import` : '');
        } else {
          await removePricing(database);
        }
        send({ type: 'pricing', setup: raw.setup, description });
        return;
      }
      if (raw.type === 'delivery-stats') {
        const description =
          raw.setup === 'learned'
            ? await installLearnedDelivery(database)
            : (await removeLearnedDelivery(database), 'the rollup empty, every supplier on its typed figures');
        send({ type: 'delivery-stats', setup: raw.setup, description });
        return;
      }
      if (raw.type === 'profile-floor') {
        const figures = await closedLoop(raw.concurrency, raw.durationMs, () => pricingOf(database.db, null));
        send({ type: 'floor', ...figures });
        return;
      }
      if (raw.type === 'explain') {
        const rows = await runStatement(raw.key, raw.withBrand, true);
        const plan = rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n');
        send({ type: 'explain', plan });
        return;
      }
      const figures = await closedLoop(raw.concurrency, raw.durationMs, (index) =>
        runStatement(raw.keys[index % raw.keys.length] as SearchKey, raw.withBrand),
      );
      send({ type: 'floor', ...figures });
    })().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  });
  send({ type: 'ready', port: address.port, lookupPort: lookup?.port ?? null });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
