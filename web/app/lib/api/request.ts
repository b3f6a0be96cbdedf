import type { QueryParams } from './uri.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * The failure statuses a call handles itself: the error catalogue leaves them alone (no notification, no session
 * drop) and the call still rejects with the ApiError. 'all' hands every failure to the caller.
 */
export type HandledStatuses = readonly number[] | 'all';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON (ignored for GET). */
  body?: unknown;
  /** An upload endpoint's file, sent as its raw bytes (application/octet-stream) instead of a JSON body. */
  file?: Blob;
  signal?: AbortSignal;
  handles?: HandledStatuses;
}

export const handlesStatus = (handles: HandledStatuses | undefined, status: number): boolean =>
  handles === 'all' || (handles?.includes(status) ?? false);
