/**
 * The ledger's arithmetic (issue 31, decision 0054), pure: what is owed, what is overdue and which credit paid which
 * debit are computed from the entries alone, never typed in. Money in integer kopecks.
 *
 * - An entry and the entry reversing it cancel out: neither takes part in allocation (both count in the balance,
 *   where they sum to zero).
 * - A credit naming a bill pays that bill's open debits first (all such credits before any other allocation);
 *   then what is left of every credit, in the order they happened (day, then id), pays the open debits oldest due
 *   first (then by id). The outcome does not depend on the order credits arrived in. An advance (a credit with
 *   nothing to pay) waits for later debits: they are allocated from it as they come.
 * - A debit is overdue on day D when its due day is before D and part of it is still open.
 */

export type LedgerSide = 'debit' | 'credit';

export interface LedgerEntryFacts {
  id: number;
  side: LedgerSide;
  amountKopecks: number;
  /** 'yyyy-mm-dd'. */
  occurredOn: string;
  /** A debit's due day; null: due on its day. */
  dueOn: string | null;
  billId: number | null;
  reversesId: number | null;
}

export interface Allocation {
  creditId: number;
  debitId: number;
  amountKopecks: number;
}

export interface OpenDebit {
  entryId: number;
  dueOn: string;
  openKopecks: number;
}

export interface LedgerPosition {
  /** Credits minus debits: negative is debt, positive an advance. */
  balanceKopecks: number;
  allocations: Allocation[];
  /** Debits with something left to pay, oldest due first. */
  openDebits: OpenDebit[];
  /** Credits not yet used: the advance. */
  unallocatedKopecks: number;
}

const byDay = (a: LedgerEntryFacts, b: LedgerEntryFacts) =>
  a.occurredOn < b.occurredOn ? -1 : a.occurredOn > b.occurredOn ? 1 : a.id - b.id;

const dueOf = (entry: LedgerEntryFacts) => entry.dueOn ?? entry.occurredOn;

/** The position from `entries` as of the end of day `asOf` (all of them when omitted). */
export function ledgerPosition(entries: readonly LedgerEntryFacts[], asOf?: string): LedgerPosition {
  const present = asOf === undefined ? [...entries] : entries.filter((entry) => entry.occurredOn <= asOf);
  const reversed = new Set<number>();
  for (const entry of present) if (entry.reversesId !== null) reversed.add(entry.reversesId);
  const live = present.filter((entry) => entry.reversesId === null && !reversed.has(entry.id));
  let balanceKopecks = 0;
  for (const entry of present) balanceKopecks += entry.side === 'credit' ? entry.amountKopecks : -entry.amountKopecks;

  const debits = live
    .filter((entry) => entry.side === 'debit')
    .sort((a, b) => (dueOf(a) < dueOf(b) ? -1 : dueOf(a) > dueOf(b) ? 1 : a.id - b.id));
  const open = new Map(debits.map((debit) => [debit.id, debit.amountKopecks]));
  const allocations: Allocation[] = [];
  let unallocatedKopecks = 0;
  const credits = live.filter((entry) => entry.side === 'credit').sort(byDay);
  const left = new Map(credits.map((credit) => [credit.id, credit.amountKopecks]));
  const allocate = (credit: LedgerEntryFacts, targets: readonly LedgerEntryFacts[]) => {
    for (const debit of targets) {
      const rest = left.get(credit.id)!;
      if (rest === 0) return;
      const owed = open.get(debit.id)!;
      if (owed === 0) continue;
      const take = Math.min(owed, rest);
      open.set(debit.id, owed - take);
      left.set(credit.id, rest - take);
      allocations.push({ creditId: credit.id, debitId: debit.id, amountKopecks: take });
    }
  };
  // First every credit naming a bill pays that bill's debits; then what is left of all credits, in order, pays
  // the debits oldest due first. The result does not depend on the order the credits came in.
  for (const credit of credits) {
    if (credit.billId !== null)
      allocate(
        credit,
        debits.filter((debit) => debit.billId === credit.billId),
      );
  }
  for (const credit of credits) {
    allocate(credit, debits);
    unallocatedKopecks += left.get(credit.id)!;
  }
  const openDebits = debits
    .filter((debit) => open.get(debit.id)! > 0)
    .map((debit) => ({ entryId: debit.id, dueOn: dueOf(debit), openKopecks: open.get(debit.id)! }));
  return { balanceKopecks, allocations, openDebits, unallocatedKopecks };
}

/** What of `openDebits` is overdue on day `on` (due before it). */
export const overdueKopecks = (openDebits: readonly OpenDebit[], on: string): number =>
  openDebits.filter((debit) => debit.dueOn < on).reduce((sum, debit) => sum + debit.openKopecks, 0);

/** Whole days from `from` to `to` ('yyyy-mm-dd'). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `day` plus `days` ('yyyy-mm-dd'). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
