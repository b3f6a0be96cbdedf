import { createHash, timingSafeEqual } from 'node:crypto';

const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * True when `given` is the configured catalogue key. Both are hashed first so that the comparison takes the
 * same time whatever the length or the first differing character of the guess.
 */
export function isCatalogKey(given: string, expected: string): boolean {
  return timingSafeEqual(digestOf(given), digestOf(expected));
}
