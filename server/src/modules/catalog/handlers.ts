import { pricingOf } from '../pricing/client-pricing.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { AppDeps, TechHandlers } from '../../http/handlers.ts';
import { readPage } from '../../shared/pagination.ts';
import { isCatalogKey } from './catalog-key.ts';
import { buildGroupTree } from './group-tree.ts';
import { toOffer } from './offer-rows.ts';
import { countGroupOffers, groupExists, listGroupOffers, listGroups } from './queries.ts';

export const WRONG_CATALOG_KEY_MESSAGE = 'Неверный ключ каталога';
export const GROUP_NOT_FOUND_MESSAGE = 'Группа каталога не найдена';

/** The technical catalogue (`/api/tech/`): every call carries the configured key. */
export function createCatalogHandlers({ techCatalogKey, database: { db } }: AppDeps): TechHandlers {
  const requireKey = (key: string) => {
    if (!isCatalogKey(key, techCatalogKey)) throw forbidden(WRONG_CATALOG_KEY_MESSAGE);
  };

  return {
    'get-all-groups': async ({ body }) => {
      requireKey(body.key);
      return buildGroupTree(await listGroups(db));
    },

    // Priced for the visitor whose page asks (the web's in-process calls carry their bearer; anonymous: retail).
    'get-group-items': async ({ body, auth }) => {
      requireKey(body.key);
      const { group_id: groupId, page, per_page: perPage } = body;
      if (!(await groupExists(db, groupId))) throw notFound(GROUP_NOT_FOUND_MESSAGE);
      return readPage(
        page,
        perPage,
        () => countGroupOffers(db, groupId),
        async (limit, offset) => {
          const pricing = await pricingOf(db, auth.clientId);
          return (await listGroupOffers(db, groupId, limit, offset, pricing)).map(toOffer);
        },
      );
    },
  };
}
