/**
 * Normalization of article numbers and brand names (contract-decisions.md section 3), the one function used at
 * import and at query time, so that 'oc 90', 'OC-90', 'ОС90' (Cyrillic) and 'oc.90' all compare as 'OC90'.
 */

// Cyrillic capitals that look like Latin ones; typed on a Russian layout they must find the Latin article.
const CYRILLIC_LOOK_ALIKES: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(CYRILLIC_LOOK_ALIKES).join('')}]`, 'g');
// Letters of any script are kept (a Cyrillic-only article such as 'ЖД-12' stays comparable as 'ЖД12');
// everything else (spaces, dashes, dots, slashes, punctuation) is dropped.
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{Nd}]/gu;

function normalizeKey(input: string): string {
  return input
    .normalize('NFKC') // full-width 'ＯＣ９０' and similar typed forms become plain characters
    .toUpperCase()
    .replace(LOOK_ALIKE_PATTERN, (letter) => CYRILLIC_LOOK_ALIKES[letter] ?? letter)
    .replace(NOT_LETTER_OR_DIGIT, '');
}

/** 'oc 90', 'OC-90', 'ос90' -> 'OC90'. */
export function normalizeArticle(input: string): string {
  return normalizeKey(input);
}

/**
 * 'Mann-Filter', 'MANN FILTER' -> 'MANNFILTER': the key that brand aliases are matched on.
 * Same rules as articles, so a brand typed with Cyrillic look-alikes ('КУВ') still finds 'KYB'.
 */
export function normalizeBrand(input: string): string {
  return normalizeKey(input);
}

// The Russian ЙЦУКЕН layout over the Latin QWERTY keys: what a key types in one layout and in the other.
const RUSSIAN_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюё';
const LATIN_KEYS = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const LATIN_OF_RUSSIAN_KEY: ReadonlyMap<string, string> = new Map(
  [...RUSSIAN_KEYS].map((letter, index) => [letter, LATIN_KEYS[index]!]),
);

/**
 * The article a client meant when typing on the Russian layout by mistake: 'щс90' (the keys of 'oc90') ->
 * 'OC90', normalized. Null when the input has no Russian letter to swap, or swapping changes nothing after
 * normalization. Search tries it only when the article as typed finds nothing, since a Cyrillic article
 * ('ЖД-12') is real and must win.
 */
export function layoutSwappedArticle(input: string): string | null {
  const lower = input.normalize('NFKC').toLowerCase();
  if (![...lower].some((character) => LATIN_OF_RUSSIAN_KEY.has(character))) return null;
  const latin = [...lower].map((character) => LATIN_OF_RUSSIAN_KEY.get(character) ?? character).join('');
  const swapped = normalizeArticle(latin);
  return swapped === '' || swapped === normalizeArticle(input) ? null : swapped;
}
