import { TOKEN_COOKIE_MAX_AGE_SECONDS, TOKEN_COOKIE_NAME, TOKEN_COOKIE_PATH } from '@detal/contract/browser';

/**
 * The client's access token lives in the `token` cookie (spec section 9): readable by the request layer in the
 * browser and forwarded by the visitor's browser to server rendering.
 */

function browserCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** The token from a Cookie header, or from document.cookie when no header is given; null when absent or empty. */
export function readToken(cookieHeader?: string | null): string | null {
  const source = cookieHeader === undefined ? browserCookies() : (cookieHeader ?? '');
  for (const pair of source.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== TOKEN_COOKIE_NAME) continue;
    const raw = pair.slice(separator + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Set-Cookie / document.cookie text for the token; maxAgeSeconds undefined makes a session cookie. */
export function tokenCookie(value: string, maxAgeSeconds?: number, secure = false): string {
  const parts = [`${TOKEN_COOKIE_NAME}=${encodeURIComponent(value)}`, `Path=${TOKEN_COOKIE_PATH}`, 'SameSite=Lax'];
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The Set-Cookie value that deletes the token cookie (for a server response). */
export const expiredTokenCookie = (): string => tokenCookie('', 0);

const isHttps = (): boolean => typeof location !== 'undefined' && location.protocol === 'https:';

/** Stores the token: a session cookie, or one lasting 24 h when the client asked to be remembered. */
export function setToken(token: string, remember: boolean): void {
  document.cookie = tokenCookie(token, remember ? TOKEN_COOKIE_MAX_AGE_SECONDS : undefined, isHttps());
}

export function removeToken(): void {
  if (typeof document === 'undefined') return;
  document.cookie = tokenCookie('', 0, isHttps());
}
