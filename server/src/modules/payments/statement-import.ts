import {
  formatDate,
  kopecksToDecimal,
  toKopecks,
  type AdminBill,
  type PaymentRecorded,
  type StatementImportResult,
  type StatementLine,
  type StatementUnmatchedReason,
} from '@detal/contract';

type StatementProposal = NonNullable<StatementImportResult['unmatched'][number]['proposal']>;
import type { Db } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { conflict, validationFailed } from '../../http/errors.ts';
import { lockBillRows } from '../bills/queries.ts';
import { emit } from '../../events/bus.ts';
import { findAdminBills, findClientsByInn, findStatementPayments, type PayerBills } from './queries.ts';
import { dayIn, recordPayment, recordPaymentTx } from './service.ts';
import { StatementFormatError, billNumbersIn, statementKey } from './statement-format.ts';
import { readStatementIsolated } from './statement-read.ts';

/**
 * The bank statement import: incoming payments whose purpose names a bill and whose amount is what is left to pay
 * on it are recorded (source statement); each statement document at most once, by its identity's unique index.
 * A partial amount is not recorded on its own: it comes back unmatched, naming the bill, for staff to confirm (a
 * wrong number in a purpose must not half-pay a stranger's bill).
 */

export const STATEMENT_ALREADY_RECORDED_MESSAGE = 'Этот платёж из выписки уже записан';

export interface StatementActor {
  staffId: number | null;
  now: Date;
  timeZone: string;
}

/** The payment's reference: the payment order and the payer, as an accountant looks for it. */
export const statementReference = (line: StatementLine): string =>
  `П/п № ${line.number} от ${formatDate(`${line.date}T12:00:00Z`, 'UTC')}${line.payer ? `, ${line.payer}` : ''}`.slice(
    0,
    200,
  );

/** The file's lines, or a 422 naming what is wrong with it (nothing is written then). */
export async function readStatement(db: Db, contentBase64: string) {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw validationFailed({ content_base64: ['Файл выписки пуст'] }, 'Файл выписки пуст');
  const requisites = await readShopSetting(db, 'requisites');
  try {
    return await readStatementIsolated(bytes, requisites ? [requisites.settlement_account] : []);
  } catch (error) {
    if (error instanceof StatementFormatError) {
      const message = `Файл выписки не прочитан. ${error.message}`;
      throw validationFailed({ content_base64: [message] }, message);
    }
    throw error;
  }
}

function unmatchedReason(line: StatementLine, bills: AdminBill[]): StatementUnmatchedReason {
  const [bill] = bills;
  if (!bill) return 'bill_not_found';
  if (bill.state === 'paid') return 'bill_paid';
  return toKopecks(line.amount) < toKopecks(bill.remaining) ? 'partial_amount' : 'amount_mismatch';
}

/** The payer's INN: the statement's field, else «ИНН 7707083893» written in the payer's name or the purpose. */
export function payerInn(line: StatementLine): string {
  if (/^(\d{10}|\d{12})$/.test(line.payer_inn)) return line.payer_inn;
  const written = /ИНН\s*:?\s*(\d{12}|\d{10})(?!\d)/i.exec(`${line.payer} ${line.purpose}`);
  return written?.[1] ?? '';
}

/**
 * A bill to propose for a line that names none: exactly one client has the payer's INN, and exactly one of its
 * unpaid bills has the line's amount left to pay. Anything less certain proposes nothing.
 */
function proposalByPayer(line: StatementLine, payers: readonly PayerBills[]): StatementProposal | null {
  const inn = payerInn(line);
  if (inn === '') return null;
  const clients = payers.filter((payer) => payer.inn === inn);
  const [client] = clients;
  if (!client || clients.length > 1) return null;
  const amount = toKopecks(line.amount);
  const fitting = client.bills.filter((bill) => bill.state !== 'paid' && toKopecks(bill.remaining) === amount);
  const [bill] = fitting;
  if (!bill || fitting.length > 1) return null;
  return { bill_id: bill.id, client_id: client.clientId, client_name: client.clientName, inn };
}

