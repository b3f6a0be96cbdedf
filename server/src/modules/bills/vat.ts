/**
 * VAT included in a bill's total. Shop prices already include VAT, so the bill states the part of the total
 * that is VAT: total × rate / (100 + rate), in kopecks.
 *
 * Rounding: to the nearest kopeck, a half kopeck away from zero (the ordinary rule of Russian accounting,
 * "по правилам математического округления"). Computed on integers only: the rate is taken in hundredths of a
 * percent, so rates such as 20, 10, 5, 7 or 16.67 are exact.
 */

/** A rate in hundredths of a percent (20 -> 2000); throws on a rate that is not a percentage with <= 2 decimals. */
function rateInHundredths(ratePercent: number): bigint {
  const hundredths = Math.round(ratePercent * 100);
  if (
    !Number.isFinite(ratePercent) ||
    ratePercent < 0 ||
    ratePercent > 100 ||
    Math.abs(hundredths - ratePercent * 100) > 1e-6
  ) {
    throw new RangeError(`Not a VAT rate in percent: ${ratePercent}`);
  }
  return BigInt(hundredths);
}

/** Integer division rounded to the nearest, a half away from zero; both operands non-negative. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
}

/** The VAT inside `totalKopecks` at `ratePercent`, in kopecks (see the rounding rule above). */
export function includedVatKopecks(totalKopecks: number, ratePercent: number): number {
  if (!Number.isSafeInteger(totalKopecks) || totalKopecks < 0) {
    throw new RangeError(`Not an amount in kopecks: ${totalKopecks}`);
  }
  const rate = rateInHundredths(ratePercent);
  return Number(divideRounded(BigInt(totalKopecks) * rate, 10_000n + rate));
}

/** '20', '16,67': a rate as the VAT line prints it. */
export function formatVatRate(ratePercent: number): string {
  const hundredths = Number(rateInHundredths(ratePercent));
  const whole = Math.trunc(hundredths / 100);
  const fraction = hundredths % 100;
  return fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}
