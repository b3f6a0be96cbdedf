import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { pricingOf } from '../pricing/client-pricing.ts';
import { countListSearch } from './limits.ts';
import { searchList } from './service.ts';

/** Search by list (decision 0029); prices as products-search gives them to the caller. */
export function createListSearchHandlers({ database: { db } }: AppDeps): ShopHandlers {
  return {
    'products-list-search': async ({ body, auth, request, reply }) => {
      await countListSearch(request, reply);
      return { result_list_search: await searchList(db, body, await pricingOf(db, auth.clientId)) };
    },
  };
}
