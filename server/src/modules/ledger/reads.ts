import { eq } from 'drizzle-orm';
import { kopecksToDecimal, toKopecks, type ClientLedger, type LedgerDebtor } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { debtorPageQuery, type DebtorPageRequest, type DebtorRow } from './list-queries.ts';
import { accountsOfClient, dayIn, type Clock } from './service.ts';
import { effectiveTerms } from './terms.ts';

/**
 * The debtors (issue 31 point 6): every ledger owing something or stopped, with its client's contacts; one page,
 * sorted and counted in the database (decision 0057).
 */
export async function debtorList(
  db: DbExecutor,
  body: DebtorPageRequest,
  clock: Clock,
): Promise<{ debtors: LedgerDebtor[]; total: number }> {
  const today = dayIn(clock.now, clock.timeZone);
  const { rows } = await db.execute<DebtorRow>(debtorPageQuery(body, today));
  const total = Number(rows[0]?.total ?? 0);
  const debtors = rows
    .filter((row) => row.id !== null)
    .map((row): LedgerDebtor => {
      const limit = row.credit_limit === null ? null : toKopecks(row.credit_limit);
      const used = row.limit_used === null ? null : Number(row.limit_used);
      return {
        account: {
          id: row.id!,
          client_id: row.client_id,
          payer_id: row.payer_id,
          name: row.payer_name ?? (row.company_name || `${row.last_name} ${row.first_name}`.trim()),
          balance: kopecksToDecimal(toKopecks(row.balance)),
          debt: kopecksToDecimal(toKopecks(row.debt)),
          overdue: kopecksToDecimal(toKopecks(row.overdue)),
          oldest_due: row.oldest_due,
          stop:
            row.stop_kind === null
              ? null
              : { kind: row.stop_kind as 'manual' | 'auto', reason: row.stop_reason ?? '', at: row.stopped_at! },
        },
        client_name: `${row.last_name} ${row.first_name}`.trim(),
        email: row.email,
        phone: row.phone_number || null,
        days_overdue: row.days_overdue,
        credit_limit: limit === null ? null : kopecksToDecimal(limit),
        limit_used_percent: used,
        limit_over_80: used !== null && used > 80,
      };
    });
  return { debtors, total };
}

/** The client's own view: its ledgers with the limit and what is left of it, and open debits with due days. */
export async function clientLedger(db: DbExecutor, clientId: number, clock: Clock): Promise<ClientLedger> {
  const today = dayIn(clock.now, clock.timeZone);
  const terms = await effectiveTerms(db, clientId);
  const accounts = await accountsOfClient(db, clientId, clock);
  const rows = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.clientId, clientId));
  const openDebitsOf = new Map(
    rows.map((row) => [row.id, row.openDebits as Array<{ entry_id: number; due_on: string; open: string }>]),
  );
  const limit = terms.creditLimitKopecks;
  return {
    today,
    accounts: accounts.map((account) => {
      const open = (openDebitsOf.get(account.id) ?? []).map((d) => ({
        entry_id: d.entry_id,
        due_on: d.due_on,
        open: d.open,
        overdue: d.due_on < today,
      }));
      // A stopped ledger gets no more credit, whatever is left of its limit (holds.ts holds its orders).
      const available = limit === null ? null : account.stop ? 0 : Math.max(0, limit - toKopecks(account.debt));
      return {
        ...account,
        credit_limit: limit === null ? null : kopecksToDecimal(limit),
        available: available === null ? null : kopecksToDecimal(available),
        open_debits: open,
      };
    }),
  };
}
