/**
 * The journeys' workshop buying as a company (issues 30 and 31): Sberbank's public INN, KPP, OGRN and BIK, whose
 * check digits pass the shop's checks, a settlement account that fits the BIK, under a workshop's name.
 */
export const WORKSHOP_PAYER = {
  kind: 'legal_entity',
  full_name: 'Общество с ограниченной ответственностью «Автосервис»',
  short_name: 'ООО «Автосервис»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legal_address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  correspondent_account: '30101810400000000225',
  settlement_account: '40702810500000001234',
} as const;
