import { PLACEHOLDER_BEARER } from '@detal/contract/browser';
import { dispositionFilename, saveFile } from '../save-file.ts';
import { ApiError, applyErrorCatalogue, NETWORK_FAILURE_MESSAGE, plainFailureMessage } from './errors.ts';
import { adminCaller, shopCaller, techCaller } from './endpoints.ts';
import type { AdminEndpoints, EndpointCaller, ShopEndpoints, TechEndpoints } from './endpoints.ts';
import { handlesStatus } from './request.ts';
import type { RequestOptions } from './request.ts';
import { isOwnServer, resolveUrl } from './uri.ts';
import type { ApiUri, UriTargets } from './uri.ts';

/** Which server a call goes to: this shop's own, or the external technical catalogue (TECH_CATALOG_URL). */
export type FetchTarget = 'own' | 'external';

/** Everything the request layer needs from where it runs (browser or server rendering). */
export interface ApiEnvironment extends UriTargets {
  fetch: (url: string, init: RequestInit, target: FetchTarget) => Promise<Response>;
  /** The visitor's token, or null (then the placeholder bearer is sent). */
  readToken: () => string | null;
  /** 401: the token is no longer valid. */
  removeToken: () => void;
  visitedDomain: () => string;
  visitedUrl: () => string;
  /** Shows an error notification. */
  notify: (message: string) => void;
  /** Extra headers for this shop's own server (server rendering forwards the visitor's cookie). */
  ownServerHeaders?: () => Record<string, string>;
  /** Marks a call as running for the loading indicator; returns the function that ends it. */
  beginLoading?: () => () => void;
}

export interface ApiClient {
  /** Calls the API and resolves with the parsed JSON body (the whole `{ data }` envelope). */
  request: <T = unknown>(uri: ApiUri, options?: RequestOptions) => Promise<T>;
  /** POSTs `body` and saves the binary answer (a PDF bill) as a file; the name falls back to Content-Disposition. */
  download: (uri: ApiUri, body?: unknown, filename?: string, options?: Omit<RequestOptions, 'body'>) => Promise<void>;
  /** POSTs `body` and resolves with the binary answer as it came (server rendering passes a photo on to `<img>`). */
  fetchFile: (uri: ApiUri, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<Blob>;
  /** A shop endpoint of the contract by its path: `callShop('page/:id', { params: { id } })` -> the `data` payload. */
  callShop: EndpointCaller<ShopEndpoints>;
  /** A technical-catalogue endpoint: `callTech('get-all-groups', { body: { key } })`. */
  callTech: EndpointCaller<TechEndpoints>;
  /**
   * A back office endpoint: `callAdmin('staff-me')`. Pass `handles: [401]`: the catalogue's 401 means "the
   * client's token is dead" and would drop it.
   */
  callAdmin: EndpointCaller<AdminEndpoints>;
}

type ReadMode = 'json' | 'blob';

async function readJsonOrText(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(env: ApiEnvironment): ApiClient {
  const headersFor = (uri: string): Record<string, string> => {
    const own = isOwnServer(uri, env);
    // The visitor's session token is sent only to this shop's own server, never to an external service.
    const token = own ? env.readToken() : null;
    return {
      Accept: 'application/json',
      'Content-Type': 'application/json; charset=utf-8',
      'X-Visited-Domain': env.visitedDomain(),
      'X-Visited-Url': env.visitedUrl(),
      Authorization: `Bearer ${token ?? PLACEHOLDER_BEARER}`,
      ...(own ? env.ownServerHeaders?.() : undefined),
    };
  };

  async function perform(
    uri: ApiUri,
    options: RequestOptions,
    mode: ReadMode,
  ): Promise<{ response: Response; body: unknown }> {
    const method = options.method ?? 'GET';
    const url = resolveUrl(uri, env, options.query);
    // Every call declares a JSON body (spec section 7), so every call but a GET carries one: `{}` at least,
    // as a server rejects an empty body declared as JSON.
    const payload = method === 'GET' ? undefined : (options.file ?? JSON.stringify(options.body ?? {}));

    const fail = (status: number, message: string, body: unknown, cause?: unknown): ApiError => {
      console.error('API request failed', { method, url, status, message });
      return new ApiError({ message, status, method, url, body, cause });
    };

    const endLoading = env.beginLoading?.();
    try {
      let response: Response;
      let body: unknown;
      try {
        response = await env.fetch(
          url,
          {
            method,
            headers: options.file
              ? { ...headersFor(uri), 'Content-Type': 'application/octet-stream' }
              : headersFor(uri),
            body: payload,
            credentials: 'include',
            signal: options.signal,
          },
          isOwnServer(uri, env) ? 'own' : 'external',
        );
        body = response.ok && mode === 'blob' ? await response.blob() : await readJsonOrText(response);
      } catch (cause) {
        // No complete response: the connection failed, was cut, or the caller aborted. An abort is the caller's
        // own doing (a suggestion replaced by a newer one), not a failure worth a line in the console.
        if (options.signal?.aborted) {
          throw new ApiError({ message: NETWORK_FAILURE_MESSAGE, status: 0, method, url, body: null, cause });
        }
        throw fail(0, NETWORK_FAILURE_MESSAGE, null, cause);
      }
      if (response.ok) return { response, body };
      const message = handlesStatus(options.handles, response.status)
        ? plainFailureMessage(response.status, body)
        : applyErrorCatalogue(response.status, body, env);
      throw fail(response.status, message, body);
    } finally {
      endLoading?.();
    }
  }

  const request = async <T>(uri: ApiUri, options: RequestOptions = {}): Promise<T> =>
    (await perform(uri, options, 'json')).body as T;

  return {
    request,
    callShop: shopCaller(request),
    callTech: techCaller(request),
    callAdmin: adminCaller(request),
    fetchFile: async (uri, body, options = {}) =>
      (await perform(uri, { method: 'POST', ...options, body }, 'blob')).body as Blob,
    download: async (uri, body, filename, options = {}) => {
      const { response, body: blob } = await perform(uri, { method: 'POST', ...options, body }, 'blob');
      const suggested = dispositionFilename(response.headers.get('content-disposition'));
      saveFile(blob as Blob, filename ?? suggested ?? 'download');
    },
  };
}