/** Imports a statement file: one transaction, the named bills locked in id order first. */
export async function importStatement(
  db: Db,
  body: { file_name: string | null; content_base64: string },
  actor: StatementActor,
): Promise<StatementImportResult> {
  const statement = await readStatement(db, body.content_base64);
  const today = dayIn(actor.now, actor.timeZone);
  const lines = statement.incoming.map((line) => ({
    line,
    key: statementKey(line),
    numbers: billNumbersIn(line.purpose),
  }));
  return db.transaction(async (tx) => {
    await lockBillRows(tx, [...new Set(lines.flatMap((entry) => entry.numbers))]);
    const recordedBefore = await findStatementPayments(
      tx,
      lines.map((entry) => entry.key),
    );
    const bills = await findAdminBills(tx, [...new Set(lines.flatMap((entry) => entry.numbers))]);
    const payers = await findClientsByInn(tx, [...new Set(lines.map((entry) => payerInn(entry.line)).filter(Boolean))]);
    const result: StatementImportResult = {
      documents: statement.documents,
      ignored_outgoing: statement.ignoredOutgoing,
      recorded: [],
      already_recorded: [],
      unmatched: [],
      advances: [],
    };
    const seen = new Map<string, number>();
    const advanced = new Set<string>();
    for (const { line, key, numbers } of lines) {
      const earlier = recordedBefore.get(key) ?? seen.get(key);
      if (earlier !== undefined) {
        result.already_recorded.push({ line, bill_id: earlier });
        continue;
      }
      const named = numbers.map((id) => bills.get(id)).filter((bill): bill is AdminBill => bill !== undefined);
      const amount = toKopecks(line.amount);
      const match = named.find((bill) => bill.state !== 'paid' && toKopecks(bill.remaining) === amount);
      if (!match || line.received_on > today) {
        const reason = numbers.length === 0 ? 'no_bill_number' : unmatchedReason(line, named);
        // No bill the purpose names can take it: the payer may still name one (issue 26 point 9).
        const proposal = named.length === 0 ? proposalByPayer(line, payers) : null;
        // Money naming no bill and no bill to propose: the ledger's advance, or its list for staff (issue 31).
        let advance: StatementImportResult['advances'][number] | null = null;
        if (numbers.length === 0 && proposal === null && line.received_on <= today && !advanced.has(key)) {
          advanced.add(key);
          await emit(tx, 'StatementMoneyWithoutBill', {
            inn: payerInn(line),
            amount: kopecksToDecimal(amount),
            paidOn: line.received_on,
            reference: statementReference(line),
            statementKey: key,
            staffId: actor.staffId,
            at: actor.now,
            timeZone: actor.timeZone,
            onAdvance: ({ accountId, clientId, name }) => {
              advance = { line, account_id: accountId, client_id: clientId, name };
            },
          });
        }
        if (advance) result.advances.push(advance);
        else result.unmatched.push({ line, reason, bill_id: named[0]?.id ?? null, proposal });
        continue;
      }
      const outcome = await recordPaymentTx(tx, {
        billId: match.id,
        amountKopecks: amount,
        paidOn: line.received_on,
        reference: statementReference(line),
        source: 'statement',
        statementKey: key,
        staffId: actor.staffId,
        now: actor.now,
        timeZone: actor.timeZone,
      });
      seen.set(key, match.id);
      if (outcome.kind === 'duplicate') {
        result.already_recorded.push({ line, bill_id: outcome.billId });
      } else {
        bills.set(match.id, outcome.bill);
        result.recorded.push({ line, payment: outcome.payment });
      }
    }
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'statement.import',
      entity: 'statement',
      entityId: body.file_name,
      after: {
        documents: result.documents,
        recorded: result.recorded.length,
        already_recorded: result.already_recorded.length,
        unmatched: result.unmatched.length,
        advances: result.advances.length,
        ignored_outgoing: result.ignored_outgoing,
      },
      at: actor.now,
    });
    return result;
  });
}

/** An unmatched statement line recorded by hand against the bill staff chose; a second time is a 409. */
export async function recordStatementLine(
  db: Db,
  body: { bill_id: number; line: StatementLine },
  actor: StatementActor,
): Promise<PaymentRecorded> {
  const outcome = await recordPayment(db, {
    billId: body.bill_id,
    amountKopecks: toKopecks(body.line.amount),
    paidOn: body.line.received_on,
    reference: statementReference(body.line),
    source: 'statement',
    statementKey: statementKey(body.line),
    staffId: actor.staffId,
    now: actor.now,
    timeZone: actor.timeZone,
  });
  if (outcome.kind === 'duplicate') throw conflict(STATEMENT_ALREADY_RECORDED_MESSAGE);
  return { payment: outcome.payment, bill: outcome.bill };
}
