import { lookup } from 'node:dns/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIPv6 } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, adminEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { offers, supplierFetches, supplierSources } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertSupplier } from '../../../test/fixtures/offers.ts';
import { runSourcesTick, type FetchSettings } from './fetcher.ts';

/*
 * Issue 34, finding 5: a supplier source reaches only the outside. A local HTTP server on 127.0.0.1 plays the
 * supplier; without SUPPLIER_SOURCES_ALLOWED_HOSTS naming it, every way of pointing a source at it (the address
 * itself, `localhost`, IPv6 and IPv4-mapped forms, a name that resolves inside, a redirect from an allowed host)
 * is refused before a connection is made, and the history says only that the address is not allowed.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const NOT_ALLOWED = 'Адрес не разрешён';
const CSV = 'article;brand;description;price;quantity\nOC90;MANN;Фильтр масляный;123.45;5\nW712/75;MANN;Фильтр;300;2\n';

const requests: Array<{ url: string; host: string | undefined; authorization: string | undefined }> = [];
let server: Server;
let port: number;
let loopback: string;

function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = request.url ?? '/';
  requests.push({ url, host: request.headers.host, authorization: request.headers.authorization });
  const redirect = (location: string, status = 302) => {
    response.writeHead(status, { location });
    response.end();
  };
  if (url === '/price.csv' || url === '/echo.csv') {
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
    return void response.end(CSV);
  }
  if (url === '/to-loopback') return redirect(`${loopback}/price.csv`);
  if (url === '/to-localhost') return redirect(`http://localhost:${port}/price.csv`);
  if (url === '/to-mapped') return redirect(`http://[::ffff:127.0.0.1]:${port}/price.csv`);
  if (url === '/to-metadata') return redirect('http://169.254.169.254/latest/meta-data/', 307);
  if (url === '/to-intranet') return redirect(`http://intranet.test:${port}/price.csv`);
  if (url === '/moved') return redirect('/price.csv', 301);
  if (url === '/to-other') return redirect(`http://other.test:${port}/echo.csv`);
  if (url === '/loop') return redirect('/loop');
  response.writeHead(404);
  response.end('Not Found');
}

/** Names the tests resolve themselves (a name server answering as an attacker's would); others go to the system. */
const NAMES: Record<string, string[]> = {
  'supplier.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'intranet.test': ['10.0.0.5'],
  'metadata.test': ['169.254.169.254'],
  'metadata6.test': ['fd00:ec2::254'],
  'mixed.test': ['93.184.216.34', '192.168.1.10'],
};
let resolutions: string[] = [];
/** `rebind.test` answers 127.0.0.1 once, then 127.0.0.3 (where nothing listens). */
let rebindAnswers = 0;

async function resolveHost(hostname: string) {
  resolutions.push(hostname);
  if (hostname === 'rebind.test') {
    rebindAnswers += 1;
    return [{ address: rebindAnswers === 1 ? '127.0.0.1' : '127.0.0.3', family: 4 as const }];
  }
  const known = NAMES[hostname];
  if (known) return known.map((address) => ({ address, family: isIPv6(address) ? (6 as const) : (4 as const) }));
  return (await lookup(hostname, { all: true })).map(({ address, family }) => ({
    address,
    family: family as 4 | 6,
  }));
}

let database: Database;
let tempDir: string;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  loopback = `http://127.0.0.1:${port}`;
  tempDir = await mkdtemp(path.join(tmpdir(), 'detal-outbound-'));
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
  await rm(tempDir, { recursive: true, force: true });
});

beforeEach(async () => {
  requests.length = 0;
  resolutions = [];
  rebindAnswers = 0;
  await database.db.update(supplierSources).set({ nextFetchAt: new Date('2100-01-01T00:00:00Z') });
});

let suppliersMade = 0;

