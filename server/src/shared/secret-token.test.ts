import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, looksLikeToken, newToken } from './secret-token.ts';

describe('tokens', () => {
  it('are 32 random bytes in base64url (43 characters), never the same twice', () => {
    const tokens = new Set(Array.from({ length: 1000 }, newToken));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('are stored as their SHA-256 in hex', () => {
    const token = newToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are told apart from strings that cannot be ours', () => {
    expect(looksLikeToken(newToken())).toBe(true);
    expect(looksLikeToken('0000000')).toBe(false);
    expect(looksLikeToken(`${newToken()}x`)).toBe(false);
    expect(looksLikeToken('a'.repeat(42) + '=')).toBe(false);
  });
});
