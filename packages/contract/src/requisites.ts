/**
 * Russian company requisites and their check digits, in one place (issue 30, decision 0052): the INN (Federal Tax
 * Service weights), the OGRN and OGRNIP (the remainder of the number before the check digit), the KPP's shape, and
 * the Central Bank's control key of an account against its bank's BIK. The shop's own requisites (settings), a
 * client's payers and the registration form all check with these functions. No zod here: the storefront's forms
 * check as the client types with the same code the server refuses with (browser.ts re-exports this file).
 */

const INN_WEIGHTS_10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

const innCheckDigit = (digits: readonly number[], weights: readonly number[]): number =>
  (weights.reduce((sum, weight, index) => sum + weight * digits[index]!, 0) % 11) % 10;

/**
 * True for a valid Russian INN: 10 digits (a company; the last is a check digit) or 12 (a person or sole trader;
 * the last two are), check digits by the Federal Tax Service's weights.
 */
export function isValidInn(inn: string): boolean {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return false;
  const digits = [...inn].map(Number);
  if (digits.length === 10) return innCheckDigit(digits, INN_WEIGHTS_10) === digits[9];
  return innCheckDigit(digits, INN_WEIGHTS_11) === digits[10] && innCheckDigit(digits, INN_WEIGHTS_12) === digits[11];
}

/** The remainder of a long decimal number (digits as text) by a small divisor, without floats or BigInt. */
const remainderOf = (digits: string, divisor: number): number =>
  [...digits].reduce((remainder, digit) => (remainder * 10 + Number(digit)) % divisor, 0);

/** An OGRN (13 digits, a company): the last digit is the first 12's remainder by 11, its last digit. */
export function isValidOgrn(ogrn: string): boolean {
  return /^\d{13}$/.test(ogrn) && remainderOf(ogrn.slice(0, 12), 11) % 10 === Number(ogrn[12]);
}

/** An OGRNIP (15 digits, a sole trader): the last digit is the first 14's remainder by 13, its last digit. */
export function isValidOgrnip(ogrnip: string): boolean {
  return /^\d{15}$/.test(ogrnip) && remainderOf(ogrnip.slice(0, 14), 13) % 10 === Number(ogrnip[14]);
}

/** KPP: 4 digits (tax office), 2 digits or capital Latin letters (reason), 3 digits. */
export const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;
export const isValidKpp = (kpp: string): boolean => KPP_PATTERN.test(kpp);

const ACCOUNT_WEIGHTS = [7, 1, 3] as const;

/** The control key of 23 digits (3 of the BIK, then the 20 of the account): the weighted sum ends in 0. */
function accountKeyValid(digits23: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits23.length; index += 1) {
    sum += (Number(digits23[index]) * ACCOUNT_WEIGHTS[index % 3]!) % 10;
  }
  return sum % 10 === 0;
}

export const isValidBik = (bik: string): boolean => /^04\d{7}$/.test(bik);

/** A settlement account at the bank of `bik`: its key with the BIK's last three digits. */
export function isValidSettlementAccount(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && isValidBik(bik) && accountKeyValid(bik.slice(6, 9) + account);
}

/** The bank's correspondent account at the Central Bank: its key with "0" and the BIK's fifth and sixth digits. */
export function isValidCorrespondentAccount(account: string, bik: string): boolean {
  return /^\d{20}$/.test(account) && isValidBik(bik) && accountKeyValid(`0${bik.slice(4, 6)}${account}`);
}

export const INN_FORMAT_MESSAGE = 'ИНН состоит из 10 цифр (организация) или 12 цифр (ИП)';
export const INN_CHECKSUM_MESSAGE = 'ИНН введён с ошибкой: не сходится контрольная цифра';
export const KPP_MESSAGE = 'КПП состоит из 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры';
export const BIK_MESSAGE = 'БИК состоит из 9 цифр и начинается с 04';
export const ACCOUNT_FORMAT_MESSAGE = 'Счёт состоит из 20 цифр';
export const SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE = 'Расчётный счёт не сходится с БИК: проверьте счёт и БИК';
export const CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE = 'Корреспондентский счёт не сходится с БИК: проверьте счёт и БИК';
export const CORRESPONDENT_ACCOUNT_PREFIX_MESSAGE = 'Корреспондентский счёт банка начинается с 30101';

/* A payer's requisites (issue 30): a company (юридическое лицо) or a sole trader (ИП). */

