import { formatDate, type PayerRequisites } from '@detal/contract';
import type { ShopSettingValues } from '../../db/shop-settings.ts';
import { amountInWords } from '../bills/amount-in-words.ts';
import { formatVatRate, includedVatKopecks } from '../bills/vat.ts';
import { originCountry, type OriginCountry } from './countries.ts';

/**
 * Everything a shipment's УПД says, composed once when the shipment is posted and stored with it
 * (`shipments.document`): the PDF (upd-pdf.ts) and the XML of format 5.03 (upd-xml.ts) only lay it out, so that
 * both say the same and neither changes when the settings do. Money is integer kopecks (exact in JSON).
 */

export const SHIPMENT_DOCUMENT_FORMAT = 1;

/** ОКЕИ 796 «шт»: parts are counted in pieces. */
export const UNIT_CODE = '796';
export const UNIT_NAME = 'шт';
export const NO_VAT_RATE = 'без НДС';

export interface PersonName {
  lastName: string;
  firstName: string;
  middleName: string;
}

/**
 * A party of the document (seller, buyer, consignee): an organisation, a sole trader (ИП) or a person. The buyer's
 * requisites come from the order's payer (the client's legal entity) when it has one, else from the client as a
 * person (name, phone), see buyerFromOrder.
 */
export interface UpdParty {
  kind: 'company' | 'entrepreneur' | 'person';
  /** The full name as printed: «ООО "Ромашка"», «ИП Иванов Иван Иванович», «Иванов Иван». */
  name: string;
  inn: string;
  kpp: string;
  /** ОГРН or ОГРНИП; '' when not known. */
  ogrn: string;
  address: string;
  phone: string;
  bank: { name: string; bik: string; correspondentAccount: string; settlementAccount: string } | null;
  /** A sole trader's or a person's name in parts (the XML's ФИО); null for an organisation. */
  person: PersonName | null;
}

export interface ShipmentDocumentLine {
  /** 1-based row number. */
  position: number;
  orderItemId: number;
  orderId: number;
  article: string;
  brand: string;
  description: string;
  /** Column 1а: brand, article and description. */
  name: string;
  unitCode: string;
  unit: string;
  quantity: number;
  /** One piece, VAT included: what the client pays. */
  priceKopecks: number;
  /** Column 4: one piece without VAT, exact to the kopeck (the line's sum without VAT over its quantity, rounded). */
  priceWithoutVatKopecks: number;
  /** Column 5. */
  sumWithoutVatKopecks: number;
  /** Column 7: '20%', '5%', 'без НДС'. */
  vatRateLabel: string;
  /** Column 8; null: «без НДС». */
  vatKopecks: number | null;
  /** Column 9. */
  sumKopecks: number;
  /** Columns 10, 10а; null when the goods receipt did not say. */
  country: OriginCountry | null;
  /** Column 11: the customs declaration (ГТД) number; '' when none. */
  customsDeclaration: string;
}

export interface ShipmentDocument {
  format: typeof SHIPMENT_DOCUMENT_FORMAT;
  id: number;
  number: string;
  /** When it was posted (ISO). */
  postedAt: string;
  /** 'dd.MM.yyyy' and 'HH.mm.ss' in the shop's time zone. */
  date: string;
  time: string;
  /** 1: счёт-фактура and transfer document (VAT); 2: transfer document only (no VAT). */
  status: 1 | 2;
  /** The XML's Функция: СЧФДОП for status 1, ДОП for status 2. */
  function: 'СЧФДОП' | 'ДОП';
  seller: UpdParty;
  buyer: UpdParty;
  /** The shipper is the seller («он же»); the consignee is the buyer. */
  consignee: UpdParty;
  /** Row 5: payment documents of prepayments on the orders' bills. */
  payments: Array<{ number: string; date: string; sumKopecks: number }>;
  /** The basis of transfer: the orders. */
  basis: Array<{ name: string; number: string; date: string }>;
  lines: ShipmentDocumentLine[];
  vatRate: number | null;
  totalWithoutVatKopecks: number;
  vatKopecks: number | null;
  totalKopecks: number;
  amountInWords: string;
  /** Who handed the goods over (the staff member), printed under «Товар (груз) передал» and signing the XML. */
  issuedBy: PersonName & { position: string };
  xml: { fileId: string; guid: string; senderId: string; recipientId: string };
}

export interface ShipmentSourceLine {
  orderItemId: number;
  orderId: number;
  article: string;
  brand: string;
  description: string;
  quantity: number;
  priceKopecks: number;
  country: string | null;
  customsDeclaration: string | null;
}

