import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { searchProducts } from './service.ts';

/** Search by article and brand (contract-decisions.md section 3). */
export function createSearchHandlers({ database: { db } }: AppDeps): ShopHandlers {
  return {
    'products-search': async ({ body }) => ({ result_products_search: await searchProducts(db, body) }),
  };
}
