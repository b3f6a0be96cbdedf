import { adminRoutes, shopRoutes, techRoutes } from 'virtual:detal/endpoint-routes';
import type {
  adminEndpoints,
  shopEndpoints,
  techEndpoints,
  BinaryResponse,
  EndpointBodyInput,
  EndpointDef,
  EndpointParamsInput,
  EndpointPayload,
  EndpointQueryInput,
} from '@detal/contract';
import type { ApiUri, QueryParams } from './uri.ts';
import type { RequestOptions } from './request.ts';

/**
 * Typed calls of the contract's endpoint registry: shapes come from the registry's types, method and path from its
 * routes (the registry without its schemas, made when the web is built: vite/endpoint-routes.ts).
 */

export type ShopEndpoints = typeof shopEndpoints;
export type TechEndpoints = typeof techEndpoints;
export type AdminEndpoints = typeof adminEndpoints;

/** Endpoints answering JSON (the PDF download goes through `download`). */
export type JsonPath<R extends Record<string, EndpointDef>> = {
  [K in keyof R]: R[K]['response'] extends BinaryResponse ? never : K;
}[keyof R] &
  string;

type Field<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : undefined extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

export type CallInput<E extends EndpointDef> = Field<'body', EndpointBodyInput<E>> &
  Field<'params', EndpointParamsInput<E>> &
  Field<'query', EndpointQueryInput<E>> &
  Pick<RequestOptions, 'signal' | 'handles'> &
  (E['upload'] extends true ? { file: Blob } : { file?: undefined });

/** The input argument is optional exactly when nothing in it is required. */
export type CallArgs<E extends EndpointDef> =
  Record<string, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export type EndpointCaller<R extends Record<string, EndpointDef>> = <P extends JsonPath<R>>(
  path: P,
  ...args: CallArgs<R[P]>
) => Promise<EndpointPayload<R[P]>>;

type Send = <T>(uri: ApiUri, options?: RequestOptions) => Promise<T>;

/** `page/:id` with `{ id: 'about' }` -> `page/about`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

function endpointCaller<R extends Record<string, EndpointDef>>(
  send: Send,
  uriPrefix: 'api:shop/' | 'api:admin/' | 'tech:',
  routes: { readonly [K in keyof R]: Pick<EndpointDef, 'method' | 'path'> },
): EndpointCaller<R> {
  return async (path, ...args) => {
    const definition = routes[path];
    const input = (args[0] ?? {}) as {
      body?: unknown;
      params?: Record<string, unknown>;
      query?: QueryParams;
      signal?: AbortSignal;
      handles?: RequestOptions['handles'];
      file?: Blob;
    };
    const uri = `${uriPrefix}${fillPath(definition.path, input.params)}` as ApiUri;
    const envelope = await send<{ data: unknown }>(uri, {
      method: definition.method,
      body: input.body,
      query: input.query,
      signal: input.signal,
      handles: input.handles,
      file: input.file,
    });
    return envelope.data as never;
  };
}

export const shopCaller = (send: Send): EndpointCaller<ShopEndpoints> =>
  endpointCaller<ShopEndpoints>(send, 'api:shop/', shopRoutes);
export const techCaller = (send: Send): EndpointCaller<TechEndpoints> =>
  endpointCaller<TechEndpoints>(send, 'tech:', techRoutes);
/** The back office's endpoints (`/api/v1/admin/`): the staff cookie goes along, the client's token opens nothing. */
export const adminCaller = (send: Send): EndpointCaller<AdminEndpoints> =>
  endpointCaller<AdminEndpoints>(send, 'api:admin/', adminRoutes);