export interface ShipmentSource {
  id: number;
  postedAt: Date;
  timeZone: string;
  requisites: ShopSettingValues['requisites'] | null;
  vatRate: number | null;
  buyer: UpdParty;
  lines: ShipmentSourceLine[];
  orders: Array<{ id: number; createdAt: Date }>;
  payments: Array<{ number: string; paidOn: string; amountKopecks: number }>;
  /** The staff member's name as the back office keeps it; null from the command line. */
  issuedBy: string | null;
  guid: string;
}

/** 'Иванов Иван Иванович' in parts; a missing part is '—' where the format needs one (a surname and a name). */
export function personName(full: string): PersonName {
  const [lastName = '', firstName = '', ...rest] = full.trim().split(/\s+/).filter(Boolean);
  return { lastName: lastName || '—', firstName: firstName || '—', middleName: rest.join(' ') };
}

/** The seller from the shop's requisites: an organisation (10-digit INN) or a sole trader (12 digits). */
export function sellerParty(requisites: ShopSettingValues['requisites'] | null): UpdParty {
  const r = requisites ?? {
    name: '',
    inn: '',
    kpp: '',
    address: '',
    bank_name: '',
    bik: '',
    settlement_account: '',
    correspondent_account: '',
  };
  const entrepreneur = r.inn.length === 12;
  return {
    kind: entrepreneur ? 'entrepreneur' : 'company',
    name: r.name,
    inn: r.inn,
    kpp: entrepreneur ? '' : r.kpp,
    ogrn: '',
    address: r.address,
    phone: '',
    bank: r.bik
      ? {
          name: r.bank_name,
          bik: r.bik,
          correspondentAccount: r.correspondent_account,
          settlementAccount: r.settlement_account,
        }
      : null,
    person: entrepreneur ? personName(r.name.replace(/^ИП\s+|^Индивидуальный предприниматель\s+/i, '')) : null,
  };
}

/** What an order says of its buyer when no payer is recorded: the contact data of step 2. */
export interface OrderBuyer {
  firstName: string;
  lastName: string;
  middleName: string | null;
  companyName: string | null;
  phoneNumber: string;
  /** The client's INN (given at registration as a business), if any. */
  inn: string | null;
  address: string | null;
}

/**
 * The buyer as a person or, when the client registered as a business with an INN, as that organisation (10
 * digits) or sole trader (12). The payers work replaces this with the order's payer and its full requisites.
 */
export function buyerFromOrder(order: OrderBuyer): UpdParty {
  const person = {
    lastName: order.lastName.trim() || '—',
    firstName: order.firstName.trim() || '—',
    middleName: order.middleName?.trim() ?? '',
  };
  const fullName = [person.lastName, person.firstName, person.middleName].filter(Boolean).join(' ');
  const inn = order.inn ?? '';
  const base = { kpp: '', ogrn: '', address: order.address ?? '', phone: order.phoneNumber, bank: null };
  if (inn.length === 10 && order.companyName?.trim()) {
    return { ...base, kind: 'company', name: order.companyName.trim(), inn, person: null };
  }
  if (inn.length === 12) {
    return { ...base, kind: 'entrepreneur', name: `ИП ${fullName}`, inn, person };
  }
  return { ...base, kind: 'person', name: fullName, inn: '', person };
}

/** The buyer as the order's payer names it: an organisation or a sole trader with its full requisites. */
export function buyerFromPayer(payer: PayerRequisites, phone: string): UpdParty {
  const company = payer.kind === 'legal_entity';
  return {
    kind: company ? 'company' : 'entrepreneur',
    name: payer.full_name || payer.short_name,
    inn: payer.inn,
    kpp: company ? (payer.kpp ?? '') : '',
    ogrn: payer.ogrn,
    address: payer.legal_address,
    phone,
    bank: payer.bik
      ? {
          name: payer.bank_name,
          bik: payer.bik,
          correspondentAccount: payer.correspondent_account,
          settlementAccount: payer.settlement_account,
        }
      : null,
    person: company ? null : personName(payer.full_name.replace(/^(ИП|Индивидуальный предприниматель)\s+/i, '')),
  };
}

/** The participant id the XML file name carries: the operator's id when known; the INN (and KPP) here. */
const participantId = (party: UpdParty) => (party.inn ? [party.inn, party.kpp].filter(Boolean).join('-') : '0');

