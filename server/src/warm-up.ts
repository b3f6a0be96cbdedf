import { performance } from 'node:perf_hooks';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/index.ts';
import { anyOfferKey } from './modules/catalog/queries.ts';

export interface WarmUpResult {
  /** Database connections opened before the first client (0 on PGlite). */
  connections: number;
  /** Requests answered in-process to warm the code paths. */
  requests: number;
  ms: number;
}

/** Rounds of concurrent searches: V8 optimizes the hot functions after a few runs of each. */
const ROUNDS = 5;

/**
 * Makes a new instance warm before it takes its first client (called before it listens, so that neither a proxy
 * nor the readiness probe sends it traffic earlier). Measured at start without it (issue 18): the first seconds
 * cost clients hundreds of milliseconds, because every request opened a database connection, each connection
 * parsed and planned the named statements, and the code ran unoptimized. So: every pool connection is opened, and
 * searches (with and without a brand) and a server-rendered result page are answered in-process, as many at once
 * as the pool has connections, so that each connection prepares the search statements once.
 */
export async function warmUp(app: FastifyInstance, database: Database): Promise<WarmUpResult> {
  const started = performance.now();
  const connections = (await database.openConnections?.()) ?? 0;
  const key = await anyOfferKey(database.db);
  let requests = 0;
  if (key) {
    const searchUrl = SHOP_API_PREFIX + shopEndpoints['products-search'].path;
    const pageUrl = `/search/${encodeURIComponent(key.brand)}/${encodeURIComponent(key.article)}`;
    const inFlight = Math.max(connections, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      const searches = Array.from({ length: inFlight }, (_, index) =>
        app.inject({
          method: 'POST',
          url: searchUrl,
          payload: index % 2 === 0 ? { article: key.article, brand_name: key.brand } : { article: key.article },
        }),
      );
      const page = app.inject({ method: 'GET', url: pageUrl, headers: { accept: 'text/html' } });
      const answers = await Promise.all([...searches, page]);
      requests += answers.length;
      const failed = answers.find((answer) => answer.statusCode >= 500);
      if (failed) throw new Error(`warm-up: ${failed.statusCode} from the app (${failed.body.slice(0, 200)})`);
    }
  }
  return { connections, requests, ms: Math.round(performance.now() - started) };
}
