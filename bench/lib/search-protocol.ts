/** What bench/search.ts and its server process (lib/search-server.ts) say to each other over IPC. */

export interface SearchKey {
  article: string;
  brand: string;
}

export type ServerRequest =
  | { type: 'floor'; withBrand: boolean; durationMs: number; concurrency: number; keys: SearchKey[] }
  | { type: 'explain'; key: SearchKey; withBrand: boolean }
  | { type: 'vacuum' }
  | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; port: number; lookupPort: number | null }
  | { type: 'floor'; count: number; seconds: number; p50: number; p99: number }
  | { type: 'explain'; plan: string }
  | { type: 'vacuumed' };

/** The empty route the server adds to the app: the floor of Fastify and the app's hooks. */
export const EMPTY_ROUTE = '/bench/empty';
