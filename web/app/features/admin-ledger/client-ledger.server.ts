import type { adminServerApi } from '../admin-shell/admin-api.server.ts';
import { LEDGER_ENTRIES_PER_PAGE, entriesPage, ledgerFilters } from './ledger-query.ts';

/**
 * The client screen's «Взаиморасчёты» (issue 31): the client's ledgers, its credit terms, and the chosen ledger's
 * entries filtered by the URL (account, kind, period), a page at a time with the running balance.
 */
export async function loadClientLedger(api: ReturnType<typeof adminServerApi>, clientId: number, url: URL) {
  const filters = ledgerFilters(url.searchParams);
  const [{ accounts }, terms] = await Promise.all([
    api.call('ledger-account-list', { body: { client_id: clientId } }),
    api.call('ledger-terms-get', { body: { client_id: clientId } }),
  ]);
  const account = accounts.find((candidate) => candidate.id === filters.accountId) ?? accounts[0] ?? null;
  const listed = account
    ? await api.call('ledger-entry-list', {
        body: {
          account_id: account.id,
          kind: filters.kind,
          date_from: filters.dateFrom,
          date_to: filters.dateTo,
          newest_first: true,
          page: filters.page,
          per_page: LEDGER_ENTRIES_PER_PAGE,
        },
      })
    : null;
  return {
    accounts,
    terms,
    filters,
    accountId: account?.id ?? null,
    entries: entriesPage(listed?.entries ?? [], listed?.total ?? 0, filters.page),
  };
}

export type ClientLedgerData = Awaited<ReturnType<typeof loadClientLedger>>;
