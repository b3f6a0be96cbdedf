import type { AppLoadContext } from 'react-router';
import { TOKEN_COOKIE_NAME } from '@detal/contract/browser';
import { readToken } from './token.ts';
import { createApiClient } from './client.ts';
import type { ApiClient } from './client.ts';

/** Where server rendering finds the API when no `apiFetch` is in the load context (`react-router dev`). */
export const DEFAULT_API_ORIGIN = 'http://127.0.0.1:3000';

export interface ServerApiClient extends ApiClient {
  /** True once a call answered 401: the visitor's token is dead; a loader may clear the cookie (expiredTokenCookie). */
  tokenRemoved: () => boolean;
}

/** The visitor's Cookie header without the token cookie. */
function withoutToken(cookieHeader: string): string {
  return cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && pair.split('=')[0]?.trim() !== TOKEN_COOKIE_NAME)
    .join('; ');
}

/** Runtime settings the browser needs from the server environment (sent through the root loader). */
export function publicRuntimeConfig(): { techCatalogUrl: string | null } {
  return { techCatalogUrl: process.env.TECH_CATALOG_URL || null };
}

/**
 * The request layer during server rendering, for one incoming request: it speaks for the visitor (their cookie
 * and token, the URL they opened) and calls this shop's server through `context.apiFetch` when the production
 * server provides it, else over HTTP at API_ORIGIN. It shows no notifications (there is no screen yet): failures
 * are logged and re-thrown for the loader to handle.
 */
export function createServerApi(request: Request, context?: AppLoadContext): ServerApiClient {
  const visited = new URL(request.url);
  const cookieHeader = request.headers.get('cookie');
  const apiFetch = context?.apiFetch;
  let removed = false;

  const client = createApiClient({
    apiOrigin: apiFetch ? visited.origin : (process.env.API_ORIGIN || DEFAULT_API_ORIGIN).replace(/\/+$/, ''),
    techCatalogUrl: publicRuntimeConfig().techCatalogUrl,
    fetch: (url, init, target) => (target === 'own' && apiFetch ? apiFetch(new Request(url, init)) : fetch(url, init)),
    readToken: () => (removed ? null : readToken(cookieHeader)),
    removeToken: () => {
      removed = true;
    },
    ownServerHeaders: (): Record<string, string> => {
      const cookie = cookieHeader && removed ? withoutToken(cookieHeader) : cookieHeader;
      return cookie ? { Cookie: cookie } : {};
    },
    visitedDomain: () => visited.host,
    visitedUrl: () => visited.href,
    notify: () => undefined,
  });

  return { ...client, tokenRemoved: () => removed };
}
