import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, normalizeBrand, shopEndpoints, type SearchItem } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import { basketItems, baskets, brandAliases, brands, offers, suppliers } from '../../../db/schema/index.ts';
import { buildTestApp } from '../../../../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../../../../test/helpers/db.ts';
import { insertBrand } from '../../../../test/fixtures/offers.ts';
import type { RejectedRow } from './import-events.ts';
import { importPriceList, type PriceListImportOptions } from './price-list-import.ts';
import { buildXlsx, createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';
import { supplierDisplayName } from '../../pricing/client-pricing.ts';

let database: Database;
let app: FastifyInstance;
let folder: TempFolder;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await createTempFolder();
  ({ app } = await buildTestApp(database, { logLevel: 'silent' }));
  // A brand the shop knows, with an alias: the files below spell it 'Mann' and 'MANN FILTER'.
  const mann = await insertBrand(database.db, 'MANN-FILTER');
  await database.db.insert(brandAliases).values([
    { aliasNormalized: normalizeBrand('MANN-FILTER'), brandId: mann },
    { aliasNormalized: normalizeBrand('Mann'), brandId: mann },
  ]);
  await database.db.insert(suppliers).values({ name: 'Склад Москва', defaultDeliveryDays: 2 });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await folder?.remove();
});

/** Imports a file, collecting the refused rows. */
async function runImport(options: Omit<PriceListImportOptions, 'onReject'>) {
  const rejected: RejectedRow[] = [];
  const summary = await importPriceList(database, { ...options, onReject: (row) => rejected.push(row) });
  return { summary, rejected: rejected.map(({ line, reason }) => ({ line, reason })) };
}

/** What a client sees: the offers products-search answers for an article of a brand. */
async function searchOffers(article: string, brandName: string): Promise<SearchItem[]> {
  const response = await app.inject({
    method: 'POST',
    url: `${SHOP_API_PREFIX}products-search`,
    payload: { article, brand_name: brandName, analogs: false },
  });
  expect(response.statusCode).toBe(200);
  return shopEndpoints['products-search'].response.parse(response.json()).data.result_products_search.items;
}

/** The name clients see for a supplier (its display name): search answers carry it, never the real one. */
async function shownAs(supplierName: string): Promise<string> {
  const [row] = await database.db
    .select({ shown: supplierDisplayName() })
    .from(suppliers)
    .where(eq(suppliers.name, supplierName));
  if (!row) throw new Error(`No supplier ${supplierName}`);
  return row.shown;
}

/** A supplier's offers as stored, by normalized article. */
async function offersOf(supplierName: string) {
  return database.db
    .select({
      id: offers.id,
      article: offers.article,
      articleNormalized: offers.articleNormalized,
      brand: brands.name,
      description: offers.description,
      price: offers.price,
      quantity: offers.quantity,
      deliveryDays: offers.deliveryDays,
      weight: offers.weight,
    })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(suppliers.name, supplierName))
    .orderBy(asc(offers.articleNormalized), asc(brands.name));
}

const utf8Csv = [
  'Артикул;Производитель;Наименование;Цена, руб.;Остаток;Срок поставки;Вес, кг',
  'OC 90;Knecht;Фильтр масляный;1 234,50;12;1;0,25',
  'W 712/75;Mann;Фильтр масляный «Стандарт»;812.5;>10;;0.3',
  ';Bosch;Без артикула;100;1;1;',
  '0 986 452 041;Bosch;Фильтр Bosch;дорого;1;1;',
  'GDB1330;TRW;"Колодки; передние";-10;1;1;',
  'GDB1330;TRW;"Колодки; передние";2500;4;3;1,2',
  // A tab and a backslash in a value: COPY's text format must escape them.
  'C 30 005;MANN FILTER;"Воздушный\tфильтр \\ C30";1234.5;0;5;',
  '',
].join('\n');

