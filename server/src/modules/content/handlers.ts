import { pricingOf } from '../pricing/client-pricing.ts';
import { nowFor } from '../../http/clock.ts';
import { notFound } from '../../http/errors.ts';
import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { readPage } from '../../shared/pagination.ts';
import {
  countPublishedNews,
  findPublishedNewsItem,
  findPublishedPage,
  listPublishedNews,
  listPublishedPages,
  listRecommendedOffers,
  numericIdOf,
  readTemplate,
} from './queries.ts';

export const PAGE_NOT_FOUND_MESSAGE = 'Страница не найдена';
export const NEWS_NOT_FOUND_MESSAGE = 'Новость не найдена';

const orNotFound = <T>(value: T | null, message: string): T => {
  if (value === null) throw notFound(message);
  return value;
};

/** Shop settings, static pages, news and recommendation blocks (contract-decisions.md section 8). */
export function createContentHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  return {
    template: ({ request }) => readTemplate(db, nowFor(request), config.shopTimeZone),

    'page/:id': async ({ params }) => orNotFound(await findPublishedPage(db, params.id), PAGE_NOT_FOUND_MESSAGE),
    'page-list': () => listPublishedPages(db),

    'news-page/:id': async ({ params }) =>
      orNotFound(await findPublishedNewsItem(db, params.id, new Date()), NEWS_NOT_FOUND_MESSAGE),

    'news-preview/:id': async ({ params }) => {
      const { content_html: _body, ...preview } = orNotFound(
        await findPublishedNewsItem(db, params.id, new Date()),
        NEWS_NOT_FOUND_MESSAGE,
      );
      return preview;
    },

    'news-list': async ({ query }) => {
      const { page, per_page: perPage } = query;
      const now = new Date();
      return readPage(
        page,
        perPage,
        () => countPublishedNews(db, now),
        (limit, offset) => listPublishedNews(db, now, limit, offset),
      );
    },

    // A block id that is not a number names no block: like an unknown block, it recommends nothing.
    'website-products-recommend-preview/:id': async ({ params, auth }) => {
      const blockId = numericIdOf(params.id);
      return blockId === null ? [] : listRecommendedOffers(db, blockId, await pricingOf(db, auth.clientId));
    },
  };
}
