import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_API_PREFIX,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_NOT_TABLE_MESSAGE,
  type AdminSupplierDetail,
  type AdminSupplierRow,
  type Paginated,
  type SupplierImport,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, offers, supplierImports } from '../../db/schema/index.ts';
import { buildTestApp, type LogLine } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { buildXlsx } from '../../../test/fixtures/import-files.ts';

const UPLOAD_LIMIT = 64 * 1024;

describe('suppliers: profiles, uploads imported by the job, history, active flag', () => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let uploadsDir: string;
  let logs: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'detal-uploads-'));
    ({ app, logs } = await buildTestApp(database, { uploadsDir, importUploadLimit: UPLOAD_LIMIT }));
    owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  });

  const save = async (body: Record<string, unknown>): Promise<AdminSupplierDetail> => {
    const response = await callAdmin(app, 'supplier-save', { cookie: owner, body });
    const failures = logs.filter((line) => line.level >= 50);
    expect(response.statusCode, `${response.body} ${JSON.stringify(failures)}`).toBe(200);
    return (response.json() as { data: { supplier: AdminSupplierDetail } }).data.supplier;
  };

  const upload = (query: Record<string, string | number>, bytes: Buffer, cookie = owner) =>
    app.inject({
      method: 'POST',
      url: `${ADMIN_API_PREFIX}import-upload?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: bytes,
    });

  const showImport = async (id: number): Promise<SupplierImport> => {
    const response = await callAdmin(app, 'import-show', { cookie: owner, body: { id } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { import: SupplierImport } }).data.import;
  };

  /** Polls the progress endpoint as the page does, until the import has ended. */
  const finished = async (id: number): Promise<SupplierImport> => {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const current = await showImport(id);
      if (!['queued', 'running'].includes(current.status)) return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`import ${id} did not end`);
  };

  const uploaded = async (query: Record<string, string | number>, bytes: Buffer): Promise<SupplierImport> => {
    const response = await upload(query, bytes);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { import: SupplierImport } }).data.import;
  };

  const searchOffers = async (article: string) => {
    const response = await callShop(app, 'products-search', { body: { article, brand_name: 'KNECHT' } });
    expect(response.statusCode, response.body).toBe(200);
    const result = (response.json() as { data: { result_products_search: { items: { supplier_name: string }[] } } })
      .data.result_products_search;
    return result.items;
  };

  const offersOf = (supplierId: number) =>
    database.db.select({ id: offers.id, price: offers.price }).from(offers).where(eq(offers.supplierId, supplierId));

  let supplier: AdminSupplierDetail;

  it('creates a supplier with a profile (headers, cp1251, ";", stock ">10" as 11); the write is audited', async () => {
    // Another supplier first: ids of suppliers, offers and imports then differ, as in a real shop.
    await save({ name: 'Другой поставщик' });
    supplier = await save({
      name: 'ООО Автоальянс',
      display_name: 'Склад Север',
      delivery_probability: 90,
      default_delivery_days: 2,
      max_age_days: 3,
      import_profile: {
        headers: { article: 'Код', price: 'Цена опт' },
        encoding: 'cp1251',
        delimiter: ';',
        stock_more: 'bound_plus_one',
      },
    });
    expect(supplier).toMatchObject({
      name: 'ООО Автоальянс',
      active: true,
      offers_count: 0,
      // Created a second ago, with no list yet: not stale.
      stale: false,
      last_import: null,
      import_profile: { encoding: 'cp1251', delimiter: ';', headers: { article: 'Код', price: 'Цена опт' } },
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'supplier'));
    expect(audit.map((row) => row.action)).toEqual(['supplier.create', 'supplier.create']);
  });

  it('refuses a profile with an unknown field, changing nothing', async () => {
    const response = await callAdmin(app, 'supplier-save', {
      cookie: owner,
      body: { id: supplier.id, name: 'ООО Автоальянс', import_profile: { colums: 'article' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: expect.any(String), error: expect.any(Object) });
  });

  it('imports an uploaded cp1251 CSV in the background: progress, refused rows report, offers in search', async () => {
    const csv = iconv.encode(
      'Код;Бренд;Наименование;Цена опт;Остаток\nOC 90;Knecht;Фильтр масляный;1 234,50;>10\nOC 91;Knecht;Фильтр;дорого;1\n',
      'win1251',
    );
    const queued = await uploaded({ kind: 'price_list', supplier_id: supplier.id, file_name: 'прайс.csv' }, csv);
    expect(queued).toMatchObject({
      status: 'queued',
      source: 'upload',
      file_name: 'прайс.csv',
      file_bytes: csv.length,
    });
    const done = await finished(queued.id);
    expect(done).toMatchObject({ status: 'done', rows_read: 2, rows_loaded: 1, rows_refused: 1, has_report: true });
    expect(done.staff_name).not.toBeNull();

    const report = await callAdmin(app, 'import-report', { cookie: owner, body: { id: queued.id } });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.body).toContain('3;"цена не число: «дорого»";"OC 91;Knecht;Фильтр;дорого;1"');

    const stored = await database.db.select().from(offers).where(eq(offers.supplierId, supplier.id));
    expect(stored).toMatchObject([{ article: 'OC 90', price: '1234.50', quantity: 11, deliveryDays: 2 }]);
    expect((await searchOffers('OC90')).map((item) => item.supplier_name)).toContain('Склад Север');
    // The uploaded file is gone once imported.
    expect((await readdir(uploadsDir)).filter((name) => name.startsWith('upload-'))).toEqual([]);

    const list = await callAdmin(app, 'supplier-admin-list', { cookie: owner, body: {} });
    const row = (list.json() as { data: Paginated<AdminSupplierRow> }).data.data.find((r) => r.id === supplier.id);
    expect(row).toMatchObject({ offers_count: 1, stale: false, last_import: { id: queued.id, rows_refused: 1 } });

    // The same list four days later, with an allowed age of three days: stale, and found by the filter.
    await database.db
      .update(supplierImports)
      .set({ finishedAt: new Date(Date.now() - 4 * 24 * 3600 * 1000) })
      .where(eq(supplierImports.id, queued.id));
    const staleList = await callAdmin(app, 'supplier-admin-list', { cookie: owner, body: { stale: true } });
    const staleRows = (staleList.json() as { data: Paginated<AdminSupplierRow> }).data.data;
    expect(staleRows.find((r) => r.id === supplier.id)).toMatchObject({ stale: true });
    await database.db.update(supplierImports).set({ finishedAt: new Date() }).where(eq(supplierImports.id, queued.id));
  });

  it('imports an XLSX the same way (the profile names its headers)', async () => {
    const xlsx = buildXlsx([
      ['Код', 'Бренд', 'Цена опт'],
      ['OC 90', 'Knecht', 1300],
      ['W 712/75', 'Knecht', 450.5],
    ]);
    const queued = await uploaded({ kind: 'price_list', supplier_id: supplier.id, file_name: 'прайс.xlsx' }, xlsx);
    expect(await finished(queued.id)).toMatchObject({ status: 'done', rows_loaded: 2, rows_refused: 0 });
    expect((await offersOf(supplier.id)).map((offer) => offer.price).sort()).toEqual(['1300.00', '450.50']);
  });

  it('an inactive supplier leaves search at once, and comes back when reactivated, without a re-import', async () => {
    const before = (await offersOf(supplier.id)).map((offer) => offer.id).sort();
    expect(await searchOffers('OC90')).toHaveLength(1);
    await save({ ...supplier, active: false });
    expect(await searchOffers('OC90')).toHaveLength(0);
    await save({ ...supplier, active: true });
    expect(await searchOffers('OC90')).toHaveLength(1);
    expect((await offersOf(supplier.id)).map((offer) => offer.id).sort()).toEqual(before);
  });

  it('refuses bad files with a Russian message in the error shape; the list stays, the attempts are in the history', async () => {
    const prices = async () => (await offersOf(supplier.id)).map((offer) => offer.price).sort();
    const kept = await prices();
    const history = async () =>
      (
        (await callAdmin(app, 'import-list', { cookie: owner, body: { supplier_id: supplier.id } })).json() as {
          data: Paginated<SupplierImport>;
        }
      ).data.total;
    const imports = await history();
    const query = { kind: 'price_list', supplier_id: supplier.id, file_name: 'x.csv' };

    const png = await upload(query, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    expect(png.statusCode).toBe(422);
    expect(png.json()).toEqual({ message: UPLOAD_NOT_TABLE_MESSAGE, error: { file: [UPLOAD_NOT_TABLE_MESSAGE] } });

    const empty = await upload(query, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json(), empty.body).toMatchObject({ message: UPLOAD_EMPTY_MESSAGE });

    const big = await upload(query, Buffer.alloc(UPLOAD_LIMIT + 1, 'a;'));
    expect(big.statusCode).toBe(413);
    expect(big.json(), big.body).toMatchObject({ message: expect.stringContaining('Файл больше') });

    const noColumn = await upload(query, iconv.encode('Артикул;Бренд;Цена\nOC 90;Knecht;1\n', 'win1251'));
    expect(noColumn.statusCode).toBe(422);
    // jsonb keeps the profile's keys shortest first: the price's header is looked for first.
    expect(noColumn.json(), noColumn.body).toMatchObject({
      message: 'В строке заголовка нет столбца «Цена опт», указанного в профиле (Цена)',
    });

    const json = await callAdmin(app, 'import-upload', {
      cookie: owner,
      query: `?kind=price_list&supplier_id=${supplier.id}&file_name=a.csv`,
      body: {},
    });
    expect(json.statusCode).toBe(415);

    expect(await prices()).toEqual(kept);
    // Each refused file is a failed attempt of the history, with the message the staff saw (issue 26 point 5).
    expect(await history()).toBe(imports + 4);
    const attempts = (
      (
        await callAdmin(app, 'import-list', { cookie: owner, body: { supplier_id: supplier.id, per_page: 4 } })
      ).json() as {
        data: Paginated<SupplierImport>;
      }
    ).data.data;
    expect(attempts.map(({ status, source, file_name, error }) => ({ status, source, file_name, error }))).toEqual([
      {
        status: 'failed',
        source: 'upload',
        file_name: 'x.csv',
        error: 'В строке заголовка нет столбца «Цена опт», указанного в профиле (Цена)',
      },
      { status: 'failed', source: 'upload', file_name: 'x.csv', error: expect.stringContaining('Файл больше') },
      { status: 'failed', source: 'upload', file_name: 'x.csv', error: UPLOAD_EMPTY_MESSAGE },
      { status: 'failed', source: 'upload', file_name: 'x.csv', error: UPLOAD_NOT_TABLE_MESSAGE },
    ]);
    const refusals = await database.db.select().from(auditLog).where(eq(auditLog.action, 'import.refused'));
    expect(refusals).toHaveLength(4);
    expect((await readdir(uploadsDir)).filter((name) => name.startsWith('upload-'))).toEqual([]);
  });

  it('finds the header under a title block, and reads «есть», «<5», «3-5» by the profile', async () => {
    const titled = await save({
      name: 'ООО АвтоСнаб',
      import_profile: { stock_present: 4, delivery_range: 'min' },
    });
    expect(titled.import_profile).toMatchObject({
      header_line: null,
      stock_more: 'bound',
      stock_less: 'one',
      stock_present: 4,
      stock_plenty: 10,
      delivery_range: 'min',
    });
    const csv = iconv.encode(
      'ООО «АвтоСнаб»;;;\r\nПрайс-лист на 25.11.2026;;;\r\n;;;\r\nАртикул;Производитель;Цена, руб.;Наличие;Срок\r\n' +
        'OC 90;KNECHT;412,00;есть;3-5\r\nW 712/75;MANN-FILTER;389,50;<5;5 дн.\r\n',
      'win1251',
    );
    const queued = await uploaded({ kind: 'price_list', supplier_id: titled.id, file_name: 'автоснаб.csv' }, csv);
    expect(await finished(queued.id)).toMatchObject({ status: 'done', rows_read: 2, rows_loaded: 2, rows_refused: 0 });
    const stored = await database.db
      .select({ article: offers.article, quantity: offers.quantity, deliveryDays: offers.deliveryDays })
      .from(offers)
      .where(eq(offers.supplierId, titled.id))
      .orderBy(offers.article);
    expect(stored).toEqual([
      { article: 'OC 90', quantity: 4, deliveryDays: 3 },
      { article: 'W 712/75', quantity: 1, deliveryDays: 5 },
    ]);
  });

  it('stops a list that would remove most offers and asks: confirmed, it replaces them; cancelled, nothing changes', async () => {
    const big = await save({ name: 'ООО Четыреста' });
    const full = `Артикул;Бренд;Цена\n${Array.from({ length: 424 }, (_, index) => `P-${index};Knecht;${index + 1}`).join('\n')}\n`;
    const first = await uploaded({ kind: 'price_list', supplier_id: big.id, file_name: 'full.csv' }, Buffer.from(full));
    expect(await finished(first.id)).toMatchObject({ status: 'done', rows_loaded: 424 });

    const oneRow = Buffer.from('Артикул;Бренд;Цена\nP-1;Knecht;99\n');
    const asked = await finished(
      (await uploaded({ kind: 'price_list', supplier_id: big.id, file_name: 'one.csv' }, oneRow)).id,
    );
    expect(asked).toMatchObject({
      status: 'awaiting_confirmation',
      removal: { offers: 424, removed: 423, loaded: 1 },
      rows_read: 1,
    });
    expect(await offersOf(big.id)).toHaveLength(424);
    // The file waits for the answer.
    expect((await readdir(uploadsDir)).filter((name) => name.startsWith('upload-'))).toHaveLength(1);

    const cancelled = await callAdmin(app, 'import-cancel', { cookie: owner, body: { id: asked.id } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await showImport(asked.id)).toMatchObject({ status: 'cancelled', removal: { removed: 423 } });
    expect(await offersOf(big.id)).toHaveLength(424);
    expect((await readdir(uploadsDir)).filter((name) => name.startsWith('upload-'))).toEqual([]);
    const late = await callAdmin(app, 'import-confirm', { cookie: owner, body: { id: asked.id } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'Эта загрузка не ждёт подтверждения' });

    const again = await finished(
      (await uploaded({ kind: 'price_list', supplier_id: big.id, file_name: 'one.csv' }, oneRow)).id,
    );
    expect(again.status).toBe('awaiting_confirmation');
    const confirm = await callAdmin(app, 'import-confirm', { cookie: owner, body: { id: again.id } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await finished(again.id)).toMatchObject({ status: 'done', rows_loaded: 1 });
    expect((await offersOf(big.id)).map((offer) => offer.price)).toEqual(['99.00']);
    const confirmed = await database.db.select().from(auditLog).where(eq(auditLog.action, 'import.confirm_removal'));
    expect(confirmed.map((row) => row.entityId)).toEqual([String(again.id)]);
  });

  it('runs two uploads for one supplier one after the other', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => `A${index};Knecht;${index + 1},00`).join('\n');
    const file = iconv.encode(`Код;Бренд;Цена опт\n${rows}\n`, 'win1251');
    const query = { kind: 'price_list', supplier_id: supplier.id, file_name: 'big.csv' };
    const first = await uploaded(query, file);
    const second = await uploaded(query, file);
    const [a, b] = [await finished(first.id), await finished(second.id)];
    expect([a.status, b.status]).toEqual(['done', 'done']);
    expect(Date.parse(b.started_at!)).toBeGreaterThanOrEqual(Date.parse(a.finished_at!));
    expect(await offersOf(supplier.id)).toHaveLength(3000);
  });

  it('uploads cross-references with their own history (kind cross_references, no supplier)', async () => {
    const queued = await uploaded(
      { kind: 'cross_references', file_name: 'кроссы.csv' },
      Buffer.from('Knecht;OC 90;Mahle;OC 90;аналог\nKnecht;;Mahle;X;\n'),
    );
    expect(await finished(queued.id)).toMatchObject({
      status: 'done',
      supplier_id: null,
      rows_read: 2,
      rows_refused: 1,
    });
    const list = await callAdmin(app, 'import-list', { cookie: owner, body: { kind: 'cross_references' } });
    expect((list.json() as { data: Paginated<SupplierImport> }).data.data.map((row) => row.id)).toEqual([queued.id]);
  });

  it('refuses a content editor (403) and leaves the managers in', async () => {
    const editor = await staffCookieFor(database.db, (await createTestStaff(database.db, 'content_editor')).member.id);
    const refused = await upload({ kind: 'cross_references', file_name: 'a.csv' }, Buffer.from('a;b;c;d\n'), editor);
    expect(refused.statusCode).toBe(403);
    const manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
    const list = await callAdmin(app, 'supplier-admin-list', { cookie: manager, body: {} });
    expect(list.statusCode).toBe(200);
  });
});
