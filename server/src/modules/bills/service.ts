import {
  fromKopecks,
  toKopecks,
  type BillListFilters,
  type BillPayment,
  type BillSummary,
  type Bill,
  type Paginated,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { readPage } from '../../shared/pagination.ts';
import { PAYMENT_TERM_DAYS } from './bill-document.ts';
import { renderBillPdf } from './bill-pdf.ts';
import { qrSvg } from './payment-qr.ts';
import { countBills, findClientBill, listBills, sumBills } from './queries.ts';
import { findBillDocument, readBillSettings } from './revisions.ts';

/** Bills of contract-decisions.md section 7: the client's list, the printed bill, the summary, how to pay. */

export async function listClientBills(
  db: Db,
  timeZone: string,
  clientId: number,
  filters: BillListFilters,
  page: number,
): Promise<Paginated<Bill>> {
  const perPage = filters.per_page;
  const filter = { clientId, dateFrom: filters.date_from, dateTo: filters.date_to, paid: filters.paid };
  return readPage(
    page,
    perPage,
    () => countBills(db, filter, timeZone),
    (limit, offset) => listBills(db, filter, timeZone, limit, offset),
  );
}

/**
 * A revision of the bill as PDF bytes (the current one when `revision` is null), when it is `clientId`'s (any
 * client's when null: the back office, the e-mails, the bench); null when there is no such bill or revision.
 * The PDF is made from the document stored with the revision and is the same, byte for byte, at every print.
 */
export async function billPdf(
  db: DbExecutor,
  timeZone: string,
  billId: number,
  clientId: number | null,
  revision: number | null = null,
): Promise<{ pdf: Buffer; revision: number } | null> {
  const document = await findBillDocument(db, timeZone, billId, clientId, revision);
  if (!document) return null;
  return { pdf: await renderBillPdf(document), revision: document.revision };
}

export async function billSummary(db: Db, clientId: number): Promise<BillSummary> {
  const totals = await sumBills(db, clientId);
  const sum = toKopecks(totals.sum);
  const paidSum = toKopecks(totals.paidSum);
  return {
    total: { count: totals.count, sum: fromKopecks(sum) },
    paid: { count: totals.paidCount, sum: fromKopecks(paidSum) },
    awaiting: { count: totals.count - totals.paidCount, sum: fromKopecks(sum - paidSum) },
  };
}

/**
 * How to pay: the requisites, and for one of the client's bills its purpose, deadline and QR code. A bill that
 * is not the client's answers null (the caller's 404).
 */
export async function billPayment(
  db: Db,
  timeZone: string,
  clientId: number,
  billId: number | null,
): Promise<BillPayment | null> {
  if (billId === null) {
    const settings = await readBillSettings(db, timeZone);
    return {
      requisites: settings.requisites,
      vat_rate: settings.vatRate,
      payment_term_days: PAYMENT_TERM_DAYS,
      bill: null,
    };
  }
  // What the bill says, as issued: its seller, VAT, purpose, deadline and QR, whatever the settings are now.
  const document = await findBillDocument(db, timeZone, billId, clientId, null);
  const bill = document && (await findClientBill(db, clientId, billId));
  if (!document || !bill) return null;
  const qrPayload = document.qrPayload ?? '';
  return {
    requisites: document.seller,
    vat_rate: document.vat.rate,
    payment_term_days: PAYMENT_TERM_DAYS,
    bill: {
      ...bill,
      purpose: document.purpose,
      pay_until: document.payUntil,
      qr_payload: qrPayload,
      qr_svg: qrPayload ? await qrSvg(qrPayload) : '',
    },
  };
}
