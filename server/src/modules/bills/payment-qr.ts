import QRCode from 'qrcode';
import type { ShopSettingValues } from '../../db/shop-settings.ts';

/**
 * The payment QR code of Russian banks (ГОСТ Р 56042-2014): 'ST00012' (format ST, version 0001, encoding 2 =
 * UTF-8), then `key=value` pairs separated by '|': the five required requisites first, then the optional ones.
 * A banking app that scans it fills in a transfer to the shop with the sum and purpose.
 */

type Requisites = ShopSettingValues['requisites'];

export interface PaymentQrInput {
  requisites: Requisites;
  sumKopecks: number;
  purpose: string;
}

const HEADER = 'ST00012';
const SEPARATOR = '|';

/** Longest values the standard allows per field; longer ones are cut. */
const MAX_LENGTH = {
  Name: 160,
  PersonalAcc: 20,
  BankName: 45,
  BIC: 9,
  CorrespAcc: 20,
  PayeeINN: 12,
  KPP: 9,
  Purpose: 210,
} as const;

/**
 * A value fit for the payload: the separator cannot appear inside a value (the standard has no escape), so '|'
 * becomes '/'; line breaks and runs of spaces become one space; cut to the field's maximum length.
 */
export function sanitizeQrValue(value: string, maxLength: number): string {
  return value.replaceAll(SEPARATOR, '/').replace(/\s+/g, ' ').trim().slice(0, maxLength).trim();
}

/** Digits only: account numbers, BIC, INN and KPP are written with spaces or dashes in settings sometimes. */
const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The ГОСТ Р 56042-2014 string for a bill. `Sum` is in kopecks, as the standard says. */
export function paymentQrPayload({ requisites, sumKopecks, purpose }: PaymentQrInput): string {
  if (!Number.isSafeInteger(sumKopecks) || sumKopecks < 0)
    throw new RangeError(`Not an amount in kopecks: ${sumKopecks}`);
  const fields: Array<[keyof typeof MAX_LENGTH | 'Sum', string]> = [
    ['Name', requisites.name],
    ['PersonalAcc', digitsOf(requisites.settlement_account)],
    ['BankName', requisites.bank_name],
    ['BIC', digitsOf(requisites.bik)],
    ['CorrespAcc', digitsOf(requisites.correspondent_account)],
    ['PayeeINN', digitsOf(requisites.inn)],
    ['KPP', digitsOf(requisites.kpp)],
    ['Sum', String(sumKopecks)],
    ['Purpose', purpose],
  ];
  const pairs = fields
    .map(([key, value]) => [key, key === 'Sum' ? value : sanitizeQrValue(value, MAX_LENGTH[key])] as const)
    // An optional requisite the shop has not filled in is left out rather than sent empty.
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${value}`);
  return [HEADER, ...pairs].join(SEPARATOR);
}

/** 'Оплата по счёту № 12 от 01.03.2025' */
export const paymentPurpose = (billId: number, billDate: string): string =>
  `Оплата по счёту № ${billId} от ${billDate}`;

/** Error correction M: readable from a slightly creased printout, still a small symbol for ~250 bytes. */
const QR_OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** The QR symbol's modules (true = dark), row by row, for drawing it as vector squares. */
export function qrModules(payload: string): { size: number; isDark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create(payload, QR_OPTIONS);
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

/** The QR as an SVG document (for the payment page). */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...QR_OPTIONS, type: 'svg', margin: 2 });
}
