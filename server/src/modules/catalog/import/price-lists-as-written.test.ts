import { asc, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/index.ts';
import { brands, offers, suppliers } from '../../../db/schema/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { buildXlsx, createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';
import type { RejectedRow } from './import-events.ts';
import { MassRemoval, importPriceList, type PriceListImportOptions } from './price-list-import.ts';

/*
 * Price lists as Russian suppliers write them (issue 26 point 5): a Windows-1251 CSV with `;` and a title block
 * above the header, an XLSX whose title is merged across the sheet and whose header cells are merged over two rows,
 * stock as «есть», «<5», «много», delivery as «3-5», «5 дн.»; and a list that would remove most of the offers.
 */

let database: Database;
let folder: TempFolder;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await createTempFolder();
});

afterAll(async () => {
  await database?.close();
  await folder?.remove();
});

async function runImport(options: Omit<PriceListImportOptions, 'onReject'>) {
  const rejected: RejectedRow[] = [];
  const summary = await importPriceList(database, { ...options, onReject: (row) => rejected.push(row) });
  return { summary, rejected: rejected.map(({ line, reason }) => ({ line, reason })) };
}

async function offersOf(supplierName: string) {
  return database.db
    .select({
      article: offers.article,
      brand: brands.name,
      price: offers.price,
      quantity: offers.quantity,
      deliveryDays: offers.deliveryDays,
    })
    .from(offers)
    .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(suppliers.name, supplierName))
    .orderBy(asc(offers.articleNormalized));
}

/** As a supplier's 1C exports it: a title block, an empty line, the header, rows with words and ranges. */
const titledCsv = iconv.encode(
  [
    'ООО «АвтоСнаб»;;;;;',
    'Прайс-лист на 25.11.2026;;;;;',
    'Тел. +7 (495) 123-45-67, opt@avtosnab.ru;;;;;',
    ';;;;;',
    'Артикул;Производитель;Наименование;Цена, руб.;Наличие;Срок поставки',
    'OC 90;KNECHT;Фильтр масляный;412,00;есть;3-5',
    'W 712/75;MANN-FILTER;Фильтр масляный;389,50;<5;3–5 дн.',
    '0 451 103 316;BOSCH;Фильтр масляный;455,00;много;5 дн.',
    'GDB1330;TRW;Колодки передние;2 150,00;нет;5 days',
    'K 1234;KNECHT;Фильтр;1 000,00;уточняйте;2',
    '',
  ].join('\r\n'),
  'win1251',
);

