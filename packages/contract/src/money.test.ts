import { describe, expect, it } from 'vitest';
import {
  fromKopecks,
  isExactMoney,
  kopecksToDecimal,
  moneySchema,
  multiplyMoney,
  roublesFromDecimal,
  sumMoney,
  toKopecks,
} from './index.ts';

describe('toKopecks', () => {
  it.each([
    ['1234.50', 123_450],
    [1234.5, 123_450],
    ['1234,50', 123_450],
    ['1\u00A0234,50', 123_450],
    [' 12 ', 1200],
    ['0.1', 10],
    ['.5', 50],
    [0, 0],
    [-0, 0],
    ['-12.34', -1234],
    [1_000_000_000.99, 100_000_000_099],
    ['1234.5000', 123_450],
  ] as const)('%j -> %d kopecks', (input, kopecks) => {
    expect(toKopecks(input)).toBe(kopecks);
  });

  it('reads a float sum by its decimal text, not its binary error', () => {
    expect(toKopecks(0.1 + 0.2)).toBe(30);
    expect(toKopecks(1.1 * 3)).toBe(330);
  });

  it('rounds more than two decimals half away from zero on the decimal text', () => {
    // 1.005 is 1.00499999999999989… in binary; toFixed(2) would give 1.00.
    expect(toKopecks(1.005)).toBe(101);
    expect(toKopecks('-1.005')).toBe(-101);
    expect(toKopecks('2.344')).toBe(234);
  });

  it('reads numbers that print with an exponent', () => {
    expect(toKopecks(1e-7)).toBe(0);
    expect(toKopecks('1.5e3')).toBe(150_000);
  });

  it.each(['', 'abc', '1.2.3', '1,234.50', '12a', '--1', 'Infinity'])('rejects %j', (input) => {
    expect(() => toKopecks(input)).toThrow(RangeError);
  });

  it('rejects non-finite numbers and amounts beyond safe integer kopecks', () => {
    expect(() => toKopecks(Number.NaN)).toThrow(RangeError);
    expect(() => toKopecks(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toKopecks(1e21)).toThrow(RangeError);
  });
});

describe('fromKopecks and kopecksToDecimal', () => {
  it('gives the JSON number in roubles', () => {
    expect(fromKopecks(123_450)).toBe(1234.5);
    expect(fromKopecks(5)).toBe(0.05);
    expect(fromKopecks(-1234)).toBe(-12.34);
    expect(fromKopecks(100_000_000_099)).toBe(1_000_000_000.99);
  });

  it('gives the decimal text for NUMERIC columns', () => {
    expect(kopecksToDecimal(0)).toBe('0.00');
    expect(kopecksToDecimal(5)).toBe('0.05');
    expect(kopecksToDecimal(-5)).toBe('-0.05');
    expect(kopecksToDecimal(123_450)).toBe('1234.50');
  });

  it('refuses fractional kopecks', () => {
    expect(() => fromKopecks(1.5)).toThrow(RangeError);
  });
});

describe('multiplyMoney and sumMoney', () => {
  it('multiply through kopecks', () => {
    expect(multiplyMoney(0.1, 3)).toBe(0.3);
    expect(multiplyMoney('1234.50', 2)).toBe(2469);
    expect(multiplyMoney(19.99, 0)).toBe(0);
    expect(multiplyMoney(1_000_000_000.99, 1)).toBe(1_000_000_000.99);
  });

  it('refuses a fractional quantity', () => {
    expect(() => multiplyMoney(10, 1.5)).toThrow(RangeError);
  });

  it('sums through kopecks', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([])).toBe(0);
    expect(sumMoney(['1234,50', 0.5, -1])).toBe(1234);
  });
});

describe('moneySchema', () => {
  it('accepts amounts with at most two decimals', () => {
    expect(isExactMoney(1234.5)).toBe(true);
    for (const value of [0, 0.01, 1234.5, 1234.56, 1_000_000_000.99]) {
      expect(moneySchema.parse(value)).toBe(value);
    }
  });

  it('rejects float noise, extra decimals and negatives with Russian messages', () => {
    const noise = moneySchema.safeParse(0.1 + 0.2);
    expect(noise.success).toBe(false);
    expect(noise.error?.issues[0]?.message).toBe('Сумма должна содержать не более двух знаков после запятой');
    expect(moneySchema.safeParse(1234.567).success).toBe(false);
    expect(moneySchema.safeParse(-1).error?.issues[0]?.message).toBe('Сумма не может быть отрицательной');
    expect(moneySchema.safeParse('12.50').error?.issues[0]?.message).toMatch(/^Неверный ввод/);
  });
});

describe('roublesFromDecimal', () => {
  it('reads a money column the way the exact path does', () => {
    const texts = ['0.00', '0.10', '1234.50', '99999999.99', '-12.05', '9999999999999.99', '0.07', '100.00'];
    for (let kopecks = 0; kopecks < 100_000; kopecks += 7) texts.push(kopecksToDecimal(kopecks * 1_003));
    for (const text of texts) expect(roublesFromDecimal(text), text).toBe(fromKopecks(toKopecks(text)));
  });

  it('takes other amounts the long way, and refuses what is not money', () => {
    expect(roublesFromDecimal('1 234,5')).toBe(1234.5);
    expect(roublesFromDecimal('12.3')).toBe(12.3);
    expect(() => roublesFromDecimal('12.345.6')).toThrow(RangeError);
  });
});
