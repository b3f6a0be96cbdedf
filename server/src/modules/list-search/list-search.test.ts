import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_SEARCH_EMPTY_MESSAGE,
  LIST_SEARCH_MAX_LINES,
  listTooLongMessage,
  normalizeBrand,
  shopEndpoints,
  type ListSearchLine,
  type ListSearchResult,
  type SearchResult,
} from '@detal/contract';
import { eq } from 'drizzle-orm';
import { loadAdminCommands } from '../../cli/admin.ts';
import type { Database } from '../../db/index.ts';
import { brandAliases, clients } from '../../db/schema/index.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, registerClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { buildXlsx } from '../../../test/fixtures/import-files.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { LIST_FILE_UNREADABLE_MESSAGE } from './read-list-file.ts';
import { LIST_EMPTY_MESSAGE } from './service.ts';

/*
 * products-list-search through the real app: lines read against the shop's brands, each line's offers as
 * products-search gives them to the same caller (its pricing group included), refusals in the contract's shape.
 */

let database: Database;
let app: FastifyInstance;
let workDir: string;
const offer: Record<string, number> = {};
/** Stores the ids of offers inserted in order under `names`. */
const remember = (names: readonly string[], ids: readonly number[]) =>
  names.forEach((name, index) => {
    offer[name] = ids[index]!;
  });

const commands = await loadAdminCommands();
const admin = (...argv: string[]) => runAdminInProcess(database, commands, argv);

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'detal-list-search-'));
  database = await createTestDatabase();
  const { db } = database;
  const knecht = await insertBrand(db, 'KNECHT');
  const mahle = await insertBrand(db, 'MAHLE');
  const mann = await insertBrand(db, 'MANN-FILTER');
  const bosch = await insertBrand(db, 'BOSCH');
  const febi = await insertBrand(db, 'FEBI BILSTEIN');
  await db.insert(brandAliases).values([{ aliasNormalized: normalizeBrand('MANN'), brandId: mann }]);
  const north = await insertSupplier(db, 'ООО Север', { displayName: 'Склад Север' });
  const south = await insertSupplier(db, 'ООО Юг', { displayName: 'Склад Юг' });
  remember(
    ['knechtCheap', 'knechtFast'],
    await insertOffers(db, knecht, north, [
      { article: 'OC 90', description: 'Фильтр масляный', price: '505.00', quantity: 3, deliveryDays: 5 },
      { article: 'OC 90', description: 'Фильтр масляный', price: '620.00', quantity: 7, deliveryDays: 1 },
    ]),
  );
  remember(
    ['mahle'],
    await insertOffers(db, mahle, south, [
      { article: 'OC90', description: 'Фильтр масляный', price: '482.00', quantity: 5, deliveryDays: 3 },
    ]),
  );
  remember(
    ['mann'],
    await insertOffers(db, mann, south, [
      { article: 'W 712/75', description: 'Фильтр масляный', price: '469.00', quantity: 4, deliveryDays: 6 },
    ]),
  );
  remember(
    ['bosch'],
    await insertOffers(db, bosch, north, [
      { article: '0 986 452 041', description: 'Фильтр масляный', price: '700.00', quantity: 10, deliveryDays: 2 },
    ]),
  );
  remember(
    ['febi'],
    await insertOffers(db, febi, north, [
      { article: '22 105', description: 'Втулка', price: '150.00', quantity: 10, deliveryDays: 2 },
    ]),
  );
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(workDir, { recursive: true, force: true });
});

async function listSearch(body: object, token: string | null = null): Promise<ListSearchResult> {
  const response = await callShop(app, 'products-list-search', { body, token });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = shopEndpoints['products-list-search'].response.parse(response.json());
  return parsed.data.result_list_search;
}

const summary = (line: ListSearchLine) => ({
  article: line.article,
  brand: line.brand_name,
  quantity: line.quantity,
  status: line.status,
  chosen: line.chosen_brand,
  brands: line.brands.map((brand) => brand.brand_name),
});

