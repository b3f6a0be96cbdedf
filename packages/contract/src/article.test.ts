import { describe, expect, it } from 'vitest';
import { layoutSwappedArticle, normalizeArticle, normalizeBrand } from './index.ts';

describe('normalizeArticle', () => {
  it.each([
    'OC90',
    'oc 90',
    'OC-90',
    'oc.90',
    'OC/90',
    'oc_90',
    ' O C - 9 0 ',
    'ос90', // Cyrillic о, с
    'ОС 90', // Cyrillic capitals
    'Ос-90', // mixed Cyrillic
    'oС90', // Latin o, Cyrillic С
    'ＯＣ－９０', // full-width
  ])('%j -> OC90', (input) => {
    expect(normalizeArticle(input)).toBe('OC90');
  });

  it.each([
    ['W 712/75', 'W71275'],
    ['0 451 103 316', '0451103316'],
    ['06A 115 561 B', '06A115561B'],
    ['FR7DC+', 'FR7DC'],
    ['13.0460-2787.2', '13046027872'],
    ['21080-1012005-08', '21080101200508'],
  ])("keeps the makers' written forms comparable: %j -> %j", (input, expected) => {
    expect(normalizeArticle(input)).toBe(expected);
  });

  it('maps every Cyrillic look-alike of either case to Latin', () => {
    expect(normalizeArticle('АВЕКМНОРСТУХ')).toBe('ABEKMHOPCTYX');
    expect(normalizeArticle('авекмнорстух')).toBe('ABEKMHOPCTYX');
  });

  it('keeps letters without a look-alike, so Cyrillic articles stay comparable', () => {
    expect(normalizeArticle('жд-12')).toBe('ЖД12');
    expect(normalizeArticle('ЖД 12')).toBe('ЖД12');
  });

  it('drops everything but letters and digits', () => {
    expect(normalizeArticle('03.L-115/562#A*')).toBe('03L115562A');
    expect(normalizeArticle(' - . / ')).toBe('');
  });
});

describe('normalizeBrand', () => {
  it('matches written forms of one brand', () => {
    expect(normalizeBrand('Mann-Filter')).toBe('MANNFILTER');
    expect(normalizeBrand('MANN FILTER')).toBe('MANNFILTER');
    expect(normalizeBrand('mann-filter')).toBe('MANNFILTER');
    expect(normalizeBrand('MANN')).toBe('MANN');
  });

  it('maps Cyrillic look-alikes like articles', () => {
    expect(normalizeBrand('КУВ')).toBe('KYB');
  });
});

describe('layoutSwappedArticle', () => {
  it.each([
    ['щс90', 'OC90'], // the keys of 'oc90' on the Russian layout
    ['ЩС-90', 'OC90'],
    ['Щс 90', 'OC90'],
    ['ц 712.75', 'W71275'], // 'w 712/75': the '/' key types '.'
    ['илк6у', 'BKR6E'],
    ['пви1550', 'GDB1550'],
  ])('%j -> %j', (input, expected) => {
    expect(layoutSwappedArticle(input)).toBe(expected);
  });

  it('answers null when there is no Russian letter to swap', () => {
    expect(layoutSwappedArticle('OC90')).toBeNull();
    expect(layoutSwappedArticle('oc 90')).toBeNull();
    expect(layoutSwappedArticle('0 451 103 316')).toBeNull();
    expect(layoutSwappedArticle('')).toBeNull();
  });

  it('answers null when the swap normalizes to nothing or to the same article', () => {
    expect(layoutSwappedArticle('ъ')).toBeNull(); // the ']' key
    expect(layoutSwappedArticle('ж-э')).toBeNull(); // ';' and "'"
  });

  it('swaps Cyrillic look-alikes too: only a search that found nothing tries the swapped form', () => {
    expect(normalizeArticle('ос90')).toBe('OC90');
    expect(layoutSwappedArticle('ос90')).toBe('JC90');
  });
});
