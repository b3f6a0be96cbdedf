import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import {
  confirmationFileTemplateSchema,
  orderFileTemplateSchema,
  type ConfirmationFileTemplate,
  type OrderFileTemplateInput,
} from '@detal/contract';
import { buildXlsx } from '../../../../test/fixtures/import-files.ts';
import { readRecordsHere } from '../../catalog/import/record-source.ts';
import {
  ConfirmationFileProblem,
  matchConfirmation,
  readConfirmationFile,
  writeOrderFile,
  type OrderFileLine,
} from './order-file.ts';

/* The supplier's order file from its template, and its confirmation file read back (decision 0050). */

const LINES: OrderFileLine[] = [
  {
    lineId: 11,
    article: 'W 712/75',
    brand: 'MANN-FILTER',
    description: 'Фильтр масляный; «Ёж»',
    quantity: 2,
    priceKopecks: 123456,
  },
  { lineId: 12, article: 'BKR6E', brand: 'NGK', description: 'Свеча зажигания', quantity: 4, priceKopecks: 31000 },
];

const template = (input: Partial<OrderFileTemplateInput>) =>
  orderFileTemplateSchema.parse({
    columns: [
      { field: 'article' },
      { field: 'Бренд' },
      { field: 'description', header: 'Товар' },
      { field: 'quantity' },
      { field: 'price' },
      { field: 'sum' },
      { field: 'order_number' },
    ],
    ...input,
  });

async function rowsOf(bytes: Buffer, options: { format: 'csv' | 'xlsx'; encoding?: 'utf8' | 'cp1251' }) {
  const rows: string[][] = [];
  for await (const batch of readRecordsHere(bytes, { ...options, delimiter: ';' })) {
    rows.push(...batch.records.map((record) => record.fields));
  }
  return rows;
}

describe('the order file', () => {
  it('is an XLSX workbook with the header and the lines, money exact', async () => {
    const file = await writeOrderFile(template({ format: 'xlsx' }), { number: 'ЗП-7' }, LINES);
    expect(file.extension).toBe('xlsx');
    expect(file.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const rows = await rowsOf(file.bytes, { format: 'xlsx' });
    expect(rows[0]).toEqual(['Артикул', 'Бренд', 'Товар', 'Количество', 'Цена', 'Сумма', 'Номер заказа']);
    expect(rows[1]).toEqual(['W 712/75', 'MANN-FILTER', 'Фильтр масляный; «Ёж»', '2', '1234.56', '2469.12', 'ЗП-7']);
    expect(rows[2]).toEqual(['BKR6E', 'NGK', 'Свеча зажигания', '4', '310', '1240', 'ЗП-7']);
  });

  it('is CSV in Windows-1251 with quoting and a decimal comma, without a header when told', async () => {
    const file = await writeOrderFile(
      template({ format: 'csv', encoding: 'cp1251', header_row: false }),
      { number: 'ЗП-7' },
      LINES,
    );
    expect(file.contentType).toBe('text/csv; charset=windows-1251');
    const text = iconv.decode(file.bytes, 'win1251');
    expect(text).toBe(
      'W 712/75;MANN-FILTER;"Фильтр масляный; «Ёж»";2;1234,56;2469,12;ЗП-7\r\n' +
        'BKR6E;NGK;Свеча зажигания;4;310,00;1240,00;ЗП-7\r\n',
    );
    expect(file.bytes.includes(Buffer.from('Фильтр', 'utf8'))).toBe(false);
  });

  it('refuses a template naming a column that does not exist, in Russian', () => {
    const result = orderFileTemplateSchema.safeParse({ columns: [{ field: 'article' }, { field: 'цвет' }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain('В шаблоне заказа нет столбца «цвет»');
    expect(result.error!.issues[0]!.path).toEqual(['columns', 1, 'field']);
    const missing = confirmationFileTemplateSchema.safeParse({ columns: [{ field: 'article' }] });
    expect(missing.error!.issues[0]!.message).toBe('В шаблоне подтверждения нужны столбцы: «Бренд», «Подтверждено»');
  });
});

const CONFIRMATION: ConfirmationFileTemplate = confirmationFileTemplateSchema.parse({
  format: 'csv',
  encoding: 'cp1251',
  columns: [{ field: 'brand' }, { field: 'article' }, { field: 'skip' }, { field: 'confirmed' }, { field: 'reason' }],
});

describe('the confirmation file', () => {
  it('is read by its template and matched to the lines by brand and article', async () => {
    const csv = iconv.encode(
      'Бренд;Артикул;Название;Кол-во;Причина\r\nmann filter;W712/75;Фильтр;1;Нет на складе\r\nNGK;BKR6E;Свеча;4;\r\n;;Итого;5;\r\n',
      'win1251',
    );
    const rows = await readConfirmationFile(CONFIRMATION, csv);
    expect(rows.map((row) => [row.brand, row.article, row.confirmed, row.reason])).toEqual([
      ['mann filter', 'W712/75', 1, 'Нет на складе'],
      ['NGK', 'BKR6E', 4, null],
    ]);
    const answers = matchConfirmation(rows, [
      { lineId: 11, article: 'W 712/75', brand: 'MANN-FILTER', open: 2 },
      { lineId: 12, article: 'BKR6E', brand: 'NGK', open: 4 },
    ]);
    expect(answers).toEqual([
      { lineId: 11, confirmed: 1, refused: 1, priceKopecks: null, reason: 'Нет на складе' },
      { lineId: 12, confirmed: 4, refused: 0, priceKopecks: null, reason: null },
    ]);
  });

  it('reads an XLSX file with prices', async () => {
    const xlsx = buildXlsx([
      ['Артикул', 'Бренд', 'Подтв.', 'Цена'],
      ['BKR6E', 'NGK', 2, '305,50'],
    ]);
    const rows = await readConfirmationFile(
      confirmationFileTemplateSchema.parse({
        columns: [{ field: 'article' }, { field: 'brand' }, { field: 'confirmed' }, { field: 'price' }],
      }),
      xlsx,
    );
    expect(rows).toEqual([
      { line: 2, article: 'BKR6E', brand: 'NGK', confirmed: 2, priceKopecks: 30550, reason: null },
    ]);
  });

  it('refuses unknown articles, listing them, and fractional or over-confirmed quantities', async () => {
    const lines = [{ lineId: 12, article: 'BKR6E', brand: 'NGK', open: 4 }];
    const unknown = await readConfirmationFile(
      CONFIRMATION,
      iconv.encode('h\r\nNGK;BKR6E;;4;\r\nBOSCH;0 986 452 041;;1;\r\nKYB;334812;;1;\r\n', 'win1251'),
    );
    expect(() => matchConfirmation(unknown, lines)).toThrow(
      new ConfirmationFileProblem(
        'В заказе нет артикулов из файла: BOSCH 0 986 452 041, KYB 334812. Файл не принят, ничего не изменено',
      ),
    );
    await expect(
      readConfirmationFile(CONFIRMATION, iconv.encode('h\r\nNGK;BKR6E;;1,5;\r\n', 'win1251')),
    ).rejects.toThrow('строка 2: «Подтверждено» — не целое число («1,5»)');
    const over = await readConfirmationFile(CONFIRMATION, iconv.encode('h\r\nNGK;BKR6E;;5;\r\n', 'win1251'));
    expect(() => matchConfirmation(over, lines)).toThrow('Подтверждено больше, чем заказано: NGK BKR6E');
  });
});
