/**
 * The reconciliation act's words and file name (issue 31), without zod: the storefront's form checks the period
 * with the same message the server refuses with (browser.ts re-exports this file).
 */
export const RECONCILIATION_PERIOD_MESSAGE = 'Дата окончания периода не может быть раньше даты начала';

/** 'akt-sverki-3-2026-11-01-2026-11-30.pdf' */
export const reconciliationFileName = (accountId: number, from: string, to: string) =>
  `akt-sverki-${accountId}-${from}-${to}.pdf`;
