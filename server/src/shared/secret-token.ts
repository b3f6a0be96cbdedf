import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque secrets for sessions and one-time links (clients' and staff's): 32 random bytes, 256 bits, the
 * contract's minimum for session tokens.
 */
const TOKEN_BYTES = 32;

/** base64url of 32 bytes is 43 characters of this alphabet; anything else cannot be a token we issued. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new opaque secret for a session or a reset link (given to the client once, never stored). */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What the database keeps of a token: its SHA-256 (hex). A plain fast hash is enough here, unlike passwords:
 * the token carries 256 random bits, so a leaked table cannot be brute-forced back into working tokens.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Whether a string could be a token we issued; others are rejected without a database lookup. */
export const looksLikeToken = (value: string): boolean => TOKEN_PATTERN.test(value);

export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
