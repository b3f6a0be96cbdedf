import { describe, expect, it } from 'vitest';
import {
  BUSINESS_COMPANY_REQUIRED_MESSAGE,
  BUSINESS_INN_REQUIRED_MESSAGE,
  INN_CHECKSUM_MESSAGE,
  INN_FORMAT_MESSAGE,
  isValidInn,
  registrationRequestSchema,
} from './clients.ts';

describe('isValidInn: 10 digits with one check digit, 12 with two', () => {
  it.each([
    ['7707083893', true],
    ['500100732259', true],
    ['7707083894', false],
    ['500100732258', false],
    ['500100732269', false],
    ['770708389', false],
    ['77070838931', false],
    ['77070838a3', false],
  ])('%s -> %s', (inn, valid) => {
    expect(isValidInn(inn)).toBe(valid);
  });
});

const registration = (overrides: Record<string, unknown>) => ({
  email: 'b2b@example.ru',
  password: 'correct horse 42',
  password_confirmation: 'correct horse 42',
  first_name: 'Иван',
  last_name: 'Петров',
  phone_number: '+7 999 123-45-67',
  ...overrides,
});

const messagesOf = (input: unknown) => {
  const result = registrationRequestSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('a business registration', () => {
  it('is optional: a private buyer sends neither flag nor INN', () => {
    const parsed = registrationRequestSchema.parse(registration({}));
    expect(parsed).toMatchObject({ is_business: false, inn: null });
  });

  it('takes a company name and a valid INN, spaces allowed', () => {
    const parsed = registrationRequestSchema.parse(
      registration({ is_business: true, company_name: 'ООО «Колесо»', inn: '7707 083 893' }),
    );
    expect(parsed).toMatchObject({ is_business: true, company_name: 'ООО «Колесо»', inn: '7707083893' });
  });

  it('refuses a business without company name and INN, in Russian, field by field', () => {
    expect(messagesOf(registration({ is_business: true }))).toEqual({
      company_name: BUSINESS_COMPANY_REQUIRED_MESSAGE,
      inn: BUSINESS_INN_REQUIRED_MESSAGE,
    });
  });

  it('refuses an INN of the wrong length or with a wrong check digit', () => {
    expect(messagesOf(registration({ is_business: true, company_name: 'ООО', inn: '12345' }))).toEqual({
      inn: INN_FORMAT_MESSAGE,
    });
    expect(messagesOf(registration({ is_business: true, company_name: 'ООО', inn: '7707083894' }))).toEqual({
      inn: INN_CHECKSUM_MESSAGE,
    });
  });
});