describe('importing a price list', () => {
  it('loads the good rows of a UTF-8 file with a header, creates unknown brands and reports the bad rows by line', async () => {
    const file = await folder.write('moscow.csv', utf8Csv);
    const { summary, rejected } = await runImport({ supplierName: 'Склад Москва', file });

    expect(rejected).toEqual([
      { line: 4, reason: 'нет артикула' },
      { line: 5, reason: 'цена не число: «дорого»' },
      { line: 6, reason: 'цена отрицательная: «-10»' },
    ]);
    expect(summary).toMatchObject({
      supplier: 'Склад Москва',
      supplierCreated: false,
      read: 7,
      loaded: 4,
      rejected: 3,
      inserted: 4,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      // Knecht and TRW are new; Mann and MANN FILTER are aliases of MANN-FILTER; Bosch only had refused rows.
      brandsCreated: 2,
    });
    expect(await offersOf('Склад Москва')).toEqual([
      {
        id: expect.any(Number),
        article: 'C 30 005',
        articleNormalized: 'C30005',
        brand: 'MANN-FILTER',
        description: 'Воздушный\tфильтр \\ C30',
        price: '1234.50',
        quantity: 0,
        deliveryDays: 5,
        weight: null,
      },
      {
        id: expect.any(Number),
        article: 'GDB1330',
        articleNormalized: 'GDB1330',
        brand: 'TRW',
        description: 'Колодки; передние',
        price: '2500.00',
        quantity: 4,
        deliveryDays: 3,
        weight: '1.200',
      },
      {
        id: expect.any(Number),
        article: 'OC 90',
        articleNormalized: 'OC90',
        brand: 'Knecht',
        description: 'Фильтр масляный',
        price: '1234.50',
        quantity: 12,
        deliveryDays: 1,
        weight: '0.250',
      },
      {
        id: expect.any(Number),
        article: 'W 712/75',
        articleNormalized: 'W71275',
        brand: 'MANN-FILTER',
        description: 'Фильтр масляный «Стандарт»',
        price: '812.50',
        quantity: 10,
        // No delivery in the row: the supplier's default.
        deliveryDays: 2,
        weight: '0.300',
      },
    ]);
    // Created brands are found through their own alias, in any written form.
    const [oc90] = await searchOffers('ос-90', 'KNECHT');
    expect(oc90).toMatchObject({
      article: 'OC 90',
      brand_name: 'Knecht',
      supplier_name: await shownAs('Склад Москва'),
      price: 1234.5,
      group: 'requested',
    });
    expect(await searchOffers('W71275', 'mann filter')).toHaveLength(1);
  });

  it('reads a Windows-1251 file with "," and --columns, no header; a new supplier is created', async () => {
    const text = ['OC 90,KNECHT,"Фильтр, масляный",99.9,3,4,', 'LX 1006/2D,Mahle,Воздушный фильтр,"1 200,00",1,,'].join(
      '\r\n',
    );
    const file = await folder.write('spb.csv', iconv.encode(text, 'win1251'));
    const { summary, rejected } = await runImport({
      supplierName: 'Склад Петербург',
      file,
      encoding: 'cp1251',
      delimiter: ',',
      defaultDeliveryDays: 6,
      columns: 'article,brand,description,price,quantity,delivery,weight',
    });
    expect(rejected).toEqual([]);
    expect(summary).toMatchObject({ supplierCreated: true, read: 2, loaded: 2, inserted: 2, brandsCreated: 1 });
    expect(
      (await offersOf('Склад Петербург')).map(({ article, brand, description, price, deliveryDays }) => ({
        article,
        brand,
        description,
        price,
        deliveryDays,
      })),
    ).toEqual([
      { article: 'LX 1006/2D', brand: 'Mahle', description: 'Воздушный фильтр', price: '1200.00', deliveryDays: 6 },
      { article: 'OC 90', brand: 'Knecht', description: 'Фильтр, масляный', price: '99.90', deliveryDays: 4 },
    ]);
    // Two suppliers now sell OC 90 of Knecht; the search shows both.
    expect((await searchOffers('OC90', 'Knecht')).map((item) => [item.supplier_name, item.price])).toEqual([
      [await shownAs('Склад Петербург'), 99.9],
      [await shownAs('Склад Москва'), 1234.5],
    ]);
  });

  it('skips a header row when --columns is given, and reads tab-separated files with the delimiter detected', async () => {
    const text = 'brand\tarticle\tprice\nTRW\tGDB 1330\t10\n';
    const file = await folder.write('tabs.tsv', text);
    const { summary, rejected } = await runImport({ supplierName: 'Табы', file, columns: 'brand,article,price' });
    expect(rejected).toEqual([]);
    expect(summary).toMatchObject({ read: 1, loaded: 1 });
    expect(await offersOf('Табы')).toMatchObject([{ article: 'GDB 1330', brand: 'TRW', price: '10.00', quantity: 0 }]);
  });

  it('loads an XLSX price list, reporting its bad rows by sheet row number', async () => {
    const file = await folder.write(
      'price.xlsx',
      buildXlsx([
        ['Артикул', 'Бренд', 'Описание', 'Цена', 'Количество', 'Срок'],
        ['OC 90', 'KNECHT', 'Фильтр', { stored: '99.990000000000009' }, 5, 1],
        [null, 'KNECHT', 'Нет артикула', 10, 1, 1],
        ['HU 719/7 X', 'MANN', { inline: 'Фильтр топливный' }, 1500, 2, null],
        ['X1', 'KNECHT', 'Цена словом', 'бесплатно', 2, 1],
      ]),
    );
    const { summary, rejected } = await runImport({ supplierName: 'Эксель', file });
    expect(rejected).toEqual([
      { line: 3, reason: 'нет артикула' },
      { line: 5, reason: 'цена не число: «бесплатно»' },
    ]);
    expect(summary).toMatchObject({ read: 4, loaded: 2, rejected: 2 });
    expect(await offersOf('Эксель')).toMatchObject([
      { article: 'HU 719/7 X', brand: 'MANN-FILTER', description: 'Фильтр топливный', price: '1500.00', quantity: 2 },
      { article: 'OC 90', brand: 'Knecht', price: '99.99', quantity: 5, deliveryDays: 1 },
    ]);
  });

  it('refuses a later row of a part already in the file, also when the brand is spelled through an alias', async () => {
    const text = 'article;brand;price\nOC90;Knecht;1\noc-90;KNECHT;2\nW71275;Mann;3\nW 712/75;MANN-FILTER;4\n';
    const file = await folder.write('duplicates.csv', text);
    const { summary, rejected } = await runImport({ supplierName: 'Дубли', file });
    expect(rejected).toEqual([
      { line: 3, reason: 'повтор строки 2 (тот же бренд и артикул)' },
      { line: 5, reason: 'повтор строки 4 (тот же бренд и артикул)' },
    ]);
    expect(summary).toMatchObject({ read: 4, loaded: 2, rejected: 2 });
    expect((await offersOf('Дубли')).map((row) => [row.article, row.price])).toEqual([
      ['OC90', '1.00'],
      ['W71275', '3.00'],
    ]);
  });

  it("loads a new supplier's large file in its order: brands first met late, duplicates reported by their lines", async () => {
    // Long enough for the rows of a brand not yet known to be held back and copied after it is created.
    const rows = Array.from({ length: 12_000 }, (_, index) => {
      const brand = index >= 7_000 && index % 2 === 0 ? 'Поздний бренд' : 'Knecht';
      return `LATE${index};${brand};${index + 1},50`;
    });
    rows[7_003] = 'LATE7000;ПОЗДНИЙ БРЕНД;1'; // the part of line 7002, spelled another way
    rows[11_000] = 'late-2;knecht;2'; // the part of line 4, written in another form
    const file = await folder.write('late-brands.csv', `article;brand;price\n${rows.join('\n')}\n`);
    const { summary, rejected } = await runImport({ supplierName: 'Большой новый', file });
    expect(rejected).toEqual([
      { line: 7_005, reason: 'повтор строки 7002 (тот же бренд и артикул)' },
      { line: 11_002, reason: 'повтор строки 4 (тот же бренд и артикул)' },
    ]);
    expect(summary).toMatchObject({ read: 12_000, loaded: 11_998, inserted: 11_998, rejected: 2, brandsCreated: 1 });
    const stored = new Map((await offersOf('Большой новый')).map((row) => [row.article, row]));
    expect(stored.get('LATE2')).toMatchObject({ brand: 'Knecht', price: '3.50' });
    expect(stored.get('LATE7000')).toMatchObject({ brand: 'Поздний бренд', price: '7001.50' });
    expect(stored.get('LATE11999')).toMatchObject({ brand: 'Knecht', price: '12000.50' });
    expect(stored.has('late-2')).toBe(false);
  });

  it('leaves no supplier, offer or brand behind when the import of a new supplier fails while reading', async () => {
    const brandCount = await database.db.select({ count: sql<number>`count(*)::int` }).from(brands);
    // Past the first rows held back: brands are created and rows copied before the failure.
    const rows = Array.from({ length: 6_000 }, (_, index) => `FAIL${index};Бренд сбоя ${index % 3};${index + 1}`);
    const file = await folder.write('new-broken.csv', `article;brand;price\n${rows.join('\n')}\n`);
    await expect(
      importPriceList(database, {
        supplierName: 'Новый со сбоем',
        file,
        progressEvery: 500,
        onProgress: (progress) => {
          if (progress.rowsRead >= 5_500) throw new Error('injected failure after 5500 rows');
        },
      }),
    ).rejects.toThrow('injected failure after 5500 rows');
    expect(await database.db.select().from(suppliers).where(eq(suppliers.name, 'Новый со сбоем'))).toEqual([]);
    expect(await database.db.select({ count: sql<number>`count(*)::int` }).from(brands)).toEqual(brandCount);
    // The session is usable again: the same file loads.
    const { summary } = await runImport({ supplierName: 'Новый со сбоем', file });
    expect(summary).toMatchObject({ loaded: 6_000, inserted: 6_000, supplierCreated: true, brandsCreated: 3 });
  });

  it('stops with a clear error on a file whose first row is not a header when no columns are given', async () => {
    const file = await folder.write('no-header.csv', 'OC90;Knecht;1\n');
    await expect(runImport({ supplierName: 'Без шапки', file })).rejects.toThrow('Не найдена строка заголовка');
    expect(await offersOf('Без шапки')).toEqual([]);
    const empty = await folder.write('empty.csv', '');
    await expect(runImport({ supplierName: 'Без шапки', file: empty })).rejects.toThrow('The file is empty');
  });

  it("never replaces a supplier's list with an empty one: a file without a valid row changes nothing", async () => {
    const before = await offersOf('Склад Москва');
    expect(before.length).toBeGreaterThan(0);
    const onlyBad = await folder.write('only-bad.csv', 'article;brand;price\nOC90;Knecht;дорого\n');
    await expect(runImport({ supplierName: 'Склад Москва', file: onlyBad })).rejects.toThrow(
      'The file has no valid row; the offers of "Склад Москва" are left as they were',
    );
    const headerOnly = await folder.write('header-only.csv', 'article;brand;price\n');
    await expect(runImport({ supplierName: 'Склад Москва', file: headerOnly })).rejects.toThrow(
      'The file has no valid row',
    );
    expect(await offersOf('Склад Москва')).toEqual(before);
  });
});

