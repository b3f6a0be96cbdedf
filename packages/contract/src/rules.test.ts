import { describe, expect, it } from 'vitest';
import {
  allErrors,
  firstError,
  isValidTimeInput,
  maxLength,
  minLength,
  required,
  TIME_INPUT_PATTERN,
  toTime24,
  validEmail,
  validTime,
} from './index.ts';

describe('required', () => {
  it.each([[''], ['   '], [null], [undefined], [[]]])('rejects %j', (value) => {
    expect(required()(value)).toBe('Обязательное поле');
  });

  it.each([['x'], [0], [false], [['a']]])('accepts %j', (value) => {
    expect(required()(value)).toBe(true);
  });

  it('takes its own message', () => {
    expect(required('Введите имя')('')).toBe('Введите имя');
  });
});

describe('validEmail', () => {
  it.each(['client@example.ru', 'first.last+tag@mail.example.com', 'info@магазин.рф', ' a@b.ru '])(
    'accepts %s',
    (value) => {
      expect(validEmail()(value)).toBe(true);
    },
  );

  it.each(['a@b', 'a b@c.ru', 'a@@b.ru', '.a@b.ru', 'a..b@c.ru', 'a.@b.ru', 'no-at.ru', 42])('rejects %j', (value) => {
    expect(validEmail()(value)).toBe('Введите корректный e-mail');
  });

  it('passes an empty value (required is a separate rule)', () => {
    expect(validEmail()('')).toBe(true);
  });
});

describe('minLength and maxLength', () => {
  it('count trimmed characters, with the Russian genitive', () => {
    expect(minLength(8)('1234567')).toBe('Не менее 8 символов');
    expect(minLength(8)('12345678')).toBe(true);
    expect(minLength(1)(' ')).toBe(true);
    expect(minLength(2)('a')).toBe('Не менее 2 символов');
    expect(maxLength(21)('x'.repeat(22))).toBe('Не более 21 символа');
    expect(maxLength(3)('abc')).toBe(true);
    expect(maxLength(3)('  abc  ')).toBe(true);
  });

  it('count characters, not UTF-16 units', () => {
    expect(maxLength(2)('🚗🚗')).toBe(true);
  });

  it('take their own message', () => {
    expect(minLength(8, 'Пароль должен содержать не менее 8 символов')('short')).toBe(
      'Пароль должен содержать не менее 8 символов',
    );
  });
});

describe('firstError and allErrors', () => {
  const rules = [required(), minLength(5), validEmail()];

  it('give one error per field by default', () => {
    expect(firstError('', rules)).toBe('Обязательное поле');
    expect(firstError('ab', rules)).toBe('Не менее 5 символов');
    expect(firstError('client@example.ru', rules)).toBeNull();
  });

  it('or all of them', () => {
    expect(allErrors('ab', rules)).toEqual(['Не менее 5 символов', 'Введите корректный e-mail']);
    expect(allErrors('client@example.ru', rules)).toEqual([]);
  });
});

describe('time input', () => {
  it.each([
    '00:00',
    '23:59',
    '9:30',
    '12:30:15',
    '12:30 pm',
    '12:30PM',
    '1:05am',
    '01:05 AM',
    '11:59:59 pm',
    '07:00:00 Am',
  ])('accepts %s', (value) => {
    expect(isValidTimeInput(value)).toBe(true);
    expect(TIME_INPUT_PATTERN.test(value)).toBe(true);
  });

  it.each([
    '24:00',
    '12:60',
    '13:00 pm',
    '00:30 am',
    '0:30 am',
    '12:3',
    '1230',
    'ab:cd',
    '12:30 p',
    '12:30:60',
    '12:30  pm',
    '',
  ])('rejects %j', (value) => {
    expect(isValidTimeInput(value)).toBe(false);
  });

  it('validTime is a rule', () => {
    expect(validTime()('25:00')).toBe('Введите время в формате чч:мм');
    expect(validTime()('10:15')).toBe(true);
    expect(validTime()('')).toBe(true);
  });

  it.each([
    ['12:30 am', '00:30'],
    ['12:30 pm', '12:30'],
    ['7:05 PM', '19:05'],
    ['9:30', '09:30'],
    ['23:15:09', '23:15:09'],
    ['11:59:59 pm', '23:59:59'],
  ])('toTime24(%s) = %s', (value, expected) => {
    expect(toTime24(value)).toBe(expected);
  });

  it('toTime24 gives null on an invalid time', () => {
    expect(toTime24('25:00')).toBeNull();
  });
});
