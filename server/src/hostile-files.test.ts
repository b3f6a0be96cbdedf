import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX, type AdminSupplierDetail, type SupplierImport } from '@detal/contract';
import type { Database } from './db/index.ts';
import { supplierFetches, supplierImports } from './db/schema/index.ts';
import { IMPORT_READER_LIMITS, LIST_READER_LIMITS } from './modules/catalog/import/reader-limits.ts';
import { runSourcesTick } from './modules/supplier-sources/fetcher.ts';
import { HOSTILE_KINDS, HOSTILE_MESSAGES, hostileFile, type HostileKind } from '../test/fixtures/hostile-files.ts';
import { buildTestApp } from '../test/helpers/app.ts';
import { createTestDatabase } from '../test/helpers/db.ts';
import { createTestStaff, staffCookieFor } from '../test/helpers/staff.ts';

/**
 * Issue 34, point 1: malformed spreadsheets and CSV files of each kind through every door a file comes in by,
 * over real HTTP to the app listening on a port: the list search without a session, the back office's upload, a
 * scheduled supplier fetch from a local HTTP server, and the bank statement import. Each is refused as a bad file
 * with a Russian message, while the server keeps answering GET /api/health/live (polled throughout: no answer
 * slower than HEALTH_MAX_MS) and the process's resident memory grows by less than the door's bound.
 */

const MB = 1024 * 1024;
/**
 * Slowest health answer allowed while a hostile file is read. The machine these tests were written on was shared
 * by eight builds at a load average near 30 on 2 cores, where even a bare request took seconds at times; before
 * issue 34 a 100 MB CSV line stalled the loop 4.5-9.7 s on a quiet machine, and a far column aborted the process.
 * Each test may take up to 90 s on such a machine (a few seconds on a quiet one).
 */
const HEALTH_MAX_MS = 4_000;
/** RSS growth: the import's reader worker (384 MB heap at most) and the request's own buffers. */
const IMPORT_RSS_BOUND = 600 * MB;
/** RSS growth: the list search's worker (96 MB heap) and the request. */
const LIST_RSS_BOUND = 250 * MB;

let database: Database;
let app: FastifyInstance;
let origin: string;
let supplierServer: Server;
let supplierBase: string;
let served: Buffer = Buffer.alloc(0);
let owner: string;
let uploadsDir: string;
let downloadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'detal-hostile-uploads-'));
  downloadsDir = await mkdtemp(path.join(tmpdir(), 'detal-hostile-downloads-'));
  database = await createTestDatabase();
  // BODY_LIMIT raised as an operator may, so that a statement of the contract's largest size (6 MB) arrives.
  // The local "supplier" is on this machine: allowed as an operator allows a supplier on the shop's network.
  ({ app } = await buildTestApp(database, {
    uploadsDir,
    importUploadLimit: 200 * MB,
    bodyLimit: 10 * MB,
    supplierSourcesAllowedHosts: ['127.0.0.1'],
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
  supplierServer = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': served.length });
    response.end(served);
  });
  await new Promise<void>((resolve) => supplierServer.listen(0, '127.0.0.1', resolve));
  supplierBase = `http://127.0.0.1:${(supplierServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => supplierServer?.close(resolve));
  await rm(uploadsDir, { recursive: true, force: true });
  await rm(downloadsDir, { recursive: true, force: true });
});

interface Served<T> {
  outcome: T;
  /** Health answers during the work, and the slowest one. */
  polls: number;
  slowestMs: number;
  rssGrowth: number;
}

/** Runs `work` while polling /api/health/live one request after another and sampling the process's RSS. */
async function whileServing<T>(work: () => Promise<T>): Promise<Served<T>> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let done = false;
  let polls = 0;
  let slowestMs = 0;
  const poller = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/health/live`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    const outcome = await work();
    return { outcome, polls, slowestMs, rssGrowth: peak - before };
  } finally {
    done = true;
    await poller;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}

function expectServed(served: Served<unknown>, rssBound: number): void {
  expect(served.polls).toBeGreaterThan(0);
  expect(served.slowestMs).toBeLessThan(HEALTH_MAX_MS);
  expect(served.rssGrowth).toBeLessThan(rssBound);
}