describe('products-list-search', () => {
  it('reads articles, brands with spaces and hyphens, quantities and separators', async () => {
    const result = await listSearch({
      text: [
        'OC 90 KNECHT 2',
        '0986452041',
        'W 712/75 MANN-FILTER',
        'oc90;mahle;4',
        '22 105 febi bilstein 3',
        'W712/75\tmann\t2,00',
        '',
        '0986452041 2 шт',
      ].join('\n'),
    });
    expect(result.lines.map(summary)).toEqual([
      { article: 'OC 90', brand: 'KNECHT', quantity: 2, status: 'found', chosen: 'KNECHT', brands: ['KNECHT'] },
      { article: '0986452041', brand: null, quantity: 1, status: 'found', chosen: 'BOSCH', brands: ['BOSCH'] },
      {
        article: 'W 712/75',
        brand: 'MANN-FILTER',
        quantity: 1,
        status: 'found',
        chosen: 'MANN-FILTER',
        brands: ['MANN-FILTER'],
      },
      { article: 'oc90', brand: 'MAHLE', quantity: 4, status: 'found', chosen: 'MAHLE', brands: ['MAHLE'] },
      {
        article: '22 105',
        brand: 'FEBI BILSTEIN',
        quantity: 3,
        status: 'found',
        chosen: 'FEBI BILSTEIN',
        brands: ['FEBI BILSTEIN'],
      },
      // Found through the brand's alias.
      {
        article: 'W712/75',
        brand: 'MANN-FILTER',
        quantity: 2,
        status: 'found',
        chosen: 'MANN-FILTER',
        brands: ['MANN-FILTER'],
      },
      { article: '0986452041', brand: null, quantity: 2, status: 'found', chosen: 'BOSCH', brands: ['BOSCH'] },
    ]);
    // Line numbers are the text's, blank lines counted.
    expect(result.lines.map((line) => line.line)).toEqual([1, 2, 3, 4, 5, 6, 8]);
  });

  it('reads a trailing number as part of the article when only that is found ("OC 90" is OC90)', async () => {
    const result = await listSearch({ text: 'OC 90\n22 105' });
    expect(result.lines.map(summary)).toEqual([
      { article: 'OC 90', brand: null, quantity: 1, status: 'found', chosen: null, brands: ['KNECHT', 'MAHLE'] },
      {
        article: '22 105',
        brand: null,
        quantity: 1,
        status: 'found',
        chosen: 'FEBI BILSTEIN',
        brands: ['FEBI BILSTEIN'],
      },
    ]);
  });

  it('offers every brand for a pick when several have the article, best offer first by the sort', async () => {
    const byPrice = await listSearch({ text: 'OC90 3', sort: 'price' });
    const [line] = byPrice.lines;
    expect(line!.chosen_brand).toBeNull();
    expect(line!.brands.map((brand) => [brand.brand_name, brand.offers.map((item) => item.id)])).toEqual([
      ['KNECHT', [offer.knechtCheap, offer.knechtFast]],
      ['MAHLE', [offer.mahle]],
    ]);
    const byDelivery = await listSearch({ text: 'OC90 3', sort: 'delivery' });
    expect(byDelivery.sort).toBe('delivery');
    expect(byDelivery.lines[0]!.brands[0]!.offers.map((item) => item.id)).toEqual([
      offer.knechtFast,
      offer.knechtCheap,
    ]);
  });

  it('puts first the offers whose stock covers the quantity asked, then a row copied from Excel (issue 26)', async () => {
    // KNECHT's cheap offer has 3 in stock: for 5 pieces the best is the one that has them all, by price or not.
    const result = await listSearch({ text: 'OC 90 KNECHT 5\nOC 90 KNECHT 3\n0986452041\t\tBOSCH\t2', sort: 'price' });
    expect(result.lines[0]!.brands[0]!.offers.map((item) => item.id)).toEqual([offer.knechtFast, offer.knechtCheap]);
    expect(result.lines[1]!.brands[0]!.offers.map((item) => item.id)).toEqual([offer.knechtCheap, offer.knechtFast]);
    expect(summary(result.lines[2]!)).toEqual({
      article: '0986452041',
      brand: 'BOSCH',
      quantity: 2,
      status: 'found',
      chosen: 'BOSCH',
      brands: ['BOSCH'],
    });
  });

  it('lists the lines not found and the ones it cannot read, with the reason', async () => {
    const result = await listSearch({ text: 'NOPE-123 2\nOC 90 KNECHT 1,5\nOC90 UNKNOWNBRAND;x;0' });
    expect(result.lines.map((line) => [line.status, line.article, line.quantity, line.message])).toEqual([
      ['not_found', 'NOPE-123', 2, 'Не найден'],
      ['invalid', 'OC 90 KNECHT', 1, 'Количество должно быть целым числом: «1,5»'],
      ['invalid', 'OC90 UNKNOWNBRAND', 1, 'Количество должно быть не меньше 1'],
    ]);
  });

  it('offers the brands that have the article when the brand named has not', async () => {
    const result = await listSearch({ text: 'OC90;BOSCH;1' });
    const [line] = result.lines;
    expect(summary(line!)).toEqual({
      article: 'OC90',
      brand: 'BOSCH',
      quantity: 1,
      status: 'found',
      chosen: null,
      brands: ['KNECHT', 'MAHLE'],
    });
    expect(line!.message).toBe('Бренд «BOSCH» для этого артикула не найден: выберите из найденных');
  });

  it("prices every offer as products-search does for the same caller, the client's group included", async () => {
    const profile = path.join(workDir, 'wholesale.json');
    await writeFile(profile, JSON.stringify({ group: 'Опт', base_markup: 5, rounding: 'rouble', min_margin: 1 }));
    expect((await admin('pricing-set', '--file', profile)).code).toBe(0);
    const client = await registerClient(app);
    const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.email, client.email));
    expect((await admin('client-group', '--client', String(row!.id), '--group', 'Опт')).code).toBe(0);

    const priceOf = async (token: string | null) => {
      const list = await listSearch({ text: 'W 712/75 MANN-FILTER' }, token);
      const searched = await callShop(app, 'products-search', {
        body: { article: 'W 712/75', brand_name: 'MANN-FILTER', analogs: false },
        token,
      });
      const single = (searched.json() as { data: { result_products_search: SearchResult } }).data
        .result_products_search;
      return { list: list.lines[0]!.brands[0]!.offers[0]!.price, single: single.items[0]!.price };
    };
    const anonymous = await priceOf(null);
    const wholesale = await priceOf(client.token);
    expect(anonymous.list).toBe(anonymous.single);
    expect(wholesale.list).toBe(wholesale.single);
    // The group did change the price: the test would not tell a group ignored otherwise.
    expect(wholesale.list).not.toBe(anonymous.list);
  });

  it('reads a CSV file (Windows-1251, semicolons, a header row) and an XLSX file', async () => {
    const csv = iconv.encode('Артикул;Бренд;Кол-во\r\nOC 90;KNECHT;2\r\nW 712/75;;3\r\n', 'win1251');
    const result = await listSearch({ file: { name: 'list.csv', content_base64: csv.toString('base64') } });
    expect(result.lines.map(summary)).toEqual([
      { article: 'OC 90', brand: 'KNECHT', quantity: 2, status: 'found', chosen: 'KNECHT', brands: ['KNECHT'] },
      {
        article: 'W 712/75',
        brand: null,
        quantity: 3,
        status: 'found',
        chosen: 'MANN-FILTER',
        brands: ['MANN-FILTER'],
      },
    ]);
    const xlsx = buildXlsx([
      ['Артикул', 'Бренд', 'Количество'],
      ['OC 90', 'MAHLE', 4],
      ['0986452041', null, 1],
    ]);
    const fromSheet = await listSearch({ file: { name: 'list.xlsx', content_base64: xlsx.toString('base64') } });
    expect(fromSheet.lines.map((line) => [line.line, line.article, line.chosen_brand, line.quantity])).toEqual([
      [2, 'OC 90', 'MAHLE', 4],
      [3, '0986452041', 'BOSCH', 1],
    ]);
  });

  it(`refuses more than ${LIST_SEARCH_MAX_LINES} lines, an empty list and a broken file, in the contract's shape`, async () => {
    const lines = Array.from({ length: LIST_SEARCH_MAX_LINES + 1 }, (_, index) => `ART${index} 1`).join('\n');
    const tooLong = await callShop(app, 'products-list-search', { body: { text: lines } });
    expect(tooLong.statusCode).toBe(422);
    const message = listTooLongMessage(LIST_SEARCH_MAX_LINES + 1);
    expect(tooLong.json()).toEqual({ message, error: { text: [message] } });
    expect(message).toBe('В списке 201 строка: за один раз можно искать не больше 200. Разделите список на части');

    const empty = await callShop(app, 'products-list-search', { body: { text: '  \n ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toEqual({ text: [LIST_SEARCH_EMPTY_MESSAGE] });
    const onlyHeader = await callShop(app, 'products-list-search', { body: { text: 'Артикул;Бренд;Количество' } });
    expect(onlyHeader.json()).toEqual({ message: LIST_EMPTY_MESSAGE, error: { text: [LIST_EMPTY_MESSAGE] } });

    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
    const broken = await callShop(app, 'products-list-search', {
      body: { file: { name: 'x.xlsx', content_base64: zip.toString('base64') } },
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({
      message: LIST_FILE_UNREADABLE_MESSAGE,
      error: { file: [LIST_FILE_UNREADABLE_MESSAGE] },
    });
    const badSort = await callShop(app, 'products-list-search', { body: { text: 'OC90', sort: 'name' } });
    expect(badSort.statusCode).toBe(422);
  });
});
