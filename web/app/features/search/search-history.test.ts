import { beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_LIMIT } from '@detal/contract/browser';
import { historyEntryPath, rememberVisitorSearch, visitorSearchHistory } from './search-history.ts';

beforeEach(() => localStorage.clear());

describe("a visitor's search history", () => {
  it('keeps one entry per normalized article, newest first, with the latest brand', () => {
    rememberVisitorSearch(' oc 90 ', null, new Date('2026-11-25T10:00:00Z'));
    rememberVisitorSearch('W 712/75', null, new Date('2026-11-25T10:01:00Z'));
    rememberVisitorSearch('ОС-90', 'MAHLE', new Date('2026-11-25T10:02:00Z'));
    expect(visitorSearchHistory()).toEqual([
      { article: 'ОС-90', brand_name: 'MAHLE', searched_at: '2026-11-25T10:02:00.000Z' },
      { article: 'W 712/75', brand_name: null, searched_at: '2026-11-25T10:01:00.000Z' },
    ]);
  });

  it('keeps the last 50 and ignores separators alone', () => {
    for (let index = 0; index < SEARCH_HISTORY_LIMIT + 3; index += 1) rememberVisitorSearch(`A${index}`, null);
    rememberVisitorSearch(' - ', null);
    const history = visitorSearchHistory();
    expect(history).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect(history[0]!.article).toBe(`A${SEARCH_HISTORY_LIMIT + 2}`);
    expect(history.at(-1)!.article).toBe('A3');
  });

  it('reads an unreadable entry as empty, and leads to the brand or the article page', () => {
    localStorage.setItem('detal-search-history', '{not json');
    expect(visitorSearchHistory()).toEqual([]);
    localStorage.setItem('detal-search-history', JSON.stringify([{ article: 1 }, 'x']));
    expect(visitorSearchHistory()).toEqual([]);
    expect(historyEntryPath({ article: 'OC 90', brand_name: 'KNECHT' })).toBe('/search/KNECHT/OC%2090');
    expect(historyEntryPath({ article: 'W712/75', brand_name: null })).toBe('/search/W712%2F75');
  });
});
