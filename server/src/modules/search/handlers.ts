import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { pricingOf } from '../pricing/client-pricing.ts';
import { searchProducts } from './service.ts';

/** Search by article and brand (contract-decisions.md section 3). */
export function createSearchHandlers({ database: { db } }: AppDeps): ShopHandlers {
  return {
    'products-search': async ({ body, auth }) => ({
      result_products_search: await searchProducts(db, body, await pricingOf(db, auth.clientId)),
    }),
  };
}
