/* Requisites with right check digits, for the contract's tests (and any test that needs a valid payer). */

/** Sberbank's public requisites (INN, KPP, OGRN, BIK, correspondent account) and a settlement account that fits. */
export const VALID_COMPANY_PAYER = {
  kind: 'legal_entity',
  full_name: 'Общество с ограниченной ответственностью «Колесо»',
  short_name: 'ООО «Колесо»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legal_address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  correspondent_account: '30101810400000000225',
  settlement_account: '40702810500000001234',
};

/** A sole trader: a 12-digit INN and a 15-digit OGRNIP with right check digits, no KPP. */
export const VALID_SOLE_TRADER_PAYER = {
  ...VALID_COMPANY_PAYER,
  kind: 'sole_trader',
  full_name: 'Индивидуальный предприниматель Петров Иван Сергеевич',
  short_name: 'ИП Петров И. С.',
  inn: '500100732259',
  kpp: null,
  ogrn: '304500116000157',
  settlement_account: '40802810200000001230',
};
