import { describe, expect, it } from 'vitest';
import {
  INN_CHECKSUM_MESSAGE,
  OGRNIP_FORMAT_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
} from '@detal/contract/browser';
import { ApiError } from '../../lib/api/errors.ts';
import { checkRegistration, FOR_COMPANY_FIELD, PAYER_PREFIX } from '../clients/registration-action.ts';
import { checkPayer, payerServerErrors } from './payer-form.ts';

const COMPANY = {
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

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};
const prefixed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [PAYER_PREFIX + name, value]));

const PERSON = {
  last_name: 'Колесников',
  first_name: 'Пётр',
  middle_name: '',
  company_name: '',
  phone_number: '+7 916 555-12-34',
  email: 'wheel@example.ru',
  password: 'payers password',
  password_confirmation: 'payers password',
};

describe('the payer form in the browser', () => {
  it('checks with the contract’s check digits and sends no KPP for a sole trader', () => {
    expect(checkPayer(formOf({ ...COMPANY, inn: '7707083894' }))).toEqual({ errors: { inn: INN_CHECKSUM_MESSAGE } });
    expect(checkPayer(formOf({ ...COMPANY, settlement_account: '40702810500000001235' }))).toEqual({
      errors: { settlement_account: SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE },
    });
    expect(checkPayer(formOf({ ...COMPANY, kind: 'sole_trader', inn: '500100732259', kpp: '' }))).toEqual({
      errors: { ogrn: OGRNIP_FORMAT_MESSAGE },
    });
    expect(checkPayer(formOf(COMPANY))).toEqual({ payer: COMPANY });
  });

  it('registration sends the payer only when «Я покупаю для организации» is checked', () => {
    expect(checkRegistration(formOf({ ...PERSON, ...prefixed({ ...COMPANY, inn: 'x' }) }))).toEqual({ body: PERSON });
    const business = checkRegistration(formOf({ ...PERSON, [FOR_COMPANY_FIELD]: 'on', ...prefixed(COMPANY) }));
    expect(business).toEqual({ body: { ...PERSON, payer: COMPANY } });
    const wrong = checkRegistration(
      formOf({ ...PERSON, [FOR_COMPANY_FIELD]: 'on', ...prefixed({ ...COMPANY, inn: '7707083894' }) }),
    );
    expect(wrong).toEqual({ errors: { payer: { inn: INN_CHECKSUM_MESSAGE } } });
  });

  it('reads the server’s messages under payer.<field>', () => {
    const refusal = new ApiError({
      message: 'Проверьте правильность заполнения полей',
      status: 422,
      method: 'POST',
      url: '/api/v1/shop/client-registration',
      body: {
        message: 'Проверьте правильность заполнения полей',
        error: { 'payer.ogrn': ['ОГРН введён с ошибкой: не сходится контрольная цифра'], email: ['Занят'] },
      },
    });
    expect(payerServerErrors(refusal, PAYER_PREFIX)).toEqual({
      ogrn: 'ОГРН введён с ошибкой: не сходится контрольная цифра',
    });
  });
});
