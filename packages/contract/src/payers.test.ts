import { describe, expect, it } from 'vitest';
import { registrationRequestSchema } from './clients.ts';
import { payerCreateRequestSchema, payerInputSchema, payerUpdateRequestSchema } from './payers.ts';
import { INN_CHECKSUM_MESSAGE, KPP_MESSAGE, SOLE_TRADER_KPP_MESSAGE } from './requisites.ts';
import { VALID_COMPANY_PAYER, VALID_SOLE_TRADER_PAYER } from './requisites.fixtures.ts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? {} : Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));

describe('payer requests', () => {
  it('normalizes what people type: spaces out of the numbers, KPP in capitals, no KPP for a sole trader', () => {
    expect(
      payerInputSchema.parse({
        ...VALID_COMPANY_PAYER,
        inn: ' 7707 083 893 ',
        kpp: '7736ab001',
        short_name: '  ООО «Колесо» ',
      }),
    ).toMatchObject({ inn: '7707083893', kpp: '7736AB001', short_name: 'ООО «Колесо»' });
    expect(payerInputSchema.parse({ ...VALID_SOLE_TRADER_PAYER, kpp: '' }).kpp).toBeNull();
    expect(issuesOf(payerInputSchema.safeParse({ ...VALID_SOLE_TRADER_PAYER, kpp: '773601001' }))).toEqual({
      kpp: SOLE_TRADER_KPP_MESSAGE,
    });
  });

  it('keeps the extra fields of create and update', () => {
    expect(payerCreateRequestSchema.parse({ ...VALID_COMPANY_PAYER })).toMatchObject({ is_default: false });
    expect(payerUpdateRequestSchema.parse({ ...VALID_COMPANY_PAYER, id: 5, is_default: true })).toMatchObject({
      id: 5,
      is_default: true,
      inn: '7707083893',
    });
    expect(issuesOf(payerUpdateRequestSchema.safeParse({ ...VALID_COMPANY_PAYER }))).toHaveProperty('id');
  });

  it('registration: the payer block is optional, checked under payer.<field>, and replaces the bare INN check', () => {
    const person = {
      email: 'b2b@example.ru',
      password: 'correct horse 42',
      password_confirmation: 'correct horse 42',
      first_name: 'Иван',
      last_name: 'Петров',
      phone_number: '+7 999 123-45-67',
    };
    expect(registrationRequestSchema.parse(person).payer).toBeNull();
    expect(registrationRequestSchema.parse({ ...person, payer: VALID_COMPANY_PAYER }).payer).toMatchObject({
      kind: 'legal_entity',
      inn: '7707083893',
    });
    // A business with a payer needs no separate company name and INN.
    expect(
      registrationRequestSchema.safeParse({ ...person, is_business: true, payer: VALID_COMPANY_PAYER }).success,
    ).toBe(true);
    expect(
      issuesOf(
        registrationRequestSchema.safeParse({
          ...person,
          payer: { ...VALID_COMPANY_PAYER, inn: '7707083894', kpp: 'x' },
        }),
      ),
    ).toEqual({ 'payer.inn': INN_CHECKSUM_MESSAGE, 'payer.kpp': KPP_MESSAGE });
  });
});
