import { formatDate, orderLabel, toKopecks } from '@detal/contract';
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
  name: string;
  quantity: number;
  unit: string;
  priceKopecks: number;
  sumKopecks: number;
}

export interface BillDocument {
  id: number;
  /** 'dd.MM.yyyy' in the shop's time zone. */
  date: string;
  title: string;
  seller: ShopSettingValues['requisites'];
  buyer: string;
  basis: string;
  lines: BillLine[];
  totalKopecks: number;
  /** 'В том числе НДС 20%' with its amount, or 'Без налога (НДС)' with null. */
  vat: { label: string; kopecks: number | null };
  amountInWords: string;
  /** 'dd.MM.yyyy': the last day to pay. */
  payUntil: string;
  purpose: string;
  qrPayload: string;
}

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

function buyerOf(row: BillPrintRow): string {
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

export function composeBill(row: BillPrintRow, settings: BillSettings): BillDocument {
  const date = formatDate(row.dateBill, settings.timeZone);
  const lines: BillLine[] = row.items.map((item, index) => {
    const priceKopecks = toKopecks(item.price);
    return {
      position: index + 1,
      name: lineName(item),
      quantity: item.quantity,
      unit: LINE_UNIT,
      priceKopecks,
      sumKopecks: priceKopecks * item.quantity,
    };
  });
  const deliveryKopecks = toKopecks(row.deliveryPrice);
  // Delivery is billed as a line of its own when it costs money; free pick-up would be a line of zeros.
  if (deliveryKopecks > 0) {
    lines.push({
      position: lines.length + 1,
      name: `Доставка: ${row.deliveryMethodName}`,
      quantity: 1,
      unit: LINE_UNIT,
      priceKopecks: deliveryKopecks,
      sumKopecks: deliveryKopecks,
    });
  }
  const totalKopecks = lines.reduce((sum, line) => sum + line.sumKopecks, 0);
  if (!Number.isSafeInteger(totalKopecks)) throw new RangeError(`Bill ${row.billId}: total out of range`);
  const vat =
    settings.vatRate === null
      ? { label: NO_VAT_TEXT, kopecks: null }
      : {
          label: `В том числе НДС ${formatVatRate(settings.vatRate)}%`,
          kopecks: includedVatKopecks(totalKopecks, settings.vatRate),
        };
  const purpose = paymentPurpose(row.billId, date);
  return {
    id: row.billId,
    date,
    title: `Счёт на оплату № ${row.billId} от ${date}`,
    seller: settings.requisites,
    buyer: buyerOf(row),
    basis: orderLabel(row.orderId),
    lines,
    totalKopecks,
    vat,
    amountInWords: amountInWords(totalKopecks),
    payUntil: formatDate(paymentDeadline(row.dateBill, settings.timeZone)),
    purpose,
    qrPayload: paymentQrPayload({ requisites: settings.requisites, sumKopecks: totalKopecks, purpose }),
  };
}
