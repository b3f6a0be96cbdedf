import type { AppLoadContext } from 'react-router';

/**
 * The key every technical-catalogue call carries: TECH_CATALOG_KEY (the server reads the same environment), else
 * the one the production server puts in the load context (the key it generated and keeps in the database). It is a secret of the shop: only loaders send it, from the server, so it never reaches a
 * browser. Without any, calls go keyless and the catalogue answers 403 (loaders show no groups).
 */
export function techCatalogKey(context: AppLoadContext | undefined): string {
  return process.env.TECH_CATALOG_KEY || context?.techCatalogKey || '';
}
