/** What bench/search.ts and its server process (lib/search-server.ts) say to each other over IPC. */

export interface SearchKey {
  article: string;
  brand: string;
}

export type ServerRequest =
  | { type: 'floor'; withBrand: boolean; durationMs: number; concurrency: number; keys: SearchKey[] }
  /** The caller's profile look-up alone (what every priced request reads first), in a closed loop. */
  | { type: 'profile-floor'; durationMs: number; concurrency: number }
  /** `--pricing`: the realistic setup of lib/pricing-setup.ts, or none (the default group's 0 % profile). */
  | { type: 'pricing'; setup: PricingState }
  | { type: 'explain'; key: SearchKey; withBrand: boolean }
  | { type: 'vacuum' }
  | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; port: number; lookupPort: number | null }
  | { type: 'floor'; count: number; seconds: number; p50: number; p99: number }
  | { type: 'explain'; plan: string }
  | { type: 'vacuumed' }
  | { type: 'pricing'; setup: PricingState; description: string };

export type PricingState = 'realistic' | 'none';

/** The empty route the server adds to the app: the floor of Fastify and the app's hooks. */
export const EMPTY_ROUTE = '/bench/empty';
