import { generatedTechCatalogKey } from '../../db/shop-settings.ts';
import type { AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'печатает ключ технического каталога (TECH_CATALOG_KEY или созданный для этого магазина)',
  usage: `Печатает ключ, который должен нести каждый запрос к техническому каталогу (/api/tech/). Это TECH_CATALOG_KEY,
если он задан; иначе случайный ключ, созданный один раз (при первом запуске магазина или сейчас) и хранимый в
базе магазина, чтобы собственные страницы магазина и те, кому вы его дадите, знали один ключ. Храните его в тайне.

Запуск: npm run admin -- tech-catalog-key`,
  options: {},
  async run(_values, { config, database, print }) {
    if (config.techCatalogKey !== undefined) {
      print(config.techCatalogKey);
      return;
    }
    print(await generatedTechCatalogKey(database.db));
  },
};