describe('importing again', () => {
  const supplier = 'Повторный';
  const first =
    'article;brand;price;quantity\nOC 90;Knecht;100;1\nW 712/75;Mann;200;2\nGDB1330;TRW;300;3\nC30005;Mann;400;4\n';
  // OC 90 is written another way and costs more, GDB1330 is gone, C30005 is unchanged, LX 1006/2D is new.
  const second =
    'article;brand;price;quantity\nOC-90;KNECHT;110,50;1\nW71275;MANN-FILTER;200;5\nC30005;Mann;400;4\nLX 1006/2D;Mahle;50;9\n';

  it("replaces the supplier's list, keeping the ids of offers that stay, so that baskets keep them", async () => {
    await runImport({ supplierName: supplier, file: await folder.write('first.csv', first) });
    const before = new Map((await offersOf(supplier)).map((row) => [row.articleNormalized, row.id]));
    const [basket] = await database.db
      .insert(baskets)
      .values({ key: 'k'.repeat(32) })
      .returning({ id: baskets.id });
    await database.db.insert(basketItems).values([
      { basketId: basket!.id, offerId: before.get('OC90')!, quantity: 1, priceSeen: '100.00' },
      { basketId: basket!.id, offerId: before.get('GDB1330')!, quantity: 1, priceSeen: '300.00' },
    ]);
    const otherSuppliers = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(offers)
      .where(sql`${offers.supplierId} <> (select id from suppliers where name = ${supplier})`);

    const { summary } = await runImport({ supplierName: supplier, file: await folder.write('second.csv', second) });
    expect(summary).toMatchObject({ read: 4, loaded: 4, inserted: 1, updated: 2, unchanged: 1, deleted: 1 });

    const after = await offersOf(supplier);
    expect(after.map(({ id, article, brand, price, quantity }) => ({ id, article, brand, price, quantity }))).toEqual([
      { id: before.get('C30005'), article: 'C30005', brand: 'MANN-FILTER', price: '400.00', quantity: 4 },
      { id: expect.any(Number), article: 'LX 1006/2D', brand: 'Mahle', price: '50.00', quantity: 9 },
      { id: before.get('OC90'), article: 'OC-90', brand: 'Knecht', price: '110.50', quantity: 1 },
      { id: before.get('W71275'), article: 'W71275', brand: 'MANN-FILTER', price: '200.00', quantity: 5 },
    ]);
    expect([...before.values()]).not.toContain(after[1]!.id);
    // The basket line of the offer that stayed is still there; the one of the deleted offer went with it.
    const lines = await database.db
      .select({ offerId: basketItems.offerId })
      .from(basketItems)
      .where(eq(basketItems.basketId, basket!.id));
    expect(lines).toEqual([{ offerId: before.get('OC90') }]);
    const shown = await shownAs(supplier);
    expect((await searchOffers('GDB1330', 'TRW')).map((item) => item.supplier_name)).not.toContain(shown);
    expect((await searchOffers('oc 90', 'knecht')).find((item) => item.supplier_name === shown)).toMatchObject({
      id: before.get('OC90'),
      price: 110.5,
    });
    // Other suppliers' offers are untouched.
    expect(
      await database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(offers)
        .where(sql`${offers.supplierId} <> (select id from suppliers where name = ${supplier})`),
    ).toEqual(otherSuppliers);
  });

  it('leaves the previous list searchable when the import fails midway while reading', async () => {
    const before = await offersOf(supplier);
    const rows = Array.from({ length: 500 }, (_, index) => `NEW${index};Knecht;${index + 1}`);
    const file = await folder.write('broken.csv', `article;brand;price\n${rows.join('\n')}\n`);
    let seen = 0;
    await expect(
      importPriceList(database, {
        supplierName: supplier,
        file,
        progressEvery: 100,
        onProgress: (progress) => {
          seen = progress.rowsRead;
          if (progress.rowsRead >= 200) throw new Error('injected failure after 200 rows');
        },
      }),
    ).rejects.toThrow('injected failure after 200 rows');
    expect(seen).toBe(200);
    expect(await offersOf(supplier)).toEqual(before);
    const shown = await shownAs(supplier);
    expect((await searchOffers('OC90', 'Knecht')).some((item) => item.supplier_name === shown)).toBe(true);
    expect(await searchOffers('NEW1', 'Knecht')).toEqual([]);
  });

  it('changes nothing when the import fails after every change was made, just before it commits', async () => {
    const before = await offersOf(supplier);
    const brandCount = await database.db.select({ count: sql<number>`count(*)::int` }).from(brands);
    const file = await folder.write(
      'late-failure.csv',
      'article;brand;price\nZZ1;Совсем новый бренд;1\nOC90;Knecht;1\n',
    );
    await expect(
      importPriceList(database, {
        supplierName: supplier,
        file,
        onProgress: (progress) => {
          if (progress.phase === 'committing') throw new Error('injected failure before commit');
        },
      }),
    ).rejects.toThrow('injected failure before commit');
    expect(await offersOf(supplier)).toEqual(before);
    expect(await database.db.select({ count: sql<number>`count(*)::int` }).from(brands)).toEqual(brandCount);
  });

  it('stops when aborted, changing nothing, and a later import runs normally', async () => {
    const before = await offersOf(supplier);
    const file = await folder.write('aborted.csv', 'article;brand;price\nOC90;Knecht;1\n');
    const aborter = new AbortController();
    await expect(
      importPriceList(database, {
        supplierName: supplier,
        file,
        signal: aborter.signal,
        onProgress: (progress) => {
          if (progress.phase === 'replacing') aborter.abort(new Error('stopped by the user'));
        },
      }),
    ).rejects.toThrow('stopped by the user');
    expect(await offersOf(supplier)).toEqual(before);

    const { summary } = await runImport({ supplierName: supplier, file });
    expect(summary).toMatchObject({ loaded: 1, deleted: 3, updated: 1 });
    expect((await offersOf(supplier)).map((row) => [row.id, row.price])).toEqual([[before[2]!.id, '1.00']]);
  });

  // PGlite has one connection, which the import's transaction holds until it commits: a concurrent reader
  // exists only on PostgreSQL.
  if (testDriver === 'postgres') {
    it('lets searches see the old list until the new one commits (PostgreSQL)', async () => {
      const file = await folder.write('concurrent.csv', 'article;brand;price\nOC90;Knecht;777\n');
      let duringImport: SearchItem[] = [];
      await importPriceList(database, {
        supplierName: supplier,
        file,
        onProgress: async (progress) => {
          if (progress.phase === 'committing') duringImport = await searchOffers('OC90', 'Knecht');
        },
      });
      const shown = await shownAs(supplier);
      expect(duringImport.find((item) => item.supplier_name === shown)?.price).toBe(1);
      expect((await searchOffers('OC90', 'Knecht')).find((item) => item.supplier_name === shown)?.price).toBe(777);
    });
  }
});