describe('price lists as suppliers write them', () => {
  it('reads a Windows-1251 CSV with a title block: the header is found, words and ranges by the default rules', async () => {
    const file = await folder.write('avtosnab.csv', titledCsv);
    const { summary, rejected } = await runImport({ supplierName: 'АвтоСнаб', file });
    expect(rejected).toEqual([{ line: 10, reason: 'остаток не распознан: «уточняйте»' }]);
    expect(summary).toMatchObject({ read: 5, loaded: 4, rejected: 1 });
    expect(await offersOf('АвтоСнаб')).toEqual([
      { article: '0 451 103 316', brand: 'BOSCH', price: '455.00', quantity: 10, deliveryDays: 5 },
      { article: 'GDB1330', brand: 'TRW', price: '2150.00', quantity: 0, deliveryDays: 5 },
      { article: 'OC 90', brand: 'KNECHT', price: '412.00', quantity: 1, deliveryDays: 5 },
      { article: 'W 712/75', brand: 'MANN-FILTER', price: '389.50', quantity: 1, deliveryDays: 5 },
    ]);
  });

  it("reads the words and ranges by the supplier's own rules", async () => {
    const file = await folder.write('avtosnab-rules.csv', titledCsv);
    await runImport({
      supplierName: 'АвтоСнаб правила',
      file,
      rules: { stockMorePlusOne: false, stockLess: 'most', stockPresent: 3, stockPlenty: 50, deliveryRange: 'min' },
    });
    expect(
      (await offersOf('АвтоСнаб правила')).map(({ article, quantity, deliveryDays }) => [
        article,
        quantity,
        deliveryDays,
      ]),
    ).toEqual([
      ['0 451 103 316', 50, 5],
      ['GDB1330', 0, 5],
      ['OC 90', 3, 3],
      ['W 712/75', 4, 3],
    ]);
  });

  it('reads an XLSX with a merged title and a header merged over two rows', async () => {
    const xlsx = buildXlsx(
      [
        ['Прайс-лист ООО «Деталь-Опт» на 25.11.2026', null, null, null, null, null],
        ['Цены в рублях с НДС', null, null, null, null, null],
        ['Артикул', 'Бренд', 'Наименование', 'Цена', 'Склад', null],
        [null, null, null, null, 'Кол-во', 'Срок'],
        ['OC 90', 'KNECHT', 'Фильтр масляный', 412, '>10', '3-5'],
        ['W 712/75', 'MANN-FILTER', 'Фильтр масляный', { stored: '389.49999999999994' }, 'есть', '5 дн.'],
      ],
      [1, 2, 4, 5, 6, 7],
      ['A1:F1', 'A2:F2', 'A4:A5', 'B4:B5', 'C4:C5', 'D4:D5', 'E4:F4'],
    );
    const file = await folder.write('detal-opt.xlsx', xlsx);
    const { summary, rejected } = await runImport({ supplierName: 'Деталь-Опт', file });
    expect(rejected).toEqual([]);
    expect(summary).toMatchObject({ read: 2, loaded: 2 });
    expect(await offersOf('Деталь-Опт')).toEqual([
      { article: 'OC 90', brand: 'KNECHT', price: '412.00', quantity: 10, deliveryDays: 5 },
      { article: 'W 712/75', brand: 'MANN-FILTER', price: '389.50', quantity: 1, deliveryDays: 5 },
    ]);
  });

  it('takes the header from the row the profile names, and says in Russian when no header is found', async () => {
    const file = await folder.write(
      'named-row.csv',
      'Прайс;;\nАртикул;Бренд;Цена\n;;\nКод;Марка;Стоимость\nOC 90;KNECHT;412\n',
    );
    const { summary } = await runImport({
      supplierName: 'Строка заголовка',
      file,
      headerLine: 4,
      headers: { article: 'Код', brand: 'Марка' },
    });
    expect(summary).toMatchObject({ read: 1, loaded: 1 });

    const noHeader = await folder.write('no-header.csv', 'Прайс на сегодня;;\nOC 90;KNECHT;412\n');
    await expect(runImport({ supplierName: 'Без заголовка', file: noHeader })).rejects.toThrow(
      'Не найдена строка заголовка: в первых 30 строках нет строки с названиями столбцов «Артикул», «Бренд» и «Цена»',
    );
  });
});

describe('a list that would remove most of the offers', () => {
  const supplierName = 'Поставщик 424';
  const fullList = [
    'Артикул;Бренд;Цена',
    ...Array.from({ length: 424 }, (_, index) => `P-${index + 1};KNECHT;${100 + index}`),
  ].join('\n');

  it('stops before changing anything when told to guard, and replaces the list when not', async () => {
    await runImport({ supplierName, file: await folder.write('full.csv', fullList) });
    expect(await offersOf(supplierName)).toHaveLength(424);

    const oneRow = await folder.write('one-row.csv', 'Артикул;Бренд;Цена\nP-1;KNECHT;99\n');
    const refusal = await runImport({ supplierName, file: oneRow, guardRemoval: true }).catch((error) => error);
    expect(refusal).toBeInstanceOf(MassRemoval);
    expect((refusal as MassRemoval).counts).toEqual({ offers: 424, removed: 423, loaded: 1 });
    expect((refusal as MassRemoval).message).toBe(
      'Новый прайс убрал бы 423 из 424 предложений поставщика (в нём 1 строка): больше половины. ' +
        'Прайс не загружен, предложения не изменены',
    );
    const kept = await offersOf(supplierName);
    expect(kept).toHaveLength(424);
    expect(kept.find((offer) => offer.article === 'P-1')?.price).toBe('100.00');

    // Half of the list, or a list that changes prices only, is no mass removal.
    const half = [
      'Артикул;Бренд;Цена',
      ...Array.from({ length: 212 }, (_, index) => `P-${index + 1};KNECHT;${200 + index}`),
    ];
    expect(
      (await runImport({ supplierName, file: await folder.write('half.csv', half.join('\n')), guardRemoval: true }))
        .summary,
    ).toMatchObject({ deleted: 212, loaded: 212 });

    const { summary } = await runImport({ supplierName, file: oneRow });
    expect(summary).toMatchObject({ loaded: 1, deleted: 211 });
    expect(await offersOf(supplierName)).toHaveLength(1);
  });
});
