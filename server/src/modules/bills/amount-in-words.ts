/**
 * Amounts in Russian words, as a bill prints them: 'Одна тысяча двести тридцать четыре рубля 50 копеек'.
 * Roubles are spelled out (рубль is masculine, тысяча feminine, миллион and миллиард masculine); kopecks stay
 * two digits, as Russian bills write them.
 */

type Gender = 'masculine' | 'feminine';

const UNITS: Record<Gender, readonly string[]> = {
  masculine: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  feminine: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
};
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** Forms for 1 / 2–4 / 5–20 of a counted noun. */
type NounForms = readonly [one: string, few: string, many: string];

/** Groups of three digits above the units, with the gender their numeral takes. */
const SCALES: ReadonlyArray<{ forms: NounForms; gender: Gender }> = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'feminine' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'masculine' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'masculine' },
  { forms: ['триллион', 'триллиона', 'триллионов'], gender: 'masculine' },
];

const ROUBLE: NounForms = ['рубль', 'рубля', 'рублей'];
const KOPECK: NounForms = ['копейка', 'копейки', 'копеек'];

/** The form of a noun after a count: 1, 21, 101 -> one; 2–4, 22–24 -> few; 0, 5–20, 11–14, 25 -> many. */
export function nounForm(count: bigint, [one, few, many]: NounForms): string {
  const lastTwo = count % 100n;
  const last = count % 10n;
  if (lastTwo >= 11n && lastTwo <= 14n) return many;
  if (last === 1n) return one;
  if (last >= 2n && last <= 4n) return few;
  return many;
}

/** 0..999 in words ('' for 0). */
function triadWords(triad: number, gender: Gender): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(triad / 100);
  const rest = triad % 100;
  if (hundreds > 0) words.push(HUNDREDS[hundreds]!);
  if (rest >= 10 && rest < 20) {
    words.push(TEENS[rest - 10]!);
  } else {
    const tens = Math.floor(rest / 10);
    const units = rest % 10;
    if (tens > 0) words.push(TENS[tens]!);
    if (units > 0) words.push(UNITS[gender][units]!);
  }
  return words;
}

/**
 * A whole number in words, agreeing with a noun of `gender`: (1, 'feminine') 'одна', (2_001_000, 'masculine')
 * 'два миллиона одна тысяча'. Zero is 'ноль'. Up to 999 триллионов.
 */
export function integerInWords(value: bigint, gender: Gender = 'masculine'): string {
  if (value < 0n) throw new RangeError(`Negative number: ${value}`);
  if (value === 0n) return 'ноль';
  if (value >= 10n ** BigInt(3 * (SCALES.length + 1))) throw new RangeError(`Number too large: ${value}`);
  const triads: number[] = [];
  for (let rest = value; rest > 0n; rest /= 1000n) triads.push(Number(rest % 1000n));
  const words: string[] = [];
  for (let index = triads.length - 1; index >= 0; index -= 1) {
    const triad = triads[index]!;
    if (triad === 0) continue;
    if (index === 0) {
      words.push(...triadWords(triad, gender));
    } else {
      const scale = SCALES[index - 1]!;
      words.push(...triadWords(triad, scale.gender), nounForm(BigInt(triad), scale.forms));
    }
  }
  return words.join(' ');
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'рублей', 'рубль', … for a whole number of roubles. */
export const roublesNoun = (roubles: bigint): string => nounForm(roubles, ROUBLE);

/**
 * An amount in integer kopecks in words, capitalized: 123450 -> 'Одна тысяча двести тридцать четыре рубля
 * 50 копеек'; 1 -> 'Ноль рублей 01 копейка'.
 */
export function amountInWords(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`Not an amount in kopecks: ${kopecks}`);
  const total = BigInt(kopecks);
  const roubles = total / 100n;
  const rest = total % 100n;
  const kopecksText = String(rest).padStart(2, '0');
  return `${capitalize(integerInWords(roubles))} ${roublesNoun(roubles)} ${kopecksText} ${nounForm(rest, KOPECK)}`;
}
