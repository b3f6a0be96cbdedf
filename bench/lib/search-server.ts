import { pricingOf } from '../../server/src/modules/pricing/client-pricing.ts';
import http from 'node:http';
import { normalizeArticle, normalizeBrand } from '@detal/contract';
import { fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase, POSTGRES_SESSION_OPTIONS } from '../../server/src/db/index.ts';
import { searchStatement, searchValues, type SearchQuery } from '../../server/src/modules/search/queries.ts';
import { closedLoop } from './closed-loop.ts';
import { EMPTY_ROUTE, type SearchKey, type ServerMessage, type ServerRequest } from './search-protocol.ts';

/*
 * The process the search benchmark loads: the whole app (buildApp) listening on 127.0.0.1, plus an empty route,
 * and on request the floor: the search's own SQL statement run straight through `pg` (or PGlite), no HTTP.
 * It runs apart from the load generator so that autocannon does not share its event loop.
 * Started by bench/search.ts with BENCH_SEARCH_DATABASE_URL or BENCH_SEARCH_PGLITE_DIR set.
 */

const LOOKUP_SQL = `select o.id::text, o.price::text from offers o
  join brand_aliases a on a.brand_id = o.brand_id where a.alias_normalized = $2 and o.article_normalized = $1`;

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

  const runQuery = async (text: string, params: unknown[], name?: string): Promise<unknown[]> => {
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
    return runQuery(text, query.params, explain ? undefined : `bench_search_${Number(withBrand)}`);
  };

  // The lookup floor: a bare node:http server (no Fastify, no hooks) answering one indexed look-up of the
  // article and brand, the least any search can cost over HTTP.
  const lookup = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      // The body products-search takes with a brand.
      const key = JSON.parse(body) as { article: string; brand_name: string };
      runQuery(LOOKUP_SQL, [normalizeArticle(key.article), normalizeBrand(key.brand_name)], 'bench_lookup')
        .then((rows) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ data: rows }));
        })
        .catch((error: unknown) => {
          response.writeHead(500);
          response.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => lookup.listen(0, '127.0.0.1', resolve));
  const lookupAddress = lookup.address();
  if (lookupAddress === null || typeof lookupAddress === 'string') throw new Error('The lookup server has no port');

  process.on('message', (raw: ServerRequest) => {
    void (async () => {
      if (raw.type === 'stop') {
        if (appPool instanceof pg.Pool) {
          console.log(`The app's pool opened ${churn.opened} connections and closed ${churn.closed}`);
        }
        lookup.close();
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
  send({ type: 'ready', port: address.port, lookupPort: lookupAddress.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
