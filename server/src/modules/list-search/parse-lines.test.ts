import { describe, expect, it } from 'vitest';
import { normalizeBrand } from '@detal/contract';
import { brandCandidatesOf, linesOfText, readLine } from './parse-lines.ts';

const known = new Map(['KNECHT', 'MANN-FILTER', 'FEBI BILSTEIN'].map((name) => [normalizeBrand(name), name]));
const read = (text: string) => {
  const [raw] = linesOfText(text);
  const { readings, brand, error } = readLine(raw!, known);
  return { readings, brand, error };
};

describe('reading a list line', () => {
  it('takes the longest run of final words that names a known brand, and the trailing quantity', () => {
    expect(read('22 105 Febi Bilstein 3')).toEqual({
      readings: [{ article: '22 105', quantity: 3 }],
      brand: 'FEBI BILSTEIN',
      error: null,
    });
    expect(read('W 712/75 mann-filter')).toEqual({
      readings: [{ article: 'W 712/75', quantity: 1 }],
      brand: 'MANN-FILTER',
      error: null,
    });
  });

  it('searches an ambiguous trailing number both ways, the whole line first; a large one is the article', () => {
    expect(read('OC 90').readings).toEqual([
      { article: 'OC 90', quantity: 1 },
      { article: 'OC', quantity: 90 },
    ]);
    expect(read('OC 10089949').readings).toEqual([{ article: 'OC 10089949', quantity: 1 }]);
    expect(read('OC90 2,00').readings).toEqual([{ article: 'OC90', quantity: 2 }]);
    expect(read('OC90 2шт').readings).toEqual([{ article: 'OC90', quantity: 2 }]);
  });

  it('reads cells: article; brand; quantity, or article; quantity', () => {
    expect(read('oc90;;5')).toEqual({ readings: [{ article: 'oc90', quantity: 5 }], brand: null, error: null });
    expect(read('oc90\t7')).toEqual({ readings: [{ article: 'oc90', quantity: 7 }], brand: null, error: null });
    // An unknown brand is kept as typed: the search then offers the brands that have the article.
    expect(read('oc90;ACME;1').brand).toBe('ACME');
    expect(read('oc90;knecht;abc').error).toBe('Количество должно быть числом: «abc»');
  });

  it('reads a row copied from Excel with blank columns, and a known brand after a description (issue 26)', () => {
    expect(read('0 451 103 316\t\tBOSCH\t2')).toEqual({
      readings: [{ article: '0 451 103 316', quantity: 2 }],
      brand: 'BOSCH',
      error: null,
    });
    expect(read('OC 90\tФильтр масляный\tKnecht\t\t4')).toMatchObject({
      readings: [{ article: 'OC 90', quantity: 4 }],
      brand: 'KNECHT',
      error: null,
    });
    expect(read('OC90;MANN-FILTER;2;срочно').readings).toEqual([{ article: 'OC90', quantity: 2 }]);
    const [raw] = linesOfText('0 451 103 316\t\tBOSCH\t2');
    expect(brandCandidatesOf(raw!)).toEqual(['BOSCH']);
  });

  it('drops blank lines and a header row, keeping line numbers', () => {
    expect(linesOfText('Артикул;Бренд;Количество\n\nOC90;KNECHT;2').map((line) => line.line)).toEqual([3]);
  });

  it('looks up only the final runs of words as brand candidates', () => {
    const [raw] = linesOfText('W 712/75 MANN FILTER 2');
    expect(brandCandidatesOf(raw!)).toEqual(['FILTER', 'MANNFILTER', '71275MANNFILTER']);
  });
});
