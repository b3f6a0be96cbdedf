import { describe, expect, it } from 'vitest';
import {
  CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  adminSettingsSaveSchema,
  deliveryMethodsSchema,
  isValidCorrespondentAccount,
  isValidSettlementAccount,
  requisitesSchema,
} from './admin-settings.ts';
import { INN_CHECKSUM_MESSAGE } from './clients.ts';

/** Sberbank's BIK and correspondent account (public), and a settlement account whose key fits them. */
export const VALID_REQUISITES = {
  name: 'ООО «Ромашка»',
  inn: '7707083893',
  kpp: '773601001',
  address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  settlement_account: '40702810500000001234',
  correspondent_account: '30101810400000000225',
};

const messagesOf = (input: unknown) => {
  const result = requisitesSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('requisites: check digits (the Central Bank algorithm)', () => {
  it('accepts real-shaped requisites, spaces in the numbers allowed', () => {
    expect(messagesOf(VALID_REQUISITES)).toEqual({});
    expect(messagesOf({ ...VALID_REQUISITES, settlement_account: '4070 2810 5000 0000 1234' })).toEqual({});
    // A 12-digit INN (a sole trader) with both check digits right.
    expect(messagesOf({ ...VALID_REQUISITES, inn: '500100732259' })).toEqual({});
  });

  it('names every field whose check digits do not add up, in Russian', () => {
    expect(messagesOf({ ...VALID_REQUISITES, inn: '7707083894' })).toEqual({ inn: INN_CHECKSUM_MESSAGE });
    expect(messagesOf({ ...VALID_REQUISITES, inn: '500100732258' })).toEqual({ inn: INN_CHECKSUM_MESSAGE });
    expect(messagesOf({ ...VALID_REQUISITES, settlement_account: '40702810500000001235' })).toEqual({
      settlement_account: SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
    });
    expect(messagesOf({ ...VALID_REQUISITES, correspondent_account: '30101810400000000226' })).toEqual({
      correspondent_account: CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
    });
    // A wrong BIK: its own format message; the accounts then cannot be checked against it.
    expect(Object.keys(messagesOf({ ...VALID_REQUISITES, bik: '12345' }))).toEqual(['bik']);
    // Another bank's BIK makes both accounts fail.
    expect(Object.keys(messagesOf({ ...VALID_REQUISITES, bik: '044030653' })).sort()).toEqual([
      'correspondent_account',
      'settlement_account',
    ]);
    expect(messagesOf({ ...VALID_REQUISITES, kpp: '77360100' })).toHaveProperty('kpp');
  });

  it('checks the key with the BIK digits each account uses', () => {
    expect(isValidSettlementAccount('40702810500000001234', '044525225')).toBe(true);
    expect(isValidCorrespondentAccount('30101810400000000225', '044525225')).toBe(true);
    expect(isValidCorrespondentAccount('30101810400000000225', '044525226')).toBe(true); // last 3 not used
    expect(isValidSettlementAccount('40702810500000001234', '044525226')).toBe(false);
  });
});

describe('settings save', () => {
  it('takes delivery prices in whole kopecks only, and any subset of the sections', () => {
    const method = { id: 1, name: 'Курьер', price_kopecks: 35000, description: '', needs_address: true };
    expect(deliveryMethodsSchema.safeParse([method]).success).toBe(true);
    expect(deliveryMethodsSchema.safeParse([{ ...method, price_kopecks: 350.5 }]).success).toBe(false);
    expect(deliveryMethodsSchema.safeParse([method, method]).success).toBe(false);
    expect(adminSettingsSaveSchema.safeParse({ vat: { rate: 20 } }).success).toBe(true);
    expect(adminSettingsSaveSchema.safeParse({ vat: { rate: 13 } }).success).toBe(false);
    expect(adminSettingsSaveSchema.safeParse({ staff_notification: { email: null } }).success).toBe(true);
  });
});
