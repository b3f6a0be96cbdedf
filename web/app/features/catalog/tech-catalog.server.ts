import { DEMO_TECH_CATALOG_KEY } from '@detal/contract';

/**
 * The key every technical-catalogue call carries (TECH_CATALOG_KEY, the demo key by default). It is a secret of
 * the shop: only loaders send it, from the server, so it never reaches a browser.
 */
export function techCatalogKey(): string {
  return process.env.TECH_CATALOG_KEY || DEMO_TECH_CATALOG_KEY;
}