export const PAYER_KINDS = ['legal_entity', 'sole_trader'] as const;
export type PayerKind = (typeof PAYER_KINDS)[number];
export const PAYER_KIND_NAMES: Record<PayerKind, string> = {
  legal_entity: 'Юридическое лицо',
  sole_trader: 'Индивидуальный предприниматель',
};

export const PAYER_KIND_MESSAGE = 'Выберите: юридическое лицо или ИП';
export const PAYER_FULL_NAME_MESSAGE = 'Укажите полное наименование';
export const PAYER_SHORT_NAME_MESSAGE = 'Укажите краткое наименование';
export const PAYER_ADDRESS_MESSAGE = 'Укажите юридический адрес';
export const PAYER_BANK_NAME_MESSAGE = 'Укажите банк';
export const PAYER_INN_REQUIRED_MESSAGE = 'Укажите ИНН';
export const LEGAL_ENTITY_INN_MESSAGE = 'ИНН организации состоит из 10 цифр';
export const SOLE_TRADER_INN_MESSAGE = 'ИНН индивидуального предпринимателя состоит из 12 цифр';
export const KPP_REQUIRED_MESSAGE = 'Укажите КПП организации';
export const SOLE_TRADER_KPP_MESSAGE = 'У ИП нет КПП: оставьте поле пустым';
export const OGRN_REQUIRED_MESSAGE = 'Укажите ОГРН';
export const OGRNIP_REQUIRED_MESSAGE = 'Укажите ОГРНИП';
export const OGRN_FORMAT_MESSAGE = 'ОГРН организации состоит из 13 цифр';
export const OGRNIP_FORMAT_MESSAGE = 'ОГРНИП состоит из 15 цифр';
export const OGRN_CHECKSUM_MESSAGE = 'ОГРН введён с ошибкой: не сходится контрольная цифра';
export const OGRNIP_CHECKSUM_MESSAGE = 'ОГРНИП введён с ошибкой: не сходится контрольная цифра';
export const BIK_REQUIRED_MESSAGE = 'Укажите БИК банка';
export const SETTLEMENT_ACCOUNT_REQUIRED_MESSAGE = 'Укажите расчётный счёт';
export const CORRESPONDENT_ACCOUNT_REQUIRED_MESSAGE = 'Укажите корреспондентский счёт';

/** Field lengths (the database keeps the same limits). */
export const PAYER_LIMITS = { full_name: 500, short_name: 200, legal_address: 500, bank_name: 300 } as const;

/** The requisites as typed: text fields, before spaces are dropped from the numbers. */
export interface PayerRequisitesInput {
  kind: string;
  full_name: string;
  short_name: string;
  inn: string;
  kpp: string | null;
  ogrn: string;
  legal_address: string;
  bank_name: string;
  bik: string;
  correspondent_account: string;
  settlement_account: string;
}

export type PayerField = keyof PayerRequisitesInput;

/** Numbers are typed with spaces (and KPP in any case): these are dropped before checking and storing. */
export const compactNumber = (value: string | null | undefined): string => (value ?? '').replace(/\s/g, '');
export const compactKpp = (value: string | null | undefined): string => compactNumber(value).toUpperCase();

/** The bank part's checks, shared by the shop's own requisites and a payer's. */
export function bankAccountErrors(
  bik: string,
  settlementAccount: string,
  correspondentAccount: string,
): Partial<Record<'bik' | 'settlement_account' | 'correspondent_account', string>> {
  const errors: Partial<Record<'bik' | 'settlement_account' | 'correspondent_account', string>> = {};
  if (!isValidBik(bik)) errors.bik = BIK_MESSAGE;
  if (!/^\d{20}$/.test(settlementAccount)) errors.settlement_account = ACCOUNT_FORMAT_MESSAGE;
  if (!/^\d{20}$/.test(correspondentAccount)) errors.correspondent_account = ACCOUNT_FORMAT_MESSAGE;
  if (errors.bik) return errors;
  if (!errors.settlement_account && !isValidSettlementAccount(settlementAccount, bik)) {
    errors.settlement_account = SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE;
  }
  if (!errors.correspondent_account) {
    if (!correspondentAccount.startsWith('30101')) errors.correspondent_account = CORRESPONDENT_ACCOUNT_PREFIX_MESSAGE;
    else if (!isValidCorrespondentAccount(correspondentAccount, bik)) {
      errors.correspondent_account = CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE;
    }
  }
  return errors;
}

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * Every problem of a payer's requisites, one Russian message per field (empty: all right). The contract's
 * schema refuses with these (422), the storefront's form shows them as the client types.
 */
