import { describe, expect, it } from 'vitest';
import {
  INVALID_PHONE_MESSAGE,
  normalizeRussianPhone,
  registrationRequestSchema,
  updateAccountRequestSchema,
} from './index.ts';

describe('normalizeRussianPhone', () => {
  it.each([
    ['+7 999 123-45-67', '+79991234567'],
    ['8 (999) 123 45 67', '+79991234567'],
    ['+7(999)123-45-67', '+79991234567'],
    ['7 999 1234567', '+79991234567'],
    ['89991234567', '+79991234567'],
    ['999 123-45-67', '+79991234567'],
    ['8 495 123.45.67', '+74951234567'],
    ['  +7 495 123 45 67  ', '+74951234567'],
  ])('%s -> %s', (typed, normalized) => {
    expect(normalizeRussianPhone(typed)).toBe(normalized);
  });

  it.each([
    ['a foreign code', '+380 44 123 45 67'],
    ['a plus before 8', '+8 999 123 45 67'],
    ['too few digits', '+7 999 123-45'],
    ['too many digits', '8 999 123 45 678'],
    ['letters', '+7 999 CALL-NOW'],
    ['an extension mark', '+7 999 123-45-67 доб. 5'],
    ['a plus in the middle', '7+9991234567'],
    ['11 digits with another first digit', '9 999 123 45 67'],
  ])('rejects %s', (_case, typed) => {
    expect(normalizeRussianPhone(typed)).toBeNull();
  });
});

describe('phone_number in the client requests', () => {
  const profile = { first_name: 'Иван', last_name: 'Петров', phone_number: '8 (999) 123 45 67' };

  it('arrives normalized', () => {
    expect(updateAccountRequestSchema.parse(profile).phone_number).toBe('+79991234567');
  });

  it('fails with the Russian message on phone_number when it is not a Russian number', () => {
    const result = registrationRequestSchema.safeParse({
      email: 'a@b.ru',
      password: 'long enough',
      password_confirmation: 'long enough',
      ...profile,
      phone_number: '12345',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['phone_number'], message: INVALID_PHONE_MESSAGE },
    ]);
  });
});
