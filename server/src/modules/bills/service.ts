import type { FastifyBaseLogger } from 'fastify';
import {
  formatDate,
  fromKopecks,
  toKopecks,
  type BillListFilters,
  type BillPayment,
  type BillSummary,
  type Bill,
  type Paginated,
} from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { readPage } from '../../shared/pagination.ts';
import { composeBill, PAYMENT_TERM_DAYS, paymentDeadline, type BillSettings } from './bill-document.ts';
import { renderBillPdf } from './bill-pdf.ts';
import { paymentPurpose, paymentQrPayload, qrSvg } from './payment-qr.ts';
import { countBills, findBillForPrint, findClientBill, listBills, sumBills } from './queries.ts';

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

/** The shop's requisites and VAT rate; a shop that never filled its requisites in cannot issue a bill. */
export async function readBillSettings(db: Db, timeZone: string): Promise<BillSettings> {
  const [requisites, vat] = await Promise.all([readShopSetting(db, 'requisites'), readShopSetting(db, 'vat')]);
  if (!requisites)
    throw new Error("The shop's requisites (shop setting 'requisites') are not set: bills cannot be issued");
  return { requisites, vatRate: vat?.rate ?? null, timeZone };
}

/**
 * The bill as PDF bytes, when it is `clientId`'s (any client's when null: the shop's own tools and the bench);
 * null when there is no such bill.
 */
export async function billPdf(
  db: Db,
  timeZone: string,
  billId: number,
  clientId: number | null,
  log?: FastifyBaseLogger,
): Promise<Buffer | null> {
  const row = await findBillForPrint(db, billId, clientId);
  if (!row) return null;
  const document = composeBill(row, await readBillSettings(db, timeZone));
  // The printed total is the sum of the printed lines; a bill whose stored sum differs was written wrong.
  if (document.totalKopecks !== toKopecks(row.priceSum)) {
    log?.warn({ billId, printed: document.totalKopecks, stored: row.priceSum }, 'Bill sum differs from its lines');
  }
  return renderBillPdf(document);
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
  const settings = await readBillSettings(db, timeZone);
  const base = { requisites: settings.requisites, vat_rate: settings.vatRate, payment_term_days: PAYMENT_TERM_DAYS };
  if (billId === null) return { ...base, bill: null };
  const bill = await findClientBill(db, clientId, billId);
  if (!bill) return null;
  const dateBill = new Date(bill.date_bill);
  const purpose = paymentPurpose(bill.id, formatDate(dateBill, timeZone));
  const qrPayload = paymentQrPayload({
    requisites: settings.requisites,
    sumKopecks: toKopecks(bill.price_sum),
    purpose,
  });
  return {
    ...base,
    bill: {
      ...bill,
      purpose,
      pay_until: paymentDeadline(dateBill, timeZone),
      qr_payload: qrPayload,
      qr_svg: await qrSvg(qrPayload),
    },
  };
}
