import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  EndpointBody,
  EndpointDef,
  EndpointParams,
  EndpointPayload,
  EndpointQuery,
  adminEndpoints,
  shopEndpoints,
  techEndpoints,
} from '@detal/contract';
import type { Registry } from 'prom-client';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { JobQueue } from '../shared/background-jobs.ts';
import type { StaffContext } from './staff-auth.ts';

/** Who is calling: a signed-in client, or an anonymous visitor (clientId null). */
export interface AuthContext {
  clientId: number | null;
  sessionId: number | null;
}

/** Where uploaded imports go to be run by a background job (modules/suppliers/import-jobs.ts makes one). */
export interface ImportQueue {
  enqueue(importId: number): Promise<void>;
}

/** What every domain module is built from; modules never reach for globals. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** The technical catalogue's key: TECH_CATALOG_KEY, or the one generated and kept in the database. */
  techCatalogKey: string;
  /** The background job runner (jobs/, decision 0043): imports, «fetch now». */
  jobs?: JobQueue;
  /** The app's Prometheus registry (GET /metrics), where a module registers figures of its own. */
  metrics: Registry;
}

export interface HandlerContext<E extends EndpointDef> {
  body: EndpointBody<E>;
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  auth: AuthContext;
  /** The signed-in staff member on back office endpoints; null elsewhere and for anonymous callers. */
  staff: StaffContext | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Returns the payload that the route wraps in `{ data }` (or the bytes of a download). */
export type EndpointHandler<E extends EndpointDef> = (ctx: HandlerContext<E>) => Promise<EndpointPayload<E>>;

export type HandlersFor<T extends Record<string, EndpointDef>> = { [K in keyof T]?: EndpointHandler<T[K]> };
export type ShopHandlers = HandlersFor<typeof shopEndpoints>;
export type TechHandlers = HandlersFor<typeof techEndpoints>;
export type AdminHandlers = HandlersFor<typeof adminEndpoints>;
