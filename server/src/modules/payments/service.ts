import {
  PAYMENT_BILL_NOT_FOUND_MESSAGE,
  PAYMENT_BILL_PAID_MESSAGE,
  PAYMENT_DATE_FUTURE_MESSAGE,
  PAYMENT_OVER_REMAINING_MESSAGE,
  formatKopecks,
  kopecksToDecimal,
  toKopecks,
  type AdminBill,
  type Paginated,
  type Payment,
  type PaymentListFilters,
  type PaymentRecorded,
  type PaymentSource,
} from '@detal/contract';
import type { Db, Tx } from '../../db/index.ts';
import { validationFailed } from '../../http/errors.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { readPage } from '../../shared/pagination.ts';
import { lockBillRow, setBillPaidFlag } from '../bills/queries.ts';
import { emit } from '../../events/bus.ts';
import {
  countPayments,
  deleteCliPayments,
  findAdminBill,
  findPayment,
  findStatementPayments,
  insertPayment,
  listPayments,
} from './queries.ts';

/**
 * Payments (issue 14, point 5). `recordPaymentTx` is the one place a payment is written: staff's form, the
 * statement import, a statement line matched by hand and the CLI's bill-paid all come through it, inside their
 * transaction, with the bill's row locked.
 */

/** The calendar day of `at` in the shop's time zone ('2026-11-24'). */
export const dayIn = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

export interface PaymentInput {
  billId: number;
  amountKopecks: number;
  /** The day the money arrived ('yyyy-mm-dd'). */
  paidOn: string;
  reference: string;
  source: PaymentSource;
  /** A statement document's identity (statement-format.ts `statementKey`); null for other sources. */
  statementKey: string | null;
  /** Who records it; null from the command line. */
  staffId: number | null;
  now: Date;
  timeZone: string;
}

export type PaymentOutcome =
  | { kind: 'recorded'; payment: Payment; bill: AdminBill }
  /** That statement document was recorded before (against `billId`): nothing written. */
  | { kind: 'duplicate'; billId: number };

const billMissing = () =>
  validationFailed({ bill_id: [PAYMENT_BILL_NOT_FOUND_MESSAGE] }, PAYMENT_BILL_NOT_FOUND_MESSAGE);

/**
 * Records a payment inside `tx`: locks the bill, refuses a missing bill, a future day, a fully paid bill and more
 * than is left to pay (422, nothing written), inserts the payment (a statement document at most once, by the unique
 * index), sets the bill's paid flag once covered, and writes the audit row.
 */
export async function recordPaymentTx(tx: Tx, input: PaymentInput): Promise<PaymentOutcome> {
  if (!(await lockBillRow(tx, input.billId))) throw billMissing();
  if (input.statementKey !== null) {
    const recorded = (await findStatementPayments(tx, [input.statementKey])).get(input.statementKey);
    if (recorded !== undefined) return { kind: 'duplicate', billId: recorded };
  }
  const before = (await findAdminBill(tx, input.billId))!;
  if (input.paidOn > dayIn(input.now, input.timeZone)) {
    throw validationFailed({ date: [PAYMENT_DATE_FUTURE_MESSAGE] }, PAYMENT_DATE_FUTURE_MESSAGE);
  }
  const remaining = toKopecks(before.remaining);
  if (before.state === 'paid' || remaining === 0) {
    throw validationFailed({ bill_id: [PAYMENT_BILL_PAID_MESSAGE] }, PAYMENT_BILL_PAID_MESSAGE);
  }
  if (input.amountKopecks > remaining) {
    const message = `${PAYMENT_OVER_REMAINING_MESSAGE} (${formatKopecks(remaining)})`;
    throw validationFailed({ amount: [message] }, message);
  }
  const paymentId = await insertPayment(tx, {
    billId: input.billId,
    amount: kopecksToDecimal(input.amountKopecks),
    paidOn: input.paidOn,
    reference: input.reference,
    source: input.source,
    statementKey: input.statementKey,
    staffId: input.staffId,
    createdAt: input.now,
  });
  if (paymentId === null) return { kind: 'duplicate', billId: input.billId };
  const covered = input.amountKopecks === remaining;
  if (covered) await setBillPaidFlag(tx, input.billId, true, input.now);
  const bill = (await findAdminBill(tx, input.billId))!;
  const payment = (await findPayment(tx, paymentId))!;
  await emit(tx, 'StaffWrite', {
    staffId: input.staffId,
    action: 'payment.record',
    entity: 'bill',
    entityId: input.billId,
    before: { paid_sum: before.paid_sum, state: before.state },
    after: {
      payment_id: paymentId,
      amount: payment.amount,
      date: payment.date,
      reference: payment.reference,
      source: payment.source,
      paid_sum: bill.paid_sum,
      state: bill.state,
    },
    at: input.now,
  });
  // The client's «платёж получен» e-mail, written to the outbox in this transaction.
  // The ledger's credit naming the bill (issue 31) comes from the same event.
  await emit(tx, 'PaymentRecorded', {
    billId: input.billId,
    amount: kopecksToDecimal(input.amountKopecks),
    paymentId,
    paidOn: input.paidOn,
    statementKey: input.statementKey,
    reference: input.reference,
    staffId: input.staffId,
    at: input.now,
    timeZone: input.timeZone,
  });
  return { kind: 'recorded', payment, bill };
}

