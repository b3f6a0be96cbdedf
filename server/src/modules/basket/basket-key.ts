import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 24 random bytes (192 bits, above the contract's 128) as base64url: 32 URL-safe characters. */
const BASKET_KEY_BYTES = 24;

export function newBasketKey(): string {
  return randomBytes(BASKET_KEY_BYTES).toString('base64url');
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `given` is the basket's key, in constant time. Both sides are hashed first so that their lengths
 * match (timingSafeEqual needs equal lengths) and a guessed key's length tells nothing either. With no stored
 * key (unknown basket) the same work is done against a dummy, so that an unknown id and a wrong key take the
 * same time.
 */
export function basketKeyMatches(stored: string | null | undefined, given: string): boolean {
  const expected = digest(stored ?? '');
  const matches = timingSafeEqual(expected, digest(given));
  return matches && stored !== null && stored !== undefined && stored !== '';
}
