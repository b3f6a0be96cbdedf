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
  /** `--delivery-stats`: the learned delivery of lib/delivery-stats-setup.ts, or none (issue 33). */
  | { type: 'delivery-stats'; setup: DeliveryStatsState }
  | { type: 'explain'; key: SearchKey; withBrand: boolean }
  | { type: 'vacuum' }
  | { type: 'stop' };

export type ServerMessage =
  | { type: 'ready'; port: number; lookupPort: number | null }
  | { type: 'floor'; count: number; seconds: number; p50: number; p99: number }
  | { type: 'explain'; plan: string }
  | { type: 'vacuumed' }
  | { type: 'pricing'; setup: PricingState; description: string }
  | { type: 'delivery-stats'; setup: DeliveryStatsState; description: string };

export type PricingState = 'realistic' | 'none';
/** `--delivery-stats` (issue 33): every supplier with learned figures, or none (lib/delivery-stats-setup.ts). */
export type DeliveryStatsState = 'learned' | 'none';

/** The empty route the server adds to the app: the floor of Fastify and the app's hooks. */
export const EMPTY_ROUTE = '/bench/empty';
