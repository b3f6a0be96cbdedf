import { formatDate, formatKopecks, orderLabel, payerBuyerLine, toKopecks } from '@detal/contract';
import type { ShopSettingValues } from '../../db/shop-settings.ts';
import { amountInWords } from './amount-in-words.ts';
import { paymentPurpose, paymentQrPayload } from './payment-qr.ts';
import type { BillPrintRow } from './queries.ts';
import { formatVatRate, includedVatKopecks } from './vat.ts';

/**
 * Everything a printed bill says, computed once from the stored bill and the shop's settings; the PDF renderer
 * only lays it out. Money is integer kopecks throughout.
 */

/** Calendar days the client has to pay, counted from the bill's date (the README's Bills section says why). */
export const PAYMENT_TERM_DAYS = 5;

/** The unit of every line: parts and delivery are counted in pieces. */
export const LINE_UNIT = 'шт';

export const NO_VAT_TEXT = 'Без налога (НДС)';

export interface BillLine {
  /** 1-based position in the table. */
  position: number;
  /** The part's article, brand and description as ordered; empty for the delivery line. */
  article: string;
  brand: string;
  description: string;
  /** The table's text: brand, article and description, or «Доставка: …». */
  name: string;
  quantity: number;
  unit: string;
  priceKopecks: number;
  sumKopecks: number;
}

/**
 * One issued revision of a bill: everything its PDF prints, frozen when it is issued and stored with it
 * (`bill_revisions.document`), so that the requisites, VAT or lines saved later never change it. Rendering reads
 * nothing else. Money is integer kopecks (exact in JSON).
 */
export interface BillDocument {
  /** The stored shape; a document of another format is refused rather than guessed at. */
  format: typeof BILL_DOCUMENT_FORMAT;
  /** The bill's number. */
  id: number;
  /** 0 as first issued; n for «изм. n». */
  revision: number;
  /** When this revision was issued (ISO). */
  issuedAt: string;
  /** 'dd.MM.yyyy' in the shop's time zone: the revision's day. */
  date: string;
  title: string;
  /** A later revision says what it replaces: «Заменяет счёт на оплату № 12 от 01.03.2025 на сумму 1 234,50 руб.» */
  replaces: string | null;
  seller: ShopSettingValues['requisites'];
  /** The rate (percent) and mode when issued: `included` prints «В том числе НДС», `none` «Без налога (НДС)». */
  vat: { mode: 'included' | 'none'; rate: number | null; label: string; kopecks: number | null };
  buyer: string;
  orderId: number;
  basis: string;
  lines: BillLine[];
  totalKopecks: number;
  amountInWords: string;
  /** 'yyyy-mm-dd': the last day to pay. */
  payUntil: string;
  purpose: string;
  /** The payment QR's text (ГОСТ Р 56042-2014); null when there is nothing to pay. */
  qrPayload: string | null;
}

export const BILL_DOCUMENT_FORMAT = 1;

export interface BillSettings {
  requisites: ShopSettingValues['requisites'];
  vatRate: number | null;
  timeZone: string;
}

/** 'Тормозные колодки' by 'BREMBO P 85 020': the brand and article first, as parts are looked up by them. */
const lineName = (item: BillPrintRow['items'][number]) =>
  [item.brandName, item.article, item.description]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/**
 * The buyer line: the payer with INN and KPP when the order was placed for one (issue 30), otherwise the person
 * or their company with the phone, as before.
 */
function buyerOf(row: BillPrintRow): string {
  if (row.payer) return payerBuyerLine(row.payer);
  const person = [row.lastName, row.firstName, row.middleName ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const name = row.companyName?.trim() || person;
  return row.phoneNumber ? `${name}, тел. ${row.phoneNumber}` : name;
}

/** The last day to pay, 'yyyy-mm-dd': the bill's calendar day in the shop's zone plus PAYMENT_TERM_DAYS. */
export function paymentDeadline(dateBill: Date, timeZone: string): string {
  const [day, month, year] = formatDate(dateBill, timeZone).split('.').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + PAYMENT_TERM_DAYS)).toISOString().slice(0, 10);
}