/** recordPaymentTx in a transaction of its own. */
export async function recordPayment(db: Db, input: PaymentInput): Promise<PaymentOutcome> {
  return db.transaction((tx) => recordPaymentTx(tx, input));
}

/** Staff's form: a payment of `amount` on `date` against a bill. */
export async function recordManualPayment(
  db: Db,
  staffId: number,
  body: { bill_id: number; amount: number; date: string; reference: string | null },
  now: Date,
  timeZone: string,
): Promise<PaymentRecorded> {
  const outcome = await recordPayment(db, {
    billId: body.bill_id,
    amountKopecks: toKopecks(body.amount),
    paidOn: body.date,
    reference: body.reference ?? '',
    source: 'manual',
    statementKey: null,
    staffId,
    now,
    timeZone,
  });
  // Only a statement document can be a duplicate.
  if (outcome.kind !== 'recorded') throw new Error('A manual payment cannot be a duplicate');
  return { payment: outcome.payment, bill: outcome.bill };
}

export interface CliPaidChange {
  bill: AdminBill;
  wasPaid: boolean;
}

/**
 * The CLI's `bill-paid`: records a payment of what is left to pay (source cli, today); a bill already covered
 * stays as it is. null when there is no such bill.
 */
export async function markBillPaidFromCli(
  db: Db,
  billId: number,
  now: Date,
  timeZone: string,
): Promise<CliPaidChange | null> {
  if (!fitsIntegerId(billId)) return null;
  return db.transaction(async (tx) => {
    if (!(await lockBillRow(tx, billId))) return null;
    const before = (await findAdminBill(tx, billId))!;
    if (before.state === 'paid' || toKopecks(before.remaining) === 0) return { bill: before, wasPaid: true };
    const outcome = await recordPaymentTx(tx, {
      billId,
      amountKopecks: toKopecks(before.remaining),
      paidOn: dayIn(now, timeZone),
      reference: 'npm run admin -- bill-paid',
      source: 'cli',
      statementKey: null,
      staffId: null,
      now,
      timeZone,
    });
    if (outcome.kind !== 'recorded') throw new Error('A CLI payment cannot be a duplicate');
    return { bill: outcome.bill, wasPaid: false };
  });
}

/**
 * The CLI's `bill-paid --unpaid`, for a payment marked by mistake: removes the payments the command line recorded
 * against the bill (staff's and the statement's stay: they are money that arrived) and derives the flag again.
 */
export async function undoCliPayments(db: Db, billId: number, now: Date): Promise<CliPaidChange | null> {
  if (!fitsIntegerId(billId)) return null;
  return db.transaction(async (tx) => {
    if (!(await lockBillRow(tx, billId))) return null;
    const before = (await findAdminBill(tx, billId))!;
    const removed = await deleteCliPayments(tx, billId);
    const after = (await findAdminBill(tx, billId))!;
    const covered = toKopecks(after.paid_sum) >= toKopecks(after.price_sum);
    if (!covered) await setBillPaidFlag(tx, billId, false, now);
    const bill = (await findAdminBill(tx, billId))!;
    if (removed.length > 0 || before.state !== bill.state) {
      await emit(tx, 'StaffWrite', {
        staffId: null,
        action: 'payment.remove',
        entity: 'bill',
        entityId: billId,
        before: { paid_sum: before.paid_sum, state: before.state, payment_ids: removed.map((row) => row.id) },
        after: { paid_sum: bill.paid_sum, state: bill.state },
        at: now,
      });
    }
    return { bill, wasPaid: before.state === 'paid' };
  });
}

export async function listPaymentsPage(db: Db, filters: PaymentListFilters, page: number): Promise<Paginated<Payment>> {
  const filter = {
    dateFrom: filters.date_from,
    dateTo: filters.date_to,
    billId: filters.bill_id,
    clientId: filters.client_id,
  };
  return readPage(
    page,
    filters.per_page,
    () => countPayments(db, filter),
    (limit, offset) => listPayments(db, filter, limit, offset),
  );
}