const post = async (url: string, body: NonNullable<RequestInit['body']>, headers: Record<string, string>) => {
  const response = await fetch(url, { method: 'POST', body, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const messageOf = (body: Record<string, unknown>) => (typeof body.message === 'string' ? body.message : '');

describe('the list search (no session)', () => {
  for (const kind of HOSTILE_KINDS) {
    it(`answers ${kind} as a bad file and keeps serving`, { timeout: 90_000 }, async () => {
      const bytes = hostileFile(kind, LIST_READER_LIMITS, { csvLineBytes: 500 * 1024 });
      expect(bytes.length).toBeLessThanOrEqual(512 * 1024);
      const served = await whileServing(() =>
        post(
          `${origin}${SHOP_API_PREFIX}products-list-search`,
          JSON.stringify({ file: { name: 'list.xlsx', content_base64: bytes.toString('base64') } }),
          { 'content-type': 'application/json' },
        ),
      );
      expectServed(served, LIST_RSS_BOUND);
      const { status, body } = served.outcome;
      if (kind === 'csv-line') {
        // Within the list's limits (a 500 KB line): no article in it.
        expect(status).toBe(422);
        expect(messageOf(body)).toMatch(/В списке нет ни одной строки с артикулом/);
      } else if (kind === 'padded-rows') {
        // 201 of its 1,300 rows read (one more than a list may have), no more: too long a list.
        expect(status).toBe(422);
        expect(messageOf(body)).toMatch(/В списке 201 строка: за один раз можно искать не больше 200/);
      } else {
        expect(status).toBe(422);
        expect(messageOf(body)).toMatch(HOSTILE_MESSAGES[kind]);
        // The contract's 422: the message, and the same under the field.
        expect(body).toEqual({ message: messageOf(body), error: { file: [messageOf(body)] } });
      }
    });
  }
});

let suppliersMade = 0;
async function newSupplier(): Promise<number> {
  suppliersMade += 1;
  const { status, body } = await post(
    `${origin}${ADMIN_API_PREFIX}supplier-save`,
    JSON.stringify({ name: `Поставщик ${suppliersMade}` }),
    { 'content-type': 'application/json', cookie: owner },
  );
  expect(status).toBe(200);
  return (body.data as { supplier: AdminSupplierDetail }).supplier.id;
}

async function importFinished(id: number) {
  for (;;) {
    const [row] = await database.db.select().from(supplierImports).where(eq(supplierImports.id, id));
    // Finished, and its file removed (the job clears filePath once the file is gone).
    if (row && row.status !== 'queued' && row.status !== 'running' && row.filePath === null) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the back office upload', () => {
  for (const kind of HOSTILE_KINDS) {
    it(`refuses ${kind} (at upload or in the import's history) and keeps serving`, { timeout: 90_000 }, async () => {
      const supplierId = await newSupplier();
      // The test process sends the upload itself: a 20 MB line is past the limit as surely as 100 MB.
      const bytes = hostileFile(kind, IMPORT_READER_LIMITS, { csvLineBytes: 20 * MB });
      const served = await whileServing(async () => {
        const answer = await post(
          `${origin}${ADMIN_API_PREFIX}import-upload?kind=price_list&supplier_id=${supplierId}&file_name=price.bin`,
          bytes,
          { 'content-type': 'application/octet-stream', cookie: owner },
        );
        if (answer.status !== 200) return { status: answer.status, message: messageOf(answer.body) };
        const queued = (answer.body.data as { import: SupplierImport }).import;
        const row = await importFinished(queued.id);
        return { status: row.status, message: row.error ?? '' };
      });
      expectServed(served, IMPORT_RSS_BOUND);
      expect(['failed', 422]).toContain(served.outcome.status);
      expect(served.outcome.message).toMatch(HOSTILE_MESSAGES[kind]);
      // The uploaded file is gone; a report of the rows refused before the fault stays for staff.
      expect((await readdir(uploadsDir)).filter((name) => !name.endsWith('.rejected.csv'))).toEqual([]);
    });
  }
});

describe('a scheduled supplier fetch', () => {
  for (const kind of HOSTILE_KINDS) {
    it(
      `records ${kind} as a failed fetch, leaves no temporary file and keeps serving`,
      { timeout: 90_000 },
      async () => {
        const supplierId = await newSupplier();
        served = hostileFile(kind, IMPORT_READER_LIMITS);
        const { status } = await post(
          `${origin}${ADMIN_API_PREFIX}suppliers/${supplierId}/source/save`,
          JSON.stringify({ url: `${supplierBase}/price-${kind}`, every_hours: 1 }),
          { 'content-type': 'application/json', cookie: owner },
        );
        expect(status).toBe(200);
        const result = await whileServing(() =>
          runSourcesTick(database, {
            timeZone: 'Europe/Moscow',
            log: pino({ level: 'silent' }),
            tempDir: downloadsDir,
            allowedHosts: ['127.0.0.1'],
            now: () => new Date(Date.now() + 2 * 60 * 60 * 1000),
          }),
        );
        expectServed(result, IMPORT_RSS_BOUND);
        const [fetched] = await database.db
          .select()
          .from(supplierFetches)
          .where(eq(supplierFetches.supplierId, supplierId));
        expect(fetched?.outcome).toBe('failed');
        expect(fetched?.error).toMatch(HOSTILE_MESSAGES[kind]);
        expect(fetched?.error).toMatch(/Прежний прайс оставлен без изменений/);
        expect(await readdir(downloadsDir)).toEqual([]);
      },
    );
  }
});

describe('the bank statement import', () => {
  const statementDoors: { name: string; bytes: () => Buffer; message: RegExp }[] = [
    ...(['huge-column', 'shared-strings-count', 'csv-line'] as HostileKind[]).map((kind) => ({
      name: `a spreadsheet (${kind})`,
      bytes: () => hostileFile(kind, LIST_READER_LIMITS, { csvLineBytes: 6 * MB - 1 }),
      message: /Это не выписка в формате 1С/,
    })),
    {
      name: 'a 5 MB statement of 80,000 documents without numbers',
      bytes: () =>
        iconv.encode(
          `1CClientBankExchange\r\n${'СекцияДокумент=Платежное поручение\r\nСумма=1.00\r\nКонецДокумента\r\n'.repeat(80_000)}КонецФайла\r\n`,
          'win1251',
        ),
      message: /у документа нет номера/,
    },
  ];
  for (const door of statementDoors) {
    it(`refuses ${door.name} as a bad file and keeps serving`, { timeout: 90_000 }, async () => {
      const bytes = door.bytes();
      expect(bytes.length).toBeLessThanOrEqual(6 * MB);
      const served = await whileServing(() =>
        post(
          `${origin}${ADMIN_API_PREFIX}statement-import`,
          JSON.stringify({ file_name: 'kl_to_1c.txt', content_base64: bytes.toString('base64') }),
          { 'content-type': 'application/json', cookie: owner },
        ),
      );
      expectServed(served, LIST_RSS_BOUND);
      expect(served.outcome.status).toBe(422);
      expect(messageOf(served.outcome.body)).toMatch(door.message);
    });
  }
});