export function payerRequisitesErrors(input: Partial<PayerRequisitesInput>): Partial<Record<PayerField, string>> {
  const errors: Partial<Record<PayerField, string>> = {};
  const kind = input.kind;
  const legal = kind === 'legal_entity';
  if (kind !== 'legal_entity' && kind !== 'sole_trader') errors.kind = PAYER_KIND_MESSAGE;
  const texts: [PayerField & keyof typeof PAYER_LIMITS, string][] = [
    ['full_name', PAYER_FULL_NAME_MESSAGE],
    ['short_name', PAYER_SHORT_NAME_MESSAGE],
    ['legal_address', PAYER_ADDRESS_MESSAGE],
    ['bank_name', PAYER_BANK_NAME_MESSAGE],
  ];
  for (const [field, message] of texts) {
    const value = (input[field] ?? '').trim();
    if (value === '') errors[field] = message;
    else if ([...value].length > PAYER_LIMITS[field]) errors[field] = `Не более ${PAYER_LIMITS[field]} символов`;
  }

  const inn = compactNumber(input.inn);
  if (inn === '') errors.inn = PAYER_INN_REQUIRED_MESSAGE;
  else if (!/^\d+$/.test(inn) || (inn.length !== 10 && inn.length !== 12)) errors.inn = INN_FORMAT_MESSAGE;
  else if (kind === 'legal_entity' && inn.length !== 10) errors.inn = LEGAL_ENTITY_INN_MESSAGE;
  else if (kind === 'sole_trader' && inn.length !== 12) errors.inn = SOLE_TRADER_INN_MESSAGE;
  else if (!isValidInn(inn)) errors.inn = INN_CHECKSUM_MESSAGE;

  const kpp = compactKpp(input.kpp);
  if (legal) {
    if (kpp === '') errors.kpp = KPP_REQUIRED_MESSAGE;
    else if (!isValidKpp(kpp)) errors.kpp = KPP_MESSAGE;
  } else if (kind === 'sole_trader' && kpp !== '') {
    errors.kpp = SOLE_TRADER_KPP_MESSAGE;
  }

  const ogrn = compactNumber(input.ogrn);
  if (ogrn === '') errors.ogrn = legal || kind !== 'sole_trader' ? OGRN_REQUIRED_MESSAGE : OGRNIP_REQUIRED_MESSAGE;
  else if (kind === 'sole_trader') {
    if (!/^\d{15}$/.test(ogrn)) errors.ogrn = OGRNIP_FORMAT_MESSAGE;
    else if (!isValidOgrnip(ogrn)) errors.ogrn = OGRNIP_CHECKSUM_MESSAGE;
  } else if (legal) {
    if (!/^\d{13}$/.test(ogrn)) errors.ogrn = OGRN_FORMAT_MESSAGE;
    else if (!isValidOgrn(ogrn)) errors.ogrn = OGRN_CHECKSUM_MESSAGE;
  }

  const bik = compactNumber(input.bik);
  const settlement = compactNumber(input.settlement_account);
  const correspondent = compactNumber(input.correspondent_account);
  const bank = bankAccountErrors(bik, settlement, correspondent);
  if (blank(input.bik)) bank.bik = BIK_REQUIRED_MESSAGE;
  if (blank(input.settlement_account)) bank.settlement_account = SETTLEMENT_ACCOUNT_REQUIRED_MESSAGE;
  if (blank(input.correspondent_account)) bank.correspondent_account = CORRESPONDENT_ACCOUNT_REQUIRED_MESSAGE;
  return { ...errors, ...bank };
}

/** What an order and its documents keep of the payer chosen: the requisites as they were then. */
export interface PayerRequisites {
  kind: PayerKind;
  full_name: string;
  short_name: string;
  inn: string;
  kpp: string | null;
  ogrn: string;
  legal_address: string;
  bank_name: string;
  bik: string;
  correspondent_account: string;
  settlement_account: string;
}

/**
 * The buyer as a bill prints it: «ООО «Ромашка», ИНН 7707083893, КПП 773601001, 117997, г. Москва, …»
 * (an ИП has no KPP).
 */
export function payerBuyerLine(payer: PayerRequisites): string {
  return [payer.full_name.trim(), `ИНН ${payer.inn}`, payer.kpp ? `КПП ${payer.kpp}` : null, payer.legal_address.trim()]
    .filter(Boolean)
    .join(', ');
}
