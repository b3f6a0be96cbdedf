import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, type AdminSupplierDetail, type SupplierImport } from '@detal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { offers, supplierImports } from '../../db/schema/index.ts';
import { TEST_TECH_CATALOG_KEY } from '../../../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { NUL_REFUSAL } from '../catalog/import/price-row.ts';
import { refusalMessage } from '../supplier-sources/import-fetched.ts';
import type { JobQueue } from '../../shared/background-jobs.ts';
import {
  IMPORT_FAILED_MESSAGE,
  IMPORT_JOB,
  INTERRUPTED_MESSAGE,
  PROCESS_OWNER,
  recoverImports,
  runImport,
} from './import-jobs.ts';
import { russianImportError } from './profile.ts';

/**
 * The job runner's behaviour, with a queue the test drives: an import cancelled while queued never runs, one
 * cancelled while running changes nothing, and a running import whose process is gone is marked failed.
 */
describe('import jobs: cancel and recovery', () => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let uploadsDir: string;
  const queued: number[] = [];
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const queue: JobQueue = {
    enqueue: async (type, payload) => {
      expect(type).toBe(IMPORT_JOB);
      queued.push((payload as { importId: number }).importId);
      return String(queued.length);
    },
    cancel: async () => false,
  };
  const context = () => ({ database, uploadsDir, logger });

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'detal-jobs-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { webBuildDir: null, techCatalogKey: TEST_TECH_CATALOG_KEY, uploadsDir },
    );
    app = await buildApp({ config, database, logger, jobs: queue });
    await app.ready();
    owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  let supplierId: number;
  const upload = async (csv: string): Promise<SupplierImport> => {
    const response = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PREFIX}import-upload?kind=price_list&supplier_id=${supplierId}&file_name=p.csv`,
      headers: { cookie: owner, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(csv),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { import: SupplierImport } }).data.import;
  };
  const rowOf = async (id: number) =>
    (await database.db.select().from(supplierImports).where(eq(supplierImports.id, id)))[0]!;
  const pricesOf = async () =>
    (await database.db.select({ price: offers.price }).from(offers).where(eq(offers.supplierId, supplierId)))
      .map((offer) => offer.price)
      .sort();

  it('loads a first list through the job', async () => {
    const response = await callAdmin(app, 'supplier-save', { cookie: owner, body: { name: 'Поставщик Ю' } });
    supplierId = (response.json() as { data: { supplier: AdminSupplierDetail } }).data.supplier.id;
    const first = await upload('article;brand;price\nOC90;Knecht;100\n');
    expect(queued).toEqual([first.id]);
    await runImport(context(), first.id);
    expect((await rowOf(first.id)).status).toBe('done');
    expect(await pricesOf()).toEqual(['100.00']);
  });

  it('a queued import cancelled never runs, and its file is deleted', async () => {
    const second = await upload('article;brand;price\nOC90;Knecht;200\n');
    const cancel = await callAdmin(app, 'import-cancel', { cookie: owner, body: { id: second.id } });
    expect((cancel.json() as { data: { import: SupplierImport } }).data.import.status).toBe('cancelled');
    await runImport(context(), second.id);
    const row = await rowOf(second.id);
    expect(row).toMatchObject({ status: 'cancelled', startedAt: null });
    expect(await pricesOf()).toEqual(['100.00']);
  });

  it('an import cancelled as it starts rolls back: the old list stays', async () => {
    const third = await upload('article;brand;price\nOC90;Knecht;300\nW712;Mann;5\n');
    // The cancel reaches the runner as it claims the import (as from another instance): it must change nothing.
    await database.db
      .update(supplierImports)
      .set({ cancelRequestedAt: new Date() })
      .where(eq(supplierImports.id, third.id));
    await runImport(context(), third.id);
    expect((await rowOf(third.id)).status).toBe('cancelled');
    expect(await pricesOf()).toEqual(['100.00']);
  });

  it('marks a running import whose process is gone failed; one whose process lives is left running', async () => {
    const orphan = await upload('article;brand;price\nOC90;Knecht;400\n');
    await database.db
      .update(supplierImports)
      .set({ status: 'running', startedAt: new Date(), owner: '1@gone' })
      .where(eq(supplierImports.id, orphan.id));
    let holder: pg.Client | null = null;
    let alive: SupplierImport | null = null;
    if (testDriver === 'postgres' && database.connectionString) {
      // Another process's import: it holds its live lock on a connection of its own.
      alive = await upload('article;brand;price\nOC90;Knecht;500\n');
      await database.db
        .update(supplierImports)
        .set({ status: 'running', startedAt: new Date(), owner: '2@elsewhere' })
        .where(eq(supplierImports.id, alive.id));
      holder = new pg.Client({ connectionString: database.connectionString });
      await holder.connect();
      await holder.query('select pg_advisory_lock($1::int, $2::int)', [0x53_49_4c, alive.id]);
    }
    try {
      await recoverImports(database, logger);
      expect(await rowOf(orphan.id)).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE });
      if (alive) expect((await rowOf(alive.id)).status).toBe('running');
    } finally {
      await holder?.end();
    }
    if (alive) {
      await recoverImports(database, logger);
      expect((await rowOf(alive.id)).status).toBe('failed');
    }
    expect(await pricesOf()).toEqual(['100.00']);
  });

  it('refuses a row holding a NUL byte with the reason in Russian; the other rows load', async () => {
    // Past the first 8 KB, which the upload itself checks for binary content.
    const filler = Array.from({ length: 1000 }, (_, index) => `F${index};Filtron;1${index}`).join('\n');
    const nulLine = 1002;
    const csv = `article;brand;price\n${filler}\nW\u0000712;Mann;5\nLX1;Mahle;9\u0000\nOC90;Knecht;700\n`;
    const uploaded = await upload(csv);
    await runImport(context(), uploaded.id);
    const row = await rowOf(uploaded.id);
    expect(row, JSON.stringify(row.error)).toMatchObject({
      status: 'done',
      rowsLoaded: 1001,
      rowsRefused: 2,
      error: null,
    });
    const report = await callAdmin(app, 'import-report', { cookie: owner, body: { id: uploaded.id } });
    expect(report.body).toContain(`${nulLine};"${NUL_REFUSAL}"`);
    expect(report.body).toContain(`${nulLine + 1};"${NUL_REFUSAL}"`);
    expect((await pricesOf()).length).toBe(1001);
  });

  it('cancel ends a running import whose runner is gone at once', async () => {
    const stuck = await upload('article;brand;price\nOC90;Knecht;800\n');
    // As a runner that failed to record its end left it (the row «running», nothing holding its live lock).
    await database.db
      .update(supplierImports)
      .set({ status: 'running', startedAt: new Date(), owner: PROCESS_OWNER })
      .where(eq(supplierImports.id, stuck.id));
    const cancel = await callAdmin(app, 'import-cancel', { cookie: owner, body: { id: stuck.id } });
    expect((cancel.json() as { data: { import: SupplierImport } }).data.import.status).toBe('cancelled');
    expect(await rowOf(stuck.id)).toMatchObject({ status: 'cancelled', filePath: null });
    expect((await rowOf(stuck.id)).finishedAt).not.toBeNull();
  });

  it('a database error during an import shows staff a Russian message; the SQL and values go to the log', async () => {
    // A rule of the database that refuses one article, naming it: the import's statement fails with it.
    await database.db.execute(sql`
      create function refuse_secret_article() returns trigger language plpgsql as $$
      begin
        if new.article = 'SECRET-42' then raise exception 'refused article %', new.article; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_secret_article before insert or update on offers
          for each row execute function refuse_secret_article()`,
    );
    try {
      const uploaded = await upload('article;brand;price\nSECRET-42;Knecht;900\nOC90;Knecht;901\n');
      // Two rows for a supplier of 1,001 offers: confirmed, so that the database's refusal is what stops it.
      await database.db
        .update(supplierImports)
        .set({ removalConfirmed: true })
        .where(eq(supplierImports.id, uploaded.id));
      logLines.length = 0;
      await runImport(context(), uploaded.id);
      const shown = (
        (await callAdmin(app, 'import-show', { cookie: owner, body: { id: uploaded.id } })).json() as {
          data: { import: SupplierImport };
        }
      ).data.import;
      expect(shown.status).toBe('failed');
      expect(shown.error).toBe(IMPORT_FAILED_MESSAGE);
      const listed = await callAdmin(app, 'import-list', { cookie: owner, body: { supplier_id: supplierId } });
      expect(listed.body).not.toMatch(/SECRET-42|insert|select|refused article|Failed query/i);
      expect(logLines.join('\n')).toContain('refused article SECRET-42');
      expect((await pricesOf()).length).toBe(1001);
    } finally {
      await database.db.execute(sql`drop trigger refuse_secret_article on offers`);
      await database.db.execute(sql`drop function refuse_secret_article()`);
    }
  });

  it("words every failure for staff: a database error's SQL and values never, the shop's own messages storable", async () => {
    const failed: unknown = await database.db.execute(sql`select ${'SECRET-7'}::int`).catch((error: unknown) => error);
    expect(String(failed)).toMatch(/SECRET-7|invalid input/);
    expect(russianImportError(failed)).toBe(IMPORT_FAILED_MESSAGE);
    // The scheduled fetch's history uses the same words.
    expect(refusalMessage(failed)).toBe(IMPORT_FAILED_MESSAGE);
    expect(russianImportError(new Error('The import has no file'))).toBe(IMPORT_FAILED_MESSAGE);
    expect(russianImportError(new Error('Ячейка «A\u0000B» слишком длинная'))).toBe('Ячейка «A B» слишком длинная');
    expect(russianImportError(new Error(`Строка ${'я'.repeat(2000)}`))).toHaveLength(500);
  });
});
