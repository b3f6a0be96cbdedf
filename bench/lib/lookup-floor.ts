import http from 'node:http';
import { normalizeArticle, normalizeBrand } from '@detal/contract';

/*
 * The look-up floor: a bare node:http server (no Fastify, no hooks) answering one indexed look-up of the article
 * and brand, the least any search can cost over HTTP. On PostgreSQL it runs in a process of its own
 * (lookup-floor-server.ts), so that the app's event loop and garbage collector never delay it; PGlite has one
 * user at a time, so there it shares the app's process.
 */

const LOOKUP_SQL = `select o.id::text, o.price::text from offers o
  join brand_aliases a on a.brand_id = o.brand_id where a.alias_normalized = $2 and o.article_normalized = $1`;

export type RunQuery = (text: string, params: unknown[], name?: string) => Promise<unknown[]>;

/** Listens on a free port of 127.0.0.1 and answers it; the body is products-search's with a brand. */
export async function startLookupFloor(runQuery: RunQuery): Promise<{ port: number; server: http.Server }> {
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The look-up floor has no port');
  return { port: address.port, server };
}
