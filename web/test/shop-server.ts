import type { ApiFetch } from '../app/lib/api/load-context.ts';

/**
 * The shop's real server for the web's tests: the app on a fresh in-memory database (the server project's
 * migrated snapshot, see vitest.config.ts) holding the demo shop, answering the server render in process as
 * production does (server/src/ssr/api-fetch.ts). Every request it receives is kept in `calls`; `failWith`
 * stands in for failures the real server does not produce on demand (a 500).
 */
export interface ShopServer {
  apiFetch: ApiFetch;
  /** The technical catalogue's key the server expects; the production server puts it in the load context. */
  techCatalogKey: string;
  calls: Request[];
  /** Answers requests to `/api/...` ending in `pathEnd` with `answer` until given null. */
  failWith: (pathEnd: string, answer: (() => Response) | null) => void;
  /** A newly registered client, with the token its `token` cookie carries. */
  registerClient: () => Promise<{ token: string }>;
  /** The server's database handle (drizzle, typed by the server), for tests that add content the demo lacks. */
  db: unknown;
  close: () => Promise<void>;
}

/** A small demo catalogue: enough offers for the searches and the groups the tests open. */
const DEMO_OFFERS = 400;

/**
 * The server's modules are loaded by a computed path: the web's type check (DOM types) would otherwise check
 * the whole server too, which its own type check covers under Node's types.
 */
const fromServer = (path: string) => import(/* @vite-ignore */ new URL(`../../server/${path}`, import.meta.url).href);

/** `now`: the server's clock stands still there (the template's «now», from which pages date delivery). */
export async function startShopServer(options: { now?: Date } = {}): Promise<ShopServer> {
  const [
    { buildTestApp, TEST_TECH_CATALOG_KEY },
    { registerClient },
    { createTestDatabase },
    { seedDemoData },
    { createApiFetch },
    { useClock },
  ] = await Promise.all([
    fromServer('test/helpers/app.ts'),
    fromServer('test/helpers/clients.ts'),
    fromServer('test/helpers/db.ts'),
    fromServer('src/seed/index.ts'),
    fromServer('src/ssr/api-fetch.ts'),
    fromServer('src/http/clock.ts'),
  ]);
  const database = await createTestDatabase();
  await seedDemoData(database, { offers: DEMO_OFFERS });
  const { now } = options;
  const { app } = await buildTestApp(database, {}, now ? (built: unknown) => useClock(built, () => now) : undefined);
  const inProcess = createApiFetch(app, { ip: '127.0.0.1', requestId: 'web-test' }) as ApiFetch;
  const calls: Request[] = [];
  const failures = new Map<string, () => Response>();
  return {
    techCatalogKey: TEST_TECH_CATALOG_KEY as string,
    calls,
    apiFetch: async (request) => {
      calls.push(request.clone());
      const pathname = new URL(request.url).pathname;
      const failure = [...failures].find(([pathEnd]) => pathname.endsWith(pathEnd))?.[1];
      return failure ? failure() : inProcess(request);
    },
    failWith: (pathEnd, answer) => {
      if (answer) failures.set(pathEnd, answer);
      else failures.delete(pathEnd);
    },
    registerClient: () => registerClient(app),
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
