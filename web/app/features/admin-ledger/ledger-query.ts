import { LEDGER_DEBTOR_SORTS, LEDGER_ENTRY_KINDS, type LedgerEntryKind } from '@detal/contract/browser';

/**
 * The ledger's filters as the URL carries them (issue 31), so a filtered ledger or a sorted debtors list is a link:
 * `account`, `kind`, `from`, `to`, `page` on the client screen; `sort`, `attention` on the debtors screen.
 * Anything unreadable is dropped, a reversed period is put right.
 */

export const LEDGER_ENTRIES_PER_PAGE = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null): string | null => (value && DAY.test(value) ? value : null);
const positive = (value: string | null): number | null => {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number > 0 ? number : null;
};

export interface LedgerFilters {
  accountId: number | null;
  kind: LedgerEntryKind | null;
  dateFrom: string | null;
  dateTo: string | null;
  page: number;
}

export function ledgerFilters(params: URLSearchParams): LedgerFilters {
  const kind = params.get('kind');
  let dateFrom = day(params.get('from'));
  let dateTo = day(params.get('to'));
  if (dateFrom && dateTo && dateFrom > dateTo) [dateFrom, dateTo] = [dateTo, dateFrom];
  return {
    accountId: positive(params.get('account')),
    kind: (LEDGER_ENTRY_KINDS as readonly string[]).includes(kind ?? '') ? (kind as LedgerEntryKind) : null,
    dateFrom,
    dateTo,
    page: positive(params.get('page')) ?? 1,
  };
}

/**
 * The page the server answered (newest first, paged in the database: decision 0057) with its place among the
 * pages; the running balance is each entry's own, so any page reads alone.
 */
export function entriesPage<T>(entries: readonly T[], total: number, page: number) {
  return {
    data: entries,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / LEDGER_ENTRIES_PER_PAGE)),
    total,
  };
}

export type DebtorSort = (typeof LEDGER_DEBTOR_SORTS)[number];

export function debtorFilters(params: URLSearchParams): { sort: DebtorSort; onlyAttention: boolean } {
  const sort = params.get('sort');
  return {
    sort: (LEDGER_DEBTOR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as DebtorSort) : 'overdue',
    onlyAttention: params.get('attention') === '1',
  };
}
