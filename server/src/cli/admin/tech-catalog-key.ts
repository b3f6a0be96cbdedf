import { generatedTechCatalogKey } from '../../db/shop-settings.ts';
import type { AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: "prints the technical catalogue's key (TECH_CATALOG_KEY, or the one generated for this shop)",
  usage: `Prints the key every call to the technical catalogue (/api/tech/) must carry. It is TECH_CATALOG_KEY when
that is set; otherwise a random key generated once (on the shop's first start, or now) and kept in the shop's
database, so that the shop's own pages and anyone you give it agree on it. Keep it secret.

Usage: npm run admin -- tech-catalog-key`,
  options: {},
  async run(_values, { config, database, print }) {
    if (config.techCatalogKey !== undefined) {
      print(config.techCatalogKey);
      return;
    }
    print(await generatedTechCatalogKey(database.db));
  },
};