const zoned = (at: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.day}.${parts.month}.${parts.year}`,
    time: `${parts.hour}.${parts.minute}.${parts.second}`,
    compact: `${parts.year}${parts.month}${parts.day}`,
  };
};

const lineName = (line: ShipmentSourceLine) =>
  [line.brand, line.article, line.description]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** The document of a shipment being posted. */
export function composeShipment(source: ShipmentSource): ShipmentDocument {
  const { vatRate } = source;
  const when = zoned(source.postedAt, source.timeZone);
  const lines: ShipmentDocumentLine[] = source.lines.map((line, index) => {
    const sumKopecks = line.priceKopecks * line.quantity;
    const vatKopecks = vatRate === null ? null : includedVatKopecks(sumKopecks, vatRate);
    const sumWithoutVatKopecks = sumKopecks - (vatKopecks ?? 0);
    return {
      position: index + 1,
      orderItemId: line.orderItemId,
      orderId: line.orderId,
      article: line.article,
      brand: line.brand,
      description: line.description,
      name: lineName(line),
      unitCode: UNIT_CODE,
      unit: UNIT_NAME,
      quantity: line.quantity,
      priceKopecks: line.priceKopecks,
      priceWithoutVatKopecks: Math.round(sumWithoutVatKopecks / line.quantity),
      sumWithoutVatKopecks,
      vatRateLabel: vatRate === null ? NO_VAT_RATE : `${formatVatRate(vatRate)}%`,
      vatKopecks,
      sumKopecks,
      country: originCountry(line.country),
      customsDeclaration: line.customsDeclaration?.trim() ?? '',
    };
  });
  const totalKopecks = lines.reduce((sum, line) => sum + line.sumKopecks, 0);
  const vatKopecks = vatRate === null ? null : lines.reduce((sum, line) => sum + (line.vatKopecks ?? 0), 0);
  const seller = sellerParty(source.requisites);
  const status = vatRate === null ? 2 : 1;
  const senderId = participantId(seller);
  const recipientId = participantId(source.buyer);
  const issuer = source.issuedBy ? personName(source.issuedBy) : personName(seller.person ? seller.name : '');
  return {
    format: SHIPMENT_DOCUMENT_FORMAT,
    id: source.id,
    number: String(source.id),
    postedAt: source.postedAt.toISOString(),
    date: when.date,
    time: when.time,
    status,
    function: status === 1 ? 'СЧФДОП' : 'ДОП',
    seller,
    buyer: source.buyer,
    consignee: source.buyer,
    payments: source.payments.map((payment) => ({
      number: payment.number.slice(0, 30) || 'б/н',
      date: formatDate(`${payment.paidOn}T12:00:00Z`, 'UTC'),
      sumKopecks: payment.amountKopecks,
    })),
    basis: source.orders.map((order) => ({
      name: 'Заказ',
      number: String(order.id),
      date: formatDate(order.createdAt, source.timeZone),
    })),
    lines,
    vatRate,
    totalWithoutVatKopecks: totalKopecks - (vatKopecks ?? 0),
    vatKopecks,
    totalKopecks,
    amountInWords: amountInWords(totalKopecks),
    issuedBy: { ...issuer, position: source.issuedBy ? 'Менеджер' : 'Уполномоченное лицо' },
    xml: {
      guid: source.guid,
      senderId,
      recipientId,
      fileId: `ON_NSCHFDOPPR_${recipientId}_${senderId}_${when.compact}_${source.guid}_0_0_0_0_0_00`,
    },
  };
}

/** A stored document, checked to be of the format this code prints. */
export function storedShipmentDocument(value: unknown): ShipmentDocument {
  const document = value as ShipmentDocument;
  if (document?.format !== SHIPMENT_DOCUMENT_FORMAT) {
    throw new Error(`Stored shipment document of unknown format ${String(document?.format)}`);
  }
  return document;
}

/** What a correction document (УКД) records: each changed line before and after, and the totals. */
export interface CorrectionDocument {
  format: 1;
  shipmentId: number;
  /** The УПД corrected: its number and date. */
  shipmentNumber: string;
  shipmentDate: string;
  date: string;
  createdAt: string;
  reason: string;
  vatRate: number | null;
  lines: Array<{
    position: number;
    shipmentLineId: number;
    orderItemId: number;
    name: string;
    priceKopecks: number;
    quantityBefore: number;
    quantityAfter: number;
    sumBeforeKopecks: number;
    sumAfterKopecks: number;
    vatBeforeKopecks: number | null;
    vatAfterKopecks: number | null;
  }>;
  totalBeforeKopecks: number;
  totalAfterKopecks: number;
}