/** A source written straight into the table, as one saved before this check, or one whose name resolves inside. */
async function sourceAt(url: string): Promise<number> {
  suppliersMade += 1;
  const supplierId = await insertSupplier(database.db, `Внешний ${suppliersMade}`, {
    displayName: `Склад ${suppliersMade}`,
  });
  await database.db.insert(supplierSources).values({
    supplierId,
    url,
    authUser: url.includes('to-other') ? 'detal' : null,
    authPassword: url.includes('to-other') ? 'секрет' : null,
    everyHours: 24,
    stalePolicy: 'warn',
    nextFetchAt: new Date(),
  });
  return supplierId;
}

async function fetchOnce(url: string, allowedHosts: string[] = []) {
  const supplierId = await sourceAt(url);
  const settings: FetchSettings = {
    timeZone: 'Europe/Moscow',
    log: logger,
    tempDir,
    timeoutMs: 5_000,
    allowedHosts,
    resolveHost,
  };
  await runSourcesTick(database, settings);
  const rows = await database.db.select().from(supplierFetches).where(eq(supplierFetches.supplierId, supplierId));
  expect(rows).toHaveLength(1);
  const stocked = await database.db.select().from(offers).where(eq(offers.supplierId, supplierId));
  return { fetch: rows[0]!, offers: stocked.length };
}

/** The history row of a refused address: the message, and nothing that tells an open port from a closed one. */
function expectRefused(row: Awaited<ReturnType<typeof fetchOnce>>) {
  expect(row.offers).toBe(0);
  expect(row.fetch).toMatchObject({ outcome: 'failed', httpStatus: null, bytes: null, rowsLoaded: null });
  expect(row.fetch.error).toMatch(new RegExp(`^${NOT_ALLOWED}`));
  // The same words whatever was (or was not) listening there.
  return row.fetch.error;
}

describe('a source on the shop’s own machine or network', () => {
  it('is refused without the allow setting, and fetched with it', async () => {
    const refused = await fetchOnce(`${loopback}/price.csv`);
    const message = expectRefused(refused);
    expect(requests).toEqual([]);
    // A closed port on the same address reads the same.
    expect(expectRefused(await fetchOnce('http://127.0.0.1:1/price.csv'))).toBe(message);

    const allowed = await fetchOnce(`${loopback}/price.csv`, ['127.0.0.1']);
    expect(allowed.fetch).toMatchObject({ outcome: 'imported', httpStatus: 200, rowsLoaded: 2, error: null });
    expect(allowed.offers).toBe(2);
  });

  it('refuses loopback, private, link-local, unique-local and metadata addresses in every spelling', async () => {
    const messages = new Set<string | null>();
    for (const url of [
      `http://localhost:${port}/price.csv`,
      `http://LOCALHOST.:${port}/price.csv`,
      `http://[::1]:${port}/price.csv`,
      `http://[::ffff:127.0.0.1]:${port}/price.csv`,
      `http://[::ffff:7f00:1]:${port}/price.csv`,
      `http://2130706433:${port}/price.csv`,
      `http://0x7f.1:${port}/price.csv`,
      `http://127.1:${port}/price.csv`,
      `http://0.0.0.0:${port}/price.csv`,
      `http://[::]:${port}/price.csv`,
      'http://10.0.0.5/price.csv',
      'http://172.16.5.4/price.csv',
      'http://192.168.1.1/price.csv',
      'http://100.100.100.200/latest/meta-data/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/price.csv',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fc00::5]/price.csv',
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      `http://intranet.test:${port}/price.csv`,
      'http://metadata.test/latest/meta-data/',
      'http://metadata6.test/latest/meta-data/',
      // One inside address among outside ones is enough to refuse the name.
      'http://mixed.test/price.csv',
    ]) {
      const row = await fetchOnce(url);
      messages.add(expectRefused(row));
    }
    expect(messages.size).toBe(1);
    expect(requests).toEqual([]);
  });

  it('checks every redirect again, followed by hand: an allowed host cannot send the fetch inside', async () => {
    const allowed = ['supplier.test'];
    for (const hop of ['/to-loopback', '/to-localhost', '/to-mapped', '/to-metadata', '/to-intranet']) {
      expectRefused(await fetchOnce(`http://supplier.test:${port}${hop}`, allowed));
    }
    // The first hop reached the allowed host; none of the inside addresses it pointed to was asked.
    expect(requests.map((request) => request.url)).toEqual([
      '/to-loopback',
      '/to-localhost',
      '/to-mapped',
      '/to-metadata',
      '/to-intranet',
    ]);

    // A redirect within the allowed host is followed; the connection went where the checked name pointed.
    const moved = await fetchOnce(`http://supplier.test:${port}/moved`, allowed);
    expect(moved.fetch).toMatchObject({ outcome: 'imported', rowsLoaded: 2 });
    expect(requests.slice(-2).map((request) => [request.url, request.host])).toEqual([
      ['/moved', `supplier.test:${port}`],
      ['/price.csv', `supplier.test:${port}`],
    ]);

    // A redirect to another (allowed) host does not carry the supplier's password there.
    const other = await fetchOnce(`http://supplier.test:${port}/to-other`, ['supplier.test', 'other.test']);
    expect(other.fetch).toMatchObject({ outcome: 'imported' });
    const [first, second] = requests.slice(-2);
    expect(first).toMatchObject({ url: '/to-other', authorization: expect.stringMatching(/^Basic /) });
    expect(second).toMatchObject({ url: '/echo.csv', host: `other.test:${port}`, authorization: undefined });

    const looping = await fetchOnce(`http://supplier.test:${port}/loop`, allowed);
    expect(looping.fetch).toMatchObject({ outcome: 'failed', error: 'Слишком много перенаправлений (больше 5)' });
  });

  it('connects to the address it checked: a name that changes its answer afterwards is not asked again', async () => {
    const fetched = await fetchOnce(`http://rebind.test:${port}/price.csv`, ['127.0.0.1']);
    expect(fetched.fetch).toMatchObject({ outcome: 'imported', rowsLoaded: 2 });
    expect(resolutions.filter((name) => name === 'rebind.test')).toHaveLength(1);
  });
});

