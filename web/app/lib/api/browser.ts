import { notifyError } from '../notify.ts';
import { readToken, removeToken } from './token.ts';
import { createApiClient } from './client.ts';
import type { ApiClient, ApiEnvironment } from './client.ts';

/**
 * What the browser's request layer does beyond HTTP, passed in where the app starts (entry.client.tsx): the layer
 * itself knows no UI state. Until then (and in tests) a 401 only removes the cookie and nothing shows loading.
 */
export interface BrowserEffects {
  /** 401: the token is no longer valid. */
  dropSession: () => void;
  notify: (message: string) => void;
  beginLoading?: () => () => void;
}

let effects: BrowserEffects = { dropSession: removeToken, notify: notifyError };
let techCatalogUrl: string | null = null;

export function provideBrowserEffects(provided: BrowserEffects): void {
  effects = provided;
}

/** Called by the root route with what the server told it (TECH_CATALOG_URL). */
export function configureBrowserApi(config: { techCatalogUrl: string | null }): void {
  techCatalogUrl = config.techCatalogUrl;
}

/** The browser's request layer: token from document.cookie, the effects the app provided. */
export function createBrowserApi(overrides: Partial<ApiEnvironment> = {}): ApiClient {
  return createApiClient({
    apiOrigin: '',
    get techCatalogUrl() {
      return techCatalogUrl;
    },
    fetch: (url, init) => fetch(url, init),
    readToken: () => readToken(),
    removeToken: () => effects.dropSession(),
    visitedDomain: () => location.host,
    visitedUrl: () => location.href,
    notify: (message) => effects.notify(message),
    beginLoading: () => effects.beginLoading?.() ?? (() => undefined),
    ...overrides,
  });
}

export const browserApi = createBrowserApi();
