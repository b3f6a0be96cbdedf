import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
  INN_CHECKSUM_MESSAGE,
  KPP_MESSAGE,
  LEGAL_ENTITY_INN_MESSAGE,
  OGRNIP_CHECKSUM_MESSAGE,
  OGRN_CHECKSUM_MESSAGE,
  OGRN_FORMAT_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  SOLE_TRADER_KPP_MESSAGE,
  isValidCorrespondentAccount,
  isValidInn,
  isValidKpp,
  isValidOgrn,
  isValidOgrnip,
  isValidSettlementAccount,
  payerBuyerLine,
  payerRequisitesErrors,
} from './requisites.ts';
import { VALID_COMPANY_PAYER, VALID_SOLE_TRADER_PAYER } from './requisites.fixtures.ts';

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

/** The check digit a valid OGRN (13) or OGRNIP (15) must end with, computed independently with BigInt. */
const ogrnCheck = (body: string, divisor: bigint) => String((BigInt(body) % divisor) % 10n);

describe('known requisites', () => {
  it.each([
    ['1027700132195', true],
    ['1027700132196', false],
    ['102770013219', false],
    ['10277001321950', false],
    ['10277001321a5', false],
  ])('OGRN %s -> %s', (ogrn, valid) => expect(isValidOgrn(ogrn)).toBe(valid));

  it.each([
    ['304500116000157', true],
    ['304500116000158', false],
    ['30450011600015', false],
  ])('OGRNIP %s -> %s', (ogrnip, valid) => expect(isValidOgrnip(ogrnip)).toBe(valid));

  it.each([
    ['773601001', true],
    ['7736AB001', true],
    ['7736ab001', false],
    ['77360100', false],
    ['77360100A', false],
  ])('KPP %s -> %s', (kpp, valid) => expect(isValidKpp(kpp)).toBe(valid));

  it('accepts a company and a sole trader with right requisites', () => {
    expect(payerRequisitesErrors(VALID_COMPANY_PAYER)).toEqual({});
    expect(payerRequisitesErrors(VALID_SOLE_TRADER_PAYER)).toEqual({});
    // Spaces in the numbers and a lower-case KPP are what people type: they are dropped / raised before checking.
    expect(
      payerRequisitesErrors({
        ...VALID_COMPANY_PAYER,
        inn: '7707 083 893',
        settlement_account: '4070 2810 5000 0000 1234',
      }),
    ).toEqual({});
  });

  it('names each wrong field in Russian', () => {
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, inn: '7707083894' })).toEqual({ inn: INN_CHECKSUM_MESSAGE });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, inn: '500100732259' })).toEqual({
      inn: LEGAL_ENTITY_INN_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, ogrn: '1027700132196' })).toEqual({
      ogrn: OGRN_CHECKSUM_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, ogrn: '304500116000157' })).toEqual({
      ogrn: OGRN_FORMAT_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, kpp: '77-36-01' })).toEqual({ kpp: KPP_MESSAGE });
    expect(payerRequisitesErrors({ ...VALID_SOLE_TRADER_PAYER, kpp: '773601001' })).toEqual({
      kpp: SOLE_TRADER_KPP_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_SOLE_TRADER_PAYER, ogrn: '304500116000158' })).toEqual({
      ogrn: OGRNIP_CHECKSUM_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, settlement_account: '40702810500000001235' })).toEqual({
      settlement_account: SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
    });
    expect(payerRequisitesErrors({ ...VALID_COMPANY_PAYER, bik: '044030653' })).toEqual({
      settlement_account: SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
      correspondent_account: CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
    });
    expect(Object.keys(payerRequisitesErrors({ kind: 'legal_entity' })).sort()).toEqual([
      'bank_name',
      'bik',
      'correspondent_account',
      'full_name',
      'inn',
      'kpp',
      'legal_address',
      'ogrn',
      'settlement_account',
      'short_name',
    ]);
  });

  it('prints the buyer with INN and KPP (none for a sole trader)', () => {
    expect(payerBuyerLine({ ...VALID_COMPANY_PAYER, kind: 'legal_entity' })).toBe(
      'Общество с ограниченной ответственностью «Колесо», ИНН 7707083893, КПП 773601001, 117997, г. Москва, ул. Вавилова, д. 19',
    );
    expect(payerBuyerLine({ ...VALID_SOLE_TRADER_PAYER, kind: 'sole_trader' })).not.toContain('КПП');
  });
});

describe('check digits: properties', () => {
  it('an OGRN is valid exactly when its last digit is the BigInt remainder rule', () => {
    fc.assert(
      fc.property(digits(12), digits(1), (body, last) => {
        expect(isValidOgrn(body + last)).toBe(last === ogrnCheck(body, 11n));
      }),
    );
  });

  it('an OGRNIP is valid exactly when its last digit is the BigInt remainder rule', () => {
    fc.assert(
      fc.property(digits(14), digits(1), (body, last) => {
        expect(isValidOgrnip(body + last)).toBe(last === ogrnCheck(body, 13n));
      }),
    );
  });

  it('every body has exactly one OGRN check digit, and changing any one digit of a valid OGRN breaks it', () => {
    fc.assert(
      fc.property(digits(12), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const valid = body + ogrnCheck(body, 11n);
        expect([...'0123456789'].filter((d) => isValidOgrn(body + d))).toHaveLength(1);
        const changed =
          valid.slice(0, position) + String((Number(valid[position]) + delta) % 10) + valid.slice(position + 1);
        // A single changed digit is caught unless the remainder moves by a multiple of 10 (11 ≡ 1 wraps): rare, exact.
        const expected = ogrnCheck(changed.slice(0, 12), 11n) === changed[12];
        expect(isValidOgrn(changed)).toBe(expected);
      }),
    );
  });

  it('a 10-digit INN has one right check digit; a 12-digit INN has one right pair', () => {
    fc.assert(
      fc.property(digits(9), (body) => {
        expect([...'0123456789'].filter((d) => isValidInn(body + d))).toHaveLength(1);
      }),
    );
    fc.assert(
      fc.property(digits(10), (body) => {
        const pairs = [...'0123456789'].flatMap((a) => [...'0123456789'].map((b) => a + b));
        expect(pairs.filter((pair) => isValidInn(body + pair))).toHaveLength(1);
      }),
      { numRuns: 30 },
    );
  });

  it('for any BIK and account body exactly one control digit fits, and it differs between settlement and correspondent keys only by the BIK digits used', () => {
    fc.assert(
      fc.property(digits(7), digits(20), fc.nat(9), (bikTail, account, _unused) => {
        const bik = `04${bikTail}`;
        const fits = [...'0123456789'].filter((d) =>
          isValidSettlementAccount(account.slice(0, 8) + d + account.slice(9), bik),
        );
        expect(fits).toHaveLength(1);
        const corr = [...'0123456789'].filter((d) =>
          isValidCorrespondentAccount(account.slice(0, 8) + d + account.slice(9), bik),
        );
        expect(corr).toHaveLength(1);
      }),
    );
  });

  it('never throws and never accepts what is not digits, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() =>
          payerRequisitesErrors({ kind: 'legal_entity', inn: text, ogrn: text, kpp: text, bik: text }),
        ).not.toThrow();
        if (!/^\d+$/.test(text)) {
          expect(isValidInn(text) || isValidOgrn(text) || isValidOgrnip(text)).toBe(false);
        }
      }),
    );
  });
});
