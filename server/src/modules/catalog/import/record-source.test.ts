import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEncoding } from './csv-source.ts';
import { readRecords, type RecordSourceOptions } from './record-source.ts';
import type { SourceRecord } from './source-record.ts';
import { buildXlsx, createTempFolder, zipArchive, type TempFolder } from '../../../../test/fixtures/import-files.ts';
import { columnIndex, excelNumberText } from './xlsx-source.ts';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

async function readAll(file: string, options: RecordSourceOptions = {}): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  for await (const batch of readRecords(file, options)) records.push(...batch.records);
  return records;
}

const russianCsv = 'Артикул;Бренд;Наименование\nОС 90;Кнехт;Фильтр масляный «Стандарт»\n';
const russianRecords = [
  { line: 1, fields: ['Артикул', 'Бренд', 'Наименование'] },
  { line: 2, fields: ['ОС 90', 'Кнехт', 'Фильтр масляный «Стандарт»'] },
];

describe('CSV files', () => {
  it('reads UTF-8, with or without a byte-order mark, and detects the delimiter', async () => {
    expect(await readAll(await folder.write('utf8.csv', russianCsv))).toEqual(russianRecords);
    expect(await readAll(await folder.write('bom.csv', `\uFEFF${russianCsv}`))).toEqual(russianRecords);
    const comma = await folder.write('comma.csv', 'a,b,"c,d"\n1,2,3');
    expect(await readAll(comma)).toEqual([
      { line: 1, fields: ['a', 'b', 'c,d'] },
      { line: 2, fields: ['1', '2', '3'] },
    ]);
  });

  it('reads Windows-1251, detected or named, and a delimiter given explicitly', async () => {
    const file = await folder.write('cp1251.csv', iconv.encode(russianCsv, 'win1251'));
    expect(await readAll(file)).toEqual(russianRecords);
    expect(await readAll(file, { encoding: 'cp1251' })).toEqual(russianRecords);
    // Named wrongly, the same bytes decode to something else: the option is honoured, not second-guessed.
    expect((await readAll(file, { encoding: 'utf8' }))[1]?.fields[0]).not.toBe('ОС 90');
    expect(await readAll(file, { delimiter: ',' })).toEqual(
      russianRecords.map((record) => ({ ...record, fields: [record.fields.join(';')] })),
    );
  });

  it('tells UTF-8 from Windows-1251 by the bytes, even with a character cut at the end of the sample', () => {
    expect(detectEncoding(Buffer.from('Цена', 'utf8'))).toBe('utf8');
    expect(detectEncoding(Buffer.from('Цена', 'utf8').subarray(0, 3))).toBe('utf8');
    expect(detectEncoding(iconv.encode('Цена', 'win1251'))).toBe('cp1251');
    expect(detectEncoding(Buffer.from('price', 'ascii'))).toBe('utf8');
  });

  it('streams a file larger than one read in many batches with the bytes read so far', async () => {
    const lines = Array.from({ length: 30_000 }, (_, index) => `A${index};BRAND;Описание номер ${index}`);
    const file = await folder.write('large.csv', `${lines.join('\n')}\n`);
    const progress: number[] = [];
    let count = 0;
    let last: SourceRecord | undefined;
    for await (const batch of readRecords(file)) {
      progress.push(batch.bytesRead / batch.totalBytes);
      count += batch.records.length;
      last = batch.records.at(-1) ?? last;
    }
    expect(count).toBe(30_000);
    expect(last).toEqual({ line: 30_000, fields: ['A29999', 'BRAND', 'Описание номер 29999'] });
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
});

describe('XLSX files', () => {
  it('reads the first sheet through the workbook: shared and inline strings, numbers, gaps and row numbers', async () => {
    const workbook = buildXlsx(
      [
        ['Артикул', 'Бренд', 'Цена', 'Количество'],
        ['OC 90', 'MAHLE', { stored: '99.990000000000009' }, 4],
        [{ inline: 'W 712/75 <&>' }, 'MANN-FILTER', 1234.5, null, 'лишняя ячейка'],
        [null, null, null],
        ['OC 90', 'MAHLE', 12, 1],
      ],
      [1, 2, 5, 6, 9],
    );
    const file = await folder.write('price.xlsx', workbook);
    expect(await readAll(file)).toEqual([
      { line: 1, fields: ['Артикул', 'Бренд', 'Цена', 'Количество'] },
      { line: 2, fields: ['OC 90', 'MAHLE', '99.99', '4'] },
      { line: 5, fields: ['W 712/75 <&>', 'MANN-FILTER', '1234.5', '', 'лишняя ячейка'] },
      { line: 9, fields: ['OC 90', 'MAHLE', '12', '1'] },
    ]);
    // Recognized by its content, whatever the file is called.
    expect(await readAll(await folder.write('price.csv', workbook))).toHaveLength(4);
  });

  it('refuses an archive that is not a workbook', async () => {
    const file = await folder.write('other.zip', zipArchive({ 'readme.txt': 'hello' }));
    await expect(readAll(file)).rejects.toThrow('Not an XLSX workbook: xl/worksheets/sheet1.xml is missing');
  });

  it('maps cell references to columns and cleans float noise as Excel shows it', () => {
    expect(['A1', 'B7', 'Z3', 'AA10', 'AZ1', 'BA2'].map(columnIndex)).toEqual([0, 1, 25, 26, 51, 52]);
    expect(excelNumberText('99.990000000000009')).toBe('99.99');
    expect(excelNumberText('1234.5')).toBe('1234.5');
    expect(excelNumberText('0.30000000000000004')).toBe('0.3');
    expect(excelNumberText('12')).toBe('12');
  });
});