describe('the source settings refuse an inside address as it is saved', () => {
  let app: FastifyInstance;
  let allowingApp: FastifyInstance;
  let owner: string;

  beforeAll(async () => {
    ({ app } = await buildTestApp(database));
    ({ app: allowingApp } = await buildTestApp(database, { supplierSourcesAllowedHosts: ['127.0.0.1'] }));
    owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await allowingApp?.close();
  });

  const save = (target: FastifyInstance, supplierId: number, url: string) =>
    target.inject({
      method: 'POST',
      url: ADMIN_API_PREFIX + adminEndpoints['suppliers/:id/source/save'].path.replace(':id', String(supplierId)),
      headers: { cookie: owner },
      payload: { url, every_hours: 1 },
    });

  it('answers 422 in Russian for a literal inside address, unless the operator allows it', async () => {
    suppliersMade += 1;
    const supplierId = await insertSupplier(database.db, `Внешний ${suppliersMade}`);
    for (const url of [
      `${loopback}/price.csv`,
      'http://localhost/price.csv',
      'http://[::1]/price.csv',
      'http://[::ffff:10.0.0.1]/price.csv',
      'http://192.168.0.10/price.csv',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const response = await save(app, supplierId, url);
      expect(response.statusCode, url).toBe(422);
      const body = response.json() as { error: { url: string[] } };
      expect(body.error.url[0]).toMatch(new RegExp(`^${NOT_ALLOWED}`));
    }
    expect(await database.db.select().from(supplierSources).where(eq(supplierSources.supplierId, supplierId))).toEqual(
      [],
    );
    // A name is resolved only when fetched: saving one is no probe of the shop's network.
    expect((await save(app, supplierId, 'https://prices.supplier.example/price.csv')).statusCode).toBe(200);
    expect((await save(allowingApp, supplierId, `${loopback}/price.csv`)).statusCode).toBe(200);
  });
});