/** Which revision is being issued, when, and the one it replaces (none for the first). */
export interface BillIssue {
  revision: number;
  issuedAt: Date;
  previous: BillDocument | null;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** '1 234,50': the amount without the currency sign, as bill tables print it. */
export const formatAmount = (kopecks: number): string => formatKopecks(kopecks).replace(/\u00A0₽$/, '');

/**
 * The document of a bill's revision from its order's billed lines and the shop's settings now. The first
 * revision is dated by the bill; a later one by its own issue, titled «(изм. n)» and saying what it replaces.
 */
export function composeBill(
  row: BillPrintRow,
  settings: BillSettings,
  issue: BillIssue = { revision: 0, issuedAt: row.dateBill, previous: null },
): BillDocument {
  const date = formatDate(issue.issuedAt, settings.timeZone);
  const lines: BillLine[] = row.items.map((item, index) => {
    const priceKopecks = toKopecks(item.price);
    return {
      position: index + 1,
      article: item.article,
      brand: item.brandName,
      description: item.description,
      name: lineName(item),
      quantity: item.quantity,
      unit: LINE_UNIT,
      priceKopecks,
      sumKopecks: priceKopecks * item.quantity,
    };
  });
  const deliveryKopecks = toKopecks(row.deliveryPrice);
  // Delivery is billed as a line of its own when it costs money and some part is billed: free pick-up would be a
  // line of zeros, and an order with every line canceled owes nothing.
  if (deliveryKopecks > 0 && lines.length > 0) {
    lines.push({
      position: lines.length + 1,
      article: '',
      brand: '',
      description: '',
      name: `Доставка: ${row.deliveryMethodName}`,
      quantity: 1,
      unit: LINE_UNIT,
      priceKopecks: deliveryKopecks,
      sumKopecks: deliveryKopecks,
    });
  }
  const totalKopecks = lines.reduce((sum, line) => sum + line.sumKopecks, 0);
  if (!Number.isSafeInteger(totalKopecks)) throw new RangeError(`Bill ${row.billId}: total out of range`);
  const vat: BillDocument['vat'] =
    settings.vatRate === null
      ? { mode: 'none', rate: null, label: NO_VAT_TEXT, kopecks: null }
      : {
          mode: 'included',
          rate: settings.vatRate,
          label: `В том числе НДС ${formatVatRate(settings.vatRate)}%`,
          kopecks: includedVatKopecks(totalKopecks, settings.vatRate),
        };
  const purpose = paymentPurpose(row.billId, date);
  const title = `Счёт на оплату № ${row.billId} от ${date}${issue.revision > 0 ? ` (изм. ${issue.revision})` : ''}`;
  const { previous } = issue;
  return {
    format: BILL_DOCUMENT_FORMAT,
    id: row.billId,
    revision: issue.revision,
    issuedAt: issue.issuedAt.toISOString(),
    date,
    title,
    replaces: previous
      ? `Заменяет ${lowerFirst(previous.title)} на сумму ${formatAmount(previous.totalKopecks)} руб.`
      : null,
    seller: settings.requisites,
    buyer: buyerOf(row),
    orderId: row.orderId,
    basis: orderLabel(row.orderId),
    lines,
    totalKopecks,
    vat,
    amountInWords: amountInWords(totalKopecks),
    payUntil: paymentDeadline(issue.issuedAt, settings.timeZone),
    purpose,
    qrPayload:
      totalKopecks > 0
        ? paymentQrPayload({ requisites: settings.requisites, sumKopecks: totalKopecks, purpose })
        : null,
  };
}

/** A stored document, checked to be of the format this code prints. */
export function storedBillDocument(value: unknown): BillDocument {
  const document = value as BillDocument;
  if (document?.format !== BILL_DOCUMENT_FORMAT) {
    throw new Error(`Stored bill document of unknown format ${String(document?.format)}`);
  }
  return document;
}
