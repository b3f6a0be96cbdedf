/**
 * The request layer: the only way the web calls the server. In components and client code use these bound
 * functions; in loaders (server rendering) use `createServerApi(request, context)` from ./ssr-client.server.ts.
 */
import { browserApi } from './browser.ts';

export const { request, download, callShop, callTech, callAdmin } = browserApi;

export { configureBrowserApi, createBrowserApi, provideBrowserEffects } from './browser.ts';
export type { BrowserEffects } from './browser.ts';
export { createApiClient } from './client.ts';
export type { ApiClient, ApiEnvironment, FetchTarget } from './client.ts';
export type { HandledStatuses, HttpMethod, RequestOptions } from './request.ts';
export { ApiError, isApiError, NETWORK_FAILURE_MESSAGE, UNAUTHORIZED_MESSAGE } from './errors.ts';
export type { CallInput, EndpointCaller } from './endpoints.ts';
export type { ApiUri, QueryParams } from './uri.ts';
export type { ApiFetch } from './load-context.ts';
