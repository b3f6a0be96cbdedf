import { clientIdOf } from '../../http/auth.ts';
import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { markNoReturn, NO_RETURN_POLICIES_NONE, type NoReturnLookup } from '../../shared/no-return.ts';
import { pricingOf } from '../pricing/client-pricing.ts';
import { readSearchHistory, recordSearch } from './search-history.ts';
import { searchProducts } from './service.ts';
import { SuggestionCache, suggestCacheCounter } from './suggestion-cache.ts';
import { suggestProducts } from './suggestions.ts';

/** Search by article and brand (contract-decisions.md section 3), suggestions and history (decision 0030). */
export function createSearchHandlers(
  { database: { db }, config, metrics }: AppDeps,
  noReturn: NoReturnLookup = NO_RETURN_POLICIES_NONE,
): ShopHandlers {
  // One per app, so per instance: a suggestion for a hot prefix costs no round trip (decision 0032).
  const suggestions = new SuggestionCache({
    ttlMs: config.suggestCacheTtlMs,
    onLookup: suggestCacheCounter(metrics),
  });
  return {
    'products-search': async ({ body, auth, request }) => {
      // A signed-in client's search goes into their history (decision 0030), beside the search itself; the
      // history is a convenience, so a failure to write it is logged and the search still answers.
      const recorded =
        auth.clientId === null
          ? undefined
          : recordSearch(db, auth.clientId, body).catch((error: unknown) =>
              request.log.error({ err: error }, 'search history not written'),
            );
      const result = await searchProducts(db, body, await pricingOf(db, auth.clientId));
      const items = await markNoReturn(noReturn, result.items, (item) => item.id);
      await recorded;
      return { result_products_search: { ...result, items } };
    },
    'products-suggest': ({ query }) => suggestProducts(db, query, suggestions),
    'client-search-history': ({ auth }) => readSearchHistory(db, clientIdOf(auth)),
  };
}
