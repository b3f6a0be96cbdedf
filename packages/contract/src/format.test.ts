import { describe, expect, it } from 'vitest';
import {
  billStatusText,
  formatDate,
  formatDateTime,
  formatDelivery,
  formatFileSize,
  formatProbability,
  formatDeliveryStats,
  deliveryProbabilityLabel,
  formatKopecks,
  formatLineTotal,
  formatRoubles,
  NBSP,
  orderLabel,
  pluralRu,
} from './index.ts';

const rub = (text: string) => text.replaceAll(' ', NBSP);

describe('formatRoubles', () => {
  it.each([
    [0, '0,00 ₽'],
    [0.01, '0,01 ₽'],
    [0.5, '0,50 ₽'],
    [999.99, '999,99 ₽'],
    [1000, '1 000,00 ₽'],
    [1234.5, '1 234,50 ₽'],
    ['1234.50', '1 234,50 ₽'],
    ['1234,5', '1 234,50 ₽'],
    [1_000_000_000.99, '1 000 000 000,99 ₽'],
    [-1234.5, '-1 234,50 ₽'],
    [-0.05, '-0,05 ₽'],
  ] as const)('%j -> %s', (value, expected) => {
    expect(formatRoubles(value)).toBe(rub(expected));
  });

  it('uses no-break spaces only', () => {
    const text = formatRoubles(1_234_567.89);
    expect(text).toBe('1\u00A0234\u00A0567,89\u00A0₽');
    expect(text).not.toContain(' ');
  });

  it('shows float sums at their intended kopeck', () => {
    expect(formatRoubles(0.1 + 0.2)).toBe(rub('0,30 ₽'));
    expect(formatRoubles(1.1 * 3)).toBe(rub('3,30 ₽'));
    expect(formatRoubles(1.005)).toBe(rub('1,01 ₽'));
  });

  it("shows '---' when there is no amount", () => {
    expect(formatRoubles(null)).toBe('---');
    expect(formatRoubles(undefined)).toBe('---');
    expect(formatRoubles('')).toBe('---');
    expect(formatRoubles('  ')).toBe('---');
  });

  it('throws on values that are not amounts', () => {
    expect(() => formatRoubles(Number.NaN)).toThrow(RangeError);
    expect(() => formatRoubles('12 руб')).toThrow(RangeError);
  });

  it('formats kopecks directly', () => {
    expect(formatKopecks(5)).toBe(rub('0,05 ₽'));
    expect(formatKopecks(100_000_000_099)).toBe(rub('1 000 000 000,99 ₽'));
  });
});

describe('formatLineTotal', () => {
  it('is price × quantity with two decimals and ₽', () => {
    expect(formatLineTotal(1234.5, 2)).toBe(rub('2 469,00 ₽'));
    expect(formatLineTotal(0.1, 3)).toBe(rub('0,30 ₽'));
    expect(formatLineTotal('19.99', 1)).toBe(rub('19,99 ₽'));
    expect(formatLineTotal(500, 0)).toBe(rub('0,00 ₽'));
    expect(formatLineTotal(null, 2)).toBe('---');
  });
});

describe('formatDateTime and formatDate', () => {
  // 21:30 UTC on 31 May is already 00:30 on 1 June in Moscow (UTC+3).
  const nearMidnightUtc = '2024-05-31T21:30:00.000Z';

  it('shows the instant in Moscow by default', () => {
    expect(formatDateTime(nearMidnightUtc)).toBe('01.06.2024 00:30');
    expect(formatDate(nearMidnightUtc)).toBe('01.06.2024');
  });

  it('accepts a Date object and an explicit offset', () => {
    expect(formatDateTime(new Date(nearMidnightUtc))).toBe('01.06.2024 00:30');
    expect(formatDateTime('2024-06-01T00:30:00+03:00')).toBe('01.06.2024 00:30');
  });

  it('honours another time zone', () => {
    expect(formatDateTime(nearMidnightUtc, 'UTC')).toBe('31.05.2024 21:30');
    expect(formatDateTime(nearMidnightUtc, 'Asia/Vladivostok')).toBe('01.06.2024 07:30');
    expect(formatDate(nearMidnightUtc, 'America/New_York')).toBe('31.05.2024');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime('2024-12-31T21:00:00Z')).toBe('01.01.2025 00:00');
  });

  it('takes a bare yyyy-mm-dd as that calendar day in any zone', () => {
    expect(formatDate('2024-05-01')).toBe('01.05.2024');
    expect(formatDate('2024-05-01', 'America/New_York')).toBe('01.05.2024');
  });

  it('throws on an invalid date', () => {
    expect(() => formatDateTime('not a date')).toThrow(RangeError);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('labels', () => {
  it('orderLabel', () => {
    expect(orderLabel(42)).toBe('Заказ № 42');
  });

  it('formatDelivery', () => {
    expect(formatDelivery(3)).toBe('3 дн.');
    expect(formatDelivery(0)).toBe('0 дн.');
    expect(formatDelivery(null)).toBe('-');
    expect(formatDelivery(undefined)).toBe('-');
    expect(formatDelivery(Number.NaN)).toBe('-');
  });

  it('formatFileSize: small files in bytes and kilobytes, never «0 МБ»', () => {
    expect(formatFileSize(512)).toBe('512\u00A0Б');
    expect(formatFileSize(21 * 1024 + 400)).toBe('21,4\u00A0КБ');
    expect(formatFileSize(3 * 1024 * 1024 + 200 * 1024)).toBe('3,2\u00A0МБ');
    expect(formatFileSize(200 * 1024 * 1024)).toBe('200\u00A0МБ');
  });

  it('formatDeliveryStats (issue 33): «обычно 4 дн., вовремя 92 %»', () => {
    expect(formatDeliveryStats({ median_days: 4, on_time_percent: 92 })).toBe('обычно 4\u00A0дн., вовремя 92\u00A0%');
    expect(formatDeliveryStats({ median_days: 0, on_time_percent: null })).toBe('обычно 0\u00A0дн.');
    expect(formatDeliveryStats(null)).toBeNull();
  });

  it('formatProbability and deliveryProbabilityLabel', () => {
    expect(formatProbability(90)).toBe('90\u00A0%');
    expect(formatProbability(0)).toBe('0\u00A0%');
    expect(formatProbability(null)).toBeNull();
    expect(formatProbability(undefined)).toBeNull();
    expect(deliveryProbabilityLabel(85)).toBe('Вероятность поставки 85\u00A0%');
    expect(deliveryProbabilityLabel(null)).toBeNull();
  });

  it('billStatusText', () => {
    expect(billStatusText(true)).toBe('Оплачен');
    expect(billStatusText(false)).toBe('Ждем оплаты');
  });

  it('pluralRu', () => {
    const positions = (n: number) => pluralRu(n, 'позиция', 'позиции', 'позиций');
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map(positions)).toEqual([
      'позиций',
      'позиция',
      'позиции',
      'позиции',
      'позиций',
      'позиций',
      'позиций',
      'позиций',
      'позиция',
      'позиции',
      'позиций',
      'позиция',
      'позиций',
    ]);
  });
});
