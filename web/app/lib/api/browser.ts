import { notifyError } from '../notify.ts';
import { readToken } from '../auth/token.ts';
import { loadingStore } from '../../stores/loading.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { createApiClient } from './client.ts';
import type { ApiClient, ApiEnvironment } from './client.ts';

let techCatalogUrl: string | null = null;

/** Called by the root route with what the server told it (TECH_CATALOG_URL). */
export function configureBrowserApi(config: { techCatalogUrl: string | null }): void {
  techCatalogUrl = config.techCatalogUrl;
}

/** The browser's request layer: token from document.cookie, notifications, the loading indicator. */
export function createBrowserApi(overrides: Partial<ApiEnvironment> = {}): ApiClient {
  return createApiClient({
    apiOrigin: '',
    get techCatalogUrl() {
      return techCatalogUrl;
    },
    fetch: (url, init) => fetch(url, init),
    readToken: () => readToken(),
    removeToken: () => useAuthStore.getState().dropSession(),
    visitedDomain: () => location.host,
    visitedUrl: () => location.href,
    notify: notifyError,
    beginLoading: () => loadingStore.getState().begin(),
    ...overrides,
  });
}

export const browserApi = createBrowserApi();
