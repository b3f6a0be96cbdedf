import { describe, expect, it } from 'vitest';
import { CsvRecordParser, detectDelimiter } from './csv-records.ts';
import type { SourceRecord } from './source-record.ts';

/** Parses `text` fed in pieces of `piece` characters, as a stream would hand it over. */
function parseInPieces(text: string, delimiter: string, piece: number): SourceRecord[] {
  const parser = new CsvRecordParser(delimiter);
  const records: SourceRecord[] = [];
  for (let start = 0; start < text.length; start += piece)
    records.push(...parser.push(text.slice(start, start + piece)));
  records.push(...parser.end());
  return records;
}

const tricky = [
  'article;brand;description',
  'OC 90;MAHLE;"Фильтр; масляный"',
  '',
  '"W 712/75";"MANN-FILTER";"Фильтр ""Стандарт"",',
  'вторая строка описания"',
  'LAST;KNECHT;без перевода строки в конце',
].join('\r\n');

const trickyRecords: SourceRecord[] = [
  { line: 1, fields: ['article', 'brand', 'description'] },
  { line: 2, fields: ['OC 90', 'MAHLE', 'Фильтр; масляный'] },
  { line: 4, fields: ['W 712/75', 'MANN-FILTER', 'Фильтр "Стандарт",\r\nвторая строка описания'] },
  { line: 6, fields: ['LAST', 'KNECHT', 'без перевода строки в конце'] },
];

describe('CsvRecordParser', () => {
  it('reads quoted delimiters, doubled quotes, line breaks inside quotes and CRLF, with the line each record starts on', () => {
    expect(parseInPieces(tricky, ';', tricky.length)).toEqual(trickyRecords);
  });

  it('gives the same records whatever the size of the pieces the text arrives in', () => {
    for (const piece of [1, 2, 3, 7, 64]) expect(parseInPieces(tricky, ';', piece)).toEqual(trickyRecords);
  });

  it('keeps empty cells and reads other delimiters', () => {
    expect(parseInPieces('a,,c,\n,b\n', ',', 3)).toEqual([
      { line: 1, fields: ['a', '', 'c', ''] },
      { line: 2, fields: ['', 'b'] },
    ]);
    expect(parseInPieces('a\t"b\tc"\n', '\t', 1)).toEqual([{ line: 1, fields: ['a', 'b\tc'] }]);
  });

  it('reads quotes around whole cells, and quotes used any other way, as RFC 4180 does', () => {
    const wholeCells = ['"a";b;"c; d"', 'a;"";"c"', '"a"\r', 'a;"b";'].join('\n');
    for (const piece of [1, 5, wholeCells.length]) {
      expect(parseInPieces(wholeCells, ';', piece)).toEqual([
        { line: 1, fields: ['a', 'b', 'c; d'] },
        { line: 2, fields: ['a', '', 'c'] },
        { line: 3, fields: ['a'] },
        { line: 4, fields: ['a', 'b', ''] },
      ]);
    }
    const otherUses: [string, string[]][] = [
      ['"a""b";c\n', ['a"b', 'c']], // a doubled quote inside a quoted cell
      ['"a"x;c\n', ['ax', 'c']], // text after the closing quote
      ['a;b"c;d', ['a', 'bc;d']], // a quote inside a cell opens a quoted part
      ['"a;b\nc";d\n', ['a;b\nc', 'd']], // a quoted cell over two lines
    ];
    for (const [text, fields] of otherUses) expect(parseInPieces(text, ';', 3)).toEqual([{ line: 1, fields }]);
  });

  it('reads an unclosed quote to the end of the text instead of losing the row', () => {
    expect(parseInPieces('x;"open\nstill open', ';', 4)).toEqual([{ line: 1, fields: ['x', 'open\nstill open'] }]);
  });
});

describe('detectDelimiter', () => {
  it('picks the delimiter found most often outside quotes', () => {
    expect(detectDelimiter('article;brand;price')).toBe(';');
    expect(detectDelimiter('article,brand,price')).toBe(',');
    expect(detectDelimiter('article\tbrand\tprice')).toBe('\t');
    expect(detectDelimiter('"a,b,c,d";brand;price')).toBe(';');
    expect(detectDelimiter('"Цена, руб.",article,brand')).toBe(',');
  });

  it('falls back to ";" for a line with no delimiter at all', () => {
    expect(detectDelimiter('article')).toBe(';');
  });
});
