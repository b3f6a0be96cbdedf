import { asc, eq, sql } from 'drizzle-orm';
import {
  LEDGER_ACCOUNT_NOT_FOUND_MESSAGE,
  LEDGER_ENTRY_KIND_LABELS,
  formatDate,
  payerBuyerLine,
  toKopecks,
  type LedgerEntryKind,
  type ReconciliationRequest,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { readShopSetting, type ShopSettingValues } from '../../db/shop-settings.ts';
import { clients, ledgerAccounts, ledgerEntries, payers } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { amountInWords } from '../bills/amount-in-words.ts';
import { formatAmount } from '../bills/bill-document.ts';
import { requisitesOf } from '../payers/queries.ts';

/**
 * The reconciliation act (акт сверки взаимных расчётов, issue 31 point 5) of one ledger for a period, computed from
 * the entries alone: the opening balance (every entry before the period), each entry of the period on the shop's
 * debit side (what the client came to owe: shipments, refunds paid out, debit adjustments) or credit side (what paid
 * it: payments, returns, credit adjustments), the turnovers, the closing balance and who owes whom. The payer's side
 * of the table is left for the payer to fill in, as accountants expect.
 */

export interface ReconciliationRow {
  /** 'dd.MM.yyyy'. */
  date: string;
  document: string;
  debitKopecks: number;
  creditKopecks: number;
}

export interface ReconciliationDocument {
  title: string;
  /** 'dd.MM.yyyy' both. */
  from: string;
  to: string;
  seller: ShopSettingValues['requisites'];
  /** The payer's name and its requisites line (or the client's name and INN). */
  buyerName: string;
  buyerLine: string;
  /** Positive: the client owes the shop (a debit balance); negative: the shop owes the client (an advance). */
  openingKopecks: number;
  rows: ReconciliationRow[];
  debitTurnoverKopecks: number;
  creditTurnoverKopecks: number;
  closingKopecks: number;
  /** «По данным … на 30.11.2026 задолженность в пользу … составляет …» or «задолженность отсутствует». */
  conclusion: string;
}

const NO_REQUISITES: ShopSettingValues['requisites'] = {
  name: 'Магазин',
  inn: '',
  kpp: '',
  address: '',
  bank_name: '',
  bik: '',
  settlement_account: '',
  correspondent_account: '',
};

type EntryRow = typeof ledgerEntries.$inferSelect;

/** What the act's «Документ» column says of an entry. */
function documentOf(entry: EntryRow): string {
  const reason = entry.reason.trim();
  switch (entry.kind as LedgerEntryKind) {
    case 'shipment':
      return entry.shipmentId === null ? 'Отгрузка' : `Отгрузка (УПД № ${entry.shipmentId})`;
    case 'payment':
      return [`Оплата${entry.billId === null ? ' (аванс)' : ` по счёту № ${entry.billId}`}`, reason]
        .filter(Boolean)
        .join(': ');
    case 'reversal':
      return [`Сторно записи № ${entry.reversesId}`, reason].filter(Boolean).join(': ');
    default:
      return [LEDGER_ENTRY_KIND_LABELS[entry.kind as LedgerEntryKind], reason].filter(Boolean).join(': ');
  }
}

/** The newest version of a payer (its requisites as corrected last), from the first version a ledger is keyed by. */
async function latestPayerVersion(db: DbExecutor, rootId: number) {
  const result = await db.execute<{ id: number }>(sql`
    with recursive chain(id) as (
      select id from payers where id = ${rootId}
      union all
      select p.id from payers p join chain c on p.replaces_id = c.id
    )
    select max(id) as id from chain`);
  const row =
    (result as unknown as { rows?: Array<{ id: number }> }).rows?.[0] ??
    (result as unknown as Array<{ id: number }>)[0];
  const [payer] = await db
    .select()
    .from(payers)
    .where(eq(payers.id, Number(row?.id ?? rootId)));
  return payer ?? null;
}

/**
 * The act's content; `clientId` set for a client's own request: another client's ledger is a 404 (as if it did not
 * exist), staff pass null.
 */
export async function reconciliationDocument(
  db: DbExecutor,
  request: ReconciliationRequest,
  clientId: number | null,
  timeZone: string,
): Promise<ReconciliationDocument> {
  const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, request.account_id));
  if (!account || (clientId !== null && account.clientId !== clientId))
    throw notFound(LEDGER_ACCOUNT_NOT_FOUND_MESSAGE);
  const [client] = await db.select().from(clients).where(eq(clients.id, account.clientId));
  const payer = account.payerId === null ? null : await latestPayerVersion(db, account.payerId);
  const seller = (await readShopSetting(db, 'requisites')) ?? NO_REQUISITES;

  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, account.id))
    .orderBy(asc(ledgerEntries.occurredOn), asc(ledgerEntries.id));
  // The shop's books: a debit entry raises what the client owes.
  const owed = (entry: EntryRow) => (entry.side === 'debit' ? 1 : -1) * toKopecks(entry.amount);
  let openingKopecks = 0;
  const rows: ReconciliationRow[] = [];
  for (const entry of entries) {
    if (entry.occurredOn < request.date_from) openingKopecks += owed(entry);
    else if (entry.occurredOn <= request.date_to) {
      const amount = toKopecks(entry.amount);
      rows.push({
        date: formatDate(entry.occurredOn, timeZone),
        document: documentOf(entry),
        debitKopecks: entry.side === 'debit' ? amount : 0,
        creditKopecks: entry.side === 'credit' ? amount : 0,
      });
    }
  }
  const debitTurnoverKopecks = rows.reduce((sum, row) => sum + row.debitKopecks, 0);
  const creditTurnoverKopecks = rows.reduce((sum, row) => sum + row.creditKopecks, 0);
  const closingKopecks = openingKopecks + debitTurnoverKopecks - creditTurnoverKopecks;

  const clientName = client
    ? client.companyName || `${client.lastName} ${client.firstName}`.trim()
    : `Клиент № ${account.clientId}`;
  const buyerName = payer ? payer.shortName || payer.fullName : clientName;
  const buyerLine = payer
    ? payerBuyerLine(requisitesOf({ ...payer, used: false }))
    : [clientName, client?.inn ? `ИНН ${client.inn}` : null].filter(Boolean).join(', ');
  const to = formatDate(request.date_to, timeZone);
  const amount = (kopecks: number) => `${formatAmount(Math.abs(kopecks))} руб. (${amountInWords(Math.abs(kopecks))})`;
  const conclusion =
    closingKopecks === 0
      ? `По данным ${seller.name} на ${to} задолженность отсутствует.`
      : closingKopecks > 0
        ? `По данным ${seller.name} на ${to} задолженность в пользу ${seller.name} составляет ${amount(closingKopecks)}.`
        : `По данным ${seller.name} на ${to} задолженность в пользу ${buyerName} составляет ${amount(closingKopecks)}.`;
  const from = formatDate(request.date_from, timeZone);
  return {
    title: 'Акт сверки взаимных расчётов',
    from,
    to,
    seller,
    buyerName,
    buyerLine,
    openingKopecks,
    rows,
    debitTurnoverKopecks,
    creditTurnoverKopecks,
    closingKopecks,
    conclusion,
  };
}
