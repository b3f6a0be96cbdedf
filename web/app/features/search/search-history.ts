import { useEffect } from 'react';
import { normalizeArticle, SEARCH_HISTORY_LIMIT } from '@detal/contract/browser';
import type { SearchHistoryEntry } from '@detal/contract';
import { paths } from '../../paths.ts';

/**
 * A visitor's search history (decision 0030), kept in this browser as the server keeps a signed-in client's: one
 * entry per normalized article, newest first, at most SEARCH_HISTORY_LIMIT. Never written for a signed-in client,
 * so that a shared computer does not show their searches to the next visitor.
 */
const STORAGE_KEY = 'detal-search-history';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

const isEntry = (value: unknown): value is SearchHistoryEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SearchHistoryEntry).article === 'string' &&
  ((value as SearchHistoryEntry).brand_name === null || typeof (value as SearchHistoryEntry).brand_name === 'string') &&
  typeof (value as SearchHistoryEntry).searched_at === 'string';

/** The stored history; empty when none is stored or the entry is unreadable. */
export function visitorSearchHistory(): SearchHistoryEntry[] {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isEntry).slice(0, SEARCH_HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Puts a search at the top: an earlier entry of the same article goes, and the oldest past the cap. */
export function rememberVisitorSearch(article: string, brandName: string | null, now = new Date()): void {
  const trimmed = article.trim();
  const key = normalizeArticle(trimmed);
  if (key === '') return;
  const entry: SearchHistoryEntry = { article: trimmed, brand_name: brandName, searched_at: now.toISOString() };
  const rest = visitorSearchHistory().filter((earlier) => normalizeArticle(earlier.article) !== key);
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify([entry, ...rest].slice(0, SEARCH_HISTORY_LIMIT)));
  } catch {
    // Storage full or refused (private mode): the history is a convenience, the search goes on.
  }
}

/** Where a history entry leads: the brand's full result, or the article's brands. */
export const historyEntryPath = (entry: Pick<SearchHistoryEntry, 'article' | 'brand_name'>): string =>
  entry.brand_name ? paths.searchBrand(entry.brand_name, entry.article) : paths.searchArticle(entry.article);

/** On a search page, a visitor's search goes into their browser's history (a signed-in client's, the server's). */
export function useRememberVisitorSearch(
  signedIn: boolean,
  article: string | undefined,
  brandName: string | undefined,
) {
  useEffect(() => {
    if (!signedIn && article) rememberVisitorSearch(article, brandName ?? null);
  }, [signedIn, article, brandName]);
}
