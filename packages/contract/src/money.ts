/**
 * Money travels as roubles (a JSON number with at most two decimals) and is computed as integer kopecks.
 * Every conversion goes through the value's decimal text and BigInt, never through float arithmetic.
 */

/** value = (negative ? -1 : 1) * digits / 10^scale */
interface Decimal {
  negative: boolean;
  digits: bigint;
  scale: number;
}

// Longer texts are not amounts; the cap also keeps BigInt work bounded on hostile input.
const MAX_DECIMAL_TEXT_LENGTH = 64;
const MAX_EXPONENT = 40;
const DECIMAL_PATTERN = /^([+-])?(\d*)(?:[.,](\d*))?(?:e([+-]?\d+))?$/i;
// Spaces of any kind may group digits in typed input: '1 234,50'.
const GROUPING_SPACES = /[\s\u00A0\u202F]/g;
const MAX_SAFE_KOPECKS = BigInt(Number.MAX_SAFE_INTEGER);

function parseDecimal(value: number | string): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that round-trips: exactly the decimal a JSON document carries (0.1 + 0.2 gives
    // '0.30000000000000004', 1234.5 gives '1234.5').
    text = String(value);
  } else {
    text = value.replace(GROUPING_SPACES, '');
  }
  if (text.length > MAX_DECIMAL_TEXT_LENGTH) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponentText = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return null;
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { negative: sign === '-' && digits !== 0n, digits, scale };
}

function significantScale({ digits, scale }: Decimal): number {
  let rest = digits;
  let significant = scale;
  while (significant > 0 && rest % 10n === 0n) {
    rest /= 10n;
    significant -= 1;
  }
  return significant;
}

/** Integer kopecks of a decimal, rounded half away from zero when it has more than two decimals. */
function decimalToKopecks(decimal: Decimal): bigint {
  const { digits, scale } = decimal;
  let kopecks: bigint;
  if (scale <= 2) {
    kopecks = digits * 10n ** BigInt(2 - scale);
  } else {
    const divisor = 10n ** BigInt(scale - 2);
    kopecks = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) kopecks += 1n;
  }
  return decimal.negative ? -kopecks : kopecks;
}

function toSafeNumber(kopecks: bigint, source: unknown): number {
  if (kopecks > MAX_SAFE_KOPECKS || kopecks < -MAX_SAFE_KOPECKS) {
    throw new RangeError(`Money amount out of range: ${String(source)}`);
  }
  return Number(kopecks);
}

/**
 * True when the value is an exact amount: finite, at most two significant decimals ('1234.50' and 1234.5
 * are, 0.1 + 0.2 is not) and within Number.MAX_SAFE_INTEGER kopecks.
 */
export function isExactMoney(value: number | string): boolean {
  const decimal = parseDecimal(value);
  if (decimal === null || significantScale(decimal) > 2) return false;
  const kopecks = decimalToKopecks(decimal);
  return kopecks <= MAX_SAFE_KOPECKS && kopecks >= -MAX_SAFE_KOPECKS;
}

/**
 * Exact integer kopecks of an amount in roubles: 1234.5, '1234.50', '1234,50', '1 234,50'.
 * An amount with more decimals (a float sum such as 0.1 + 0.2) is rounded half away from zero on its
 * decimal text. Throws RangeError on text that is not an amount or beyond Number.MAX_SAFE_INTEGER kopecks.
 */
export function toKopecks(value: number | string): number {
  const decimal = parseDecimal(value);
  if (decimal === null) throw new RangeError(`Not a money amount: ${String(value)}`);
  return toSafeNumber(decimalToKopecks(decimal), value);
}

function assertKopecks(kopecks: number): void {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Kopecks must be a safe integer: ${kopecks}`);
}

/** '1234.50': the decimal text of an amount in kopecks, as SQL NUMERIC(…, 2) takes it. */
export function kopecksToDecimal(kopecks: number): string {
  assertKopecks(kopecks);
  const sign = kopecks < 0 ? '-' : '';
  const digits = String(Math.abs(kopecks)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Roubles as the JSON number the contract carries (123450 -> 1234.5). */
export function fromKopecks(kopecks: number): number {
  return Number(kopecksToDecimal(kopecks));
}

// The text PostgreSQL gives for NUMERIC(…, 2): at most 15 significant digits, so Number() reads it exactly.
const NUMERIC_TEXT = /^-?\d{1,13}\.\d{2}$/;

/**
 * Roubles of a money column's decimal text ('1234.50' -> 1234.5), exactly as fromKopecks(toKopecks(text)) gives
 * them: the canonical two-decimal text goes straight through Number(), anything else the long way.
 */
export function roublesFromDecimal(text: string): number {
  return NUMERIC_TEXT.test(text) ? Number(text) : fromKopecks(toKopecks(text));
}

/** price × quantity in roubles, computed in kopecks. */
export function multiplyMoney(priceRoubles: number | string, quantity: number): number {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be an integer: ${quantity}`);
  const product = BigInt(toKopecks(priceRoubles)) * BigInt(quantity);
  return fromKopecks(toSafeNumber(product, `${priceRoubles} × ${quantity}`));
}

/** Sum of amounts in roubles, computed in kopecks. */
export function sumMoney(values: readonly (number | string)[]): number {
  let total = 0n;
  for (const value of values) total += BigInt(toKopecks(value));
  return fromKopecks(toSafeNumber(total, 'sum'));
}
