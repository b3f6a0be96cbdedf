import { beforeEach, describe, expect, it } from 'vitest';
import { expiredTokenCookie, readToken, removeToken, setToken, tokenCookie } from './token.ts';

beforeEach(() => {
  removeToken();
});

describe('token cookie', () => {
  it('reads the token from a Cookie header, decoded; null when absent or empty', () => {
    expect(readToken('theme=dark; token=a%2Bb; other=1')).toBe('a+b');
    expect(readToken('mytoken=x; tokens=y')).toBeNull();
    expect(readToken('token=')).toBeNull();
    expect(readToken(null)).toBeNull();
  });

  it('writes a session cookie, or one lasting 24 h when remembered, on path /', () => {
    expect(tokenCookie('abc')).toBe('token=abc; Path=/; SameSite=Lax');
    expect(tokenCookie('abc', 86_400)).toBe('token=abc; Path=/; SameSite=Lax; Max-Age=86400');
    expect(expiredTokenCookie()).toBe('token=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('stores, reads and removes the token through document.cookie', () => {
    setToken('secret value', false);
    expect(readToken()).toBe('secret value');
    setToken('remembered', true);
    expect(readToken()).toBe('remembered');
    removeToken();
    expect(readToken()).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });
});
