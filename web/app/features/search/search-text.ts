import { NBSP, formatDelivery, formatRoubles, pluralRu } from '@detal/contract/browser';
import type { BrandChip, SearchItem, SearchResult } from '@detal/contract';

/** Texts of the search pages: counts, weights, stock, and each page's title and description. */

export const offersText = (count: number): string =>
  `${count}${NBSP}${pluralRu(count, 'предложение', 'предложения', 'предложений')}`;

export const brandsText = (count: number): string => `${count}${NBSP}${pluralRu(count, 'бренд', 'бренда', 'брендов')}`;

export const analogsText = (count: number): string =>
  `${count}${NBSP}${pluralRu(count, 'аналог', 'аналога', 'аналогов')}`;

const weightFormat = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/** '0,305 кг', or '-' when unknown. */
export const formatWeight = (kilograms: number | null): string =>
  kilograms === null ? '-' : `${weightFormat.format(kilograms)}${NBSP}кг`;

/** '12 шт.', or 'нет' for an offer out of stock. */
export const formatStock = (quantity: number): string => (quantity > 0 ? `${quantity}${NBSP}шт.` : 'нет');

/** 'от 482,00 ₽', or null without a price. */
export const fromPriceText = (price: number | null): string | null =>
  price === null ? null : `от ${formatRoubles(price)}`;

/** 'срок от 2 дн.', 'срок сегодня' for offers ready today (not 'от 0 дн.'), or null when unknown. */
export const deliveryTermText = (days: number | null): string | null =>
  days === null ? null : days === 0 ? 'срок сегодня' : `срок от ${formatDelivery(days)}`;

/** The requested article's offers and its analogs, in the order the API answered. */
export function splitGroups(items: readonly SearchItem[]): { requested: SearchItem[]; analogs: SearchItem[] } {
  return {
    requested: items.filter((item) => item.group === 'requested'),
    analogs: items.filter((item) => item.group === 'analog'),
  };
}

/** The chip of the brand whose full result this is. */
export const chipOf = (result: SearchResult): BrandChip | undefined =>
  result.brands.find((chip) => chip.brand_name === result.brand_name);

/**
 * How the article is written on a page: the brand's own written form ('OC 90'), else the first brand's that has
 * offers, else what the visitor typed.
 */
export function displayArticle(result: SearchResult): string {
  const chip = chipOf(result) ?? result.brands.find((brand) => brand.offers_count > 0) ?? result.brands[0];
  return chip?.article ?? result.article;
}

const listNames = (names: readonly string[], shown = 3): string =>
  names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')} и ещё ${names.length - shown}`;

const sentence = (parts: readonly (string | null | undefined | false)[]): string =>
  parts.filter((part): part is string => typeof part === 'string' && part !== '').join(', ');

/** A full stop, unless the text already ends with one ('срок от 2 дн.'). */
const fullStop = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

export interface PageText {
  title: string;
  description: string;
}

/** The brand chips page: 'OC 90 — MAHLE, KNECHT: 7 предложений'. */
export function chipsPageText(result: SearchResult): PageText {
  const article = displayArticle(result);
  const offers = result.brands.reduce((total, chip) => total + chip.offers_count, 0);
  const prices = result.brands.flatMap((chip) => (chip.min_price === null ? [] : [chip.min_price]));
  const deliveries = result.brands.flatMap((chip) => (chip.min_delivery === null ? [] : [chip.min_delivery]));
  const names = result.brands.map((chip) => chip.brand_name);
  return {
    title: `${article} — ${listNames(names)}: ${offersText(offers)}`,
    description: `${fullStop(
      `Артикул ${article} — ${brandsText(names.length)} (${listNames(names, 6)}): ${sentence([
        offersText(offers),
        prices.length > 0 && fromPriceText(Math.min(...prices)),
        deliveries.length > 0 && deliveryTermText(Math.min(...deliveries)),
      ])}`,
    )} Выберите бренд, чтобы сравнить цены, сроки и аналоги.`,
  };
}

/** A brand's full result: 'OC 90 KNECHT — цены и аналоги, 12 предложений'. */
export function fullResultText(result: SearchResult): PageText {
  const article = displayArticle(result);
  const brand = result.brand_name ?? '';
  const chip = chipOf(result);
  const { requested, analogs } = splitGroups(result.items);
  const analogBrands = [...new Set(analogs.map((item) => item.brand_name))];
  const prices = requested.map((item) => item.price);
  const deliveries = requested.flatMap((item) => (item.delivery === null ? [] : [item.delivery]));
  return {
    title: `${article} ${brand} — цены и аналоги, ${offersText(result.items.length)}`,
    description: fullStop(
      `${sentence([`${brand} ${article}`, chip?.description])}: ${sentence([
        offersText(requested.length),
        prices.length > 0 && fromPriceText(Math.min(...prices)),
        deliveries.length > 0 && deliveryTermText(Math.min(...deliveries)),
      ])}${analogs.length > 0 ? `; ${analogsText(analogs.length)} (${listNames(analogBrands, 5)})` : ''}`,
    ),
  };
}

/** Nothing found. */
export function notFoundText(article: string): PageText {
  return {
    title: `${article} — ничего не найдено`,
    description: `По артикулу ${article} предложений нет. Проверьте артикул или поищите по номеру аналога.`,
  };
}
