import { asc, eq, isNotNull, or } from 'drizzle-orm';
import { kopecksToDecimal, toKopecks, type ClientLedger, type LedgerDebtor } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { clients, ledgerAccounts, payers } from '../../db/schema/index.ts';
import { daysBetween } from './allocation.ts';
import { accountsOfClient, dayIn, type Clock } from './service.ts';
import { effectiveTerms } from './terms.ts';

/** The debtors (issue 31 point 6): every ledger owing something or stopped, with its client's contacts. */
export async function debtorList(
  db: DbExecutor,
  body: { sort: 'overdue' | 'days_overdue' | 'limit_used' | 'debt'; only_attention: boolean },
  clock: Clock,
): Promise<{ debtors: LedgerDebtor[] }> {
  const today = dayIn(clock.now, clock.timeZone);
  const rows = await db
    .selectDistinct({ clientId: ledgerAccounts.clientId })
    .from(ledgerAccounts)
    .where(or(isNotNull(ledgerAccounts.oldestOpenDue), isNotNull(ledgerAccounts.stopKind)))
    .orderBy(asc(ledgerAccounts.clientId));
  const debtors: LedgerDebtor[] = [];
  for (const { clientId } of rows) {
    const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
    if (!client) continue;
    const terms = await effectiveTerms(db, clientId);
    for (const account of await accountsOfClient(db, clientId, clock)) {
      const debt = toKopecks(account.debt);
      if (debt === 0 && account.stop === null) continue;
      const used =
        terms.creditLimitKopecks === null || terms.creditLimitKopecks === 0
          ? null
          : Math.round((debt * 1000) / terms.creditLimitKopecks) / 10;
      const daysOverdue =
        account.oldest_due !== null && account.oldest_due < today ? daysBetween(account.oldest_due, today) : 0;
      const row: LedgerDebtor = {
        account,
        client_name: `${client.lastName} ${client.firstName}`.trim(),
        email: client.email,
        phone: client.phoneNumber || null,
        days_overdue: daysOverdue,
        credit_limit: terms.creditLimitKopecks === null ? null : kopecksToDecimal(terms.creditLimitKopecks),
        limit_used_percent: used,
        limit_over_80: used !== null && used > 80,
      };
      if (body.only_attention && !row.limit_over_80 && toKopecks(account.overdue) === 0) continue;
      debtors.push(row);
    }
  }
  const key = (d: LedgerDebtor): number =>
    body.sort === 'overdue'
      ? toKopecks(d.account.overdue)
      : body.sort === 'days_overdue'
        ? d.days_overdue
        : body.sort === 'debt'
          ? toKopecks(d.account.debt)
          : (d.limit_used_percent ?? -1);
  debtors.sort((a, b) => key(b) - key(a) || a.account.id - b.account.id);
  return { debtors };
}

/** The client's own view: its ledgers with the limit and what is left of it, and open debits with due days. */
export async function clientLedger(db: DbExecutor, clientId: number, clock: Clock): Promise<ClientLedger> {
  const today = dayIn(clock.now, clock.timeZone);
  const terms = await effectiveTerms(db, clientId);
  const accounts = await accountsOfClient(db, clientId, clock);
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.clientId, clientId))
    .orderBy(asc(ledgerAccounts.id));
  void payers;
  return {
    accounts: accounts.map((account, index) => {
      const open = (rows[index]!.openDebits as Array<{ entry_id: number; due_on: string; open: string }>).map((d) => ({
        entry_id: d.entry_id,
        due_on: d.due_on,
        open: d.open,
        overdue: d.due_on < today,
      }));
      const limit = terms.creditLimitKopecks;
      return {
        ...account,
        credit_limit: limit === null ? null : kopecksToDecimal(limit),
        available: limit === null ? null : kopecksToDecimal(Math.max(0, limit - toKopecks(account.debt))),
        open_debits: open,
      };
    }),
  };
}
