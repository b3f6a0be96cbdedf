import { describe, expect, it } from 'vitest';
import { toKopecks } from '@detal/contract';
import { formatVatRate, includedVatKopecks } from './vat.ts';

describe('includedVatKopecks', () => {
  it.each([
    // total, rate, VAT in kopecks: total × rate / (100 + rate), to the nearest kopeck, halves away from zero
    ['1234.50', 20, 20_575], // exactly 205.75
    ['100.00', 20, 1_667], // 16.666… -> 16.67
    ['100.01', 20, 1_667], // 16.668… -> 16.67
    ['999.99', 20, 16_667], // 166.665 -> 166.67 (a half kopeck rounds up)
    ['0.03', 20, 1], // 0.005 -> 0.01
    ['0.02', 20, 0], // 0.00333… -> 0.00
    ['0.09', 20, 2], // 0.015 -> 0.02
    ['100.00', 10, 909], // 9.0909… -> 9.09
    ['110.00', 10, 1_000],
    ['1000.00', 7, 6_542], // 65.4205… -> 65.42
    ['105.00', 5, 500],
    ['100.00', 16.67, 1_429], // 14.2881… -> 14.29
    ['12345.67', 0, 0],
    ['0', 20, 0],
  ])('%s ₽ at %s%% includes %s kopecks of VAT', (total, rate, vat) => {
    expect(includedVatKopecks(toKopecks(total), rate)).toBe(vat);
  });

  it('is the nearest kopeck to the exact fraction for every total up to 200 ₽ at 20% and 10%', () => {
    for (const rate of [20n, 10n]) {
      for (let total = 0n; total <= 20_000n; total += 1n) {
        const vat = BigInt(includedVatKopecks(Number(total), Number(rate)));
        // |vat - total·rate/(100+rate)| <= 1/2, and a tie goes up: compared in integers.
        const twiceError = 2n * (vat * (100n + rate) - total * rate);
        expect(twiceError <= 100n + rate && twiceError > -(100n + rate), `${total} at ${rate}%`).toBe(true);
      }
    }
  });

  it('is exact for totals beyond float precision', () => {
    // 9 007 199 254 740 991 kopecks × 20 / 120, checked in BigInt: 1 501 199 875 790 165.1666… -> …165
    expect(includedVatKopecks(Number.MAX_SAFE_INTEGER, 20)).toBe(1_501_199_875_790_165);
  });

  it('refuses rates that are not percentages with at most two decimals', () => {
    expect(() => includedVatKopecks(100, -1)).toThrow(RangeError);
    expect(() => includedVatKopecks(100, 101)).toThrow(RangeError);
    expect(() => includedVatKopecks(100, 20.005)).toThrow(RangeError);
    expect(() => includedVatKopecks(100, Number.NaN)).toThrow(RangeError);
    expect(() => includedVatKopecks(-1, 20)).toThrow(RangeError);
  });
});

describe('formatVatRate', () => {
  it('prints whole rates plainly and fractions with a comma', () => {
    expect(formatVatRate(20)).toBe('20');
    expect(formatVatRate(16.67)).toBe('16,67');
    expect(formatVatRate(12.5)).toBe('12,5');
    expect(formatVatRate(0)).toBe('0');
  });
});
