import { API_PREFIX, TECH_API_PREFIX } from '@detal/contract/browser';

/** `api:shop/template` -> /api/v1/shop/template; `tech:get-all-groups` -> /api/tech/get-all-groups. */
export type ApiUri = `api:${string}` | `tech:${string}`;

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface UriTargets {
  /** Origin the API paths hang off: '' for same-origin relative URLs in the browser, else `http://host:port`. */
  apiOrigin: string;
  /** When set, `tech:` calls go to this external catalogue service (its base URL) instead of /api/tech/. */
  techCatalogUrl?: string | null;
}

const SCHEME = /^(api|tech):(.*)$/;

export function splitUri(uri: string): { scheme: 'api' | 'tech'; path: string } {
  const match = SCHEME.exec(uri);
  if (!match) throw new TypeError(`Not an API URI (api:… or tech:…): ${uri}`);
  return { scheme: match[1] as 'api' | 'tech', path: (match[2] ?? '').replace(/^\/+/, '') };
}

const joinPath = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/${path}`;

function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** The URL a request goes to. */
export function resolveUrl(uri: string, targets: UriTargets, query?: QueryParams): string {
  const { scheme, path } = splitUri(uri);
  const base =
    scheme === 'tech'
      ? targets.techCatalogUrl
        ? joinPath(targets.techCatalogUrl, path)
        : `${targets.apiOrigin}${TECH_API_PREFIX}${path}`
      : `${targets.apiOrigin}${API_PREFIX}${path}`;
  return `${base}${queryString(query)}`;
}

/** True when the URI is served by this shop's own server (not by an external catalogue service). */
export function isOwnServer(uri: string, targets: UriTargets): boolean {
  return splitUri(uri).scheme === 'api' || !targets.techCatalogUrl;
}
