import {
  roublesFromDecimal,
  layoutSwappedArticle,
  normalizeArticle,
  normalizeBrand,
  toKopecks,
  type BrandChip,
  type SearchItem,
  type SearchRequest,
  type SearchResult,
  type SearchSort,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { toOffer } from '../catalog/offer-rows.ts';
import { toDeliveryStats } from '../delivery-stats/stats-sql.ts';
import type { ClientPricing } from '../pricing/client-pricing.ts';
import { runSearch, type SearchQuery, type SearchRow } from './queries.ts';

const GROUPS = ['requested', 'analog'] as const;

interface SortableItem {
  item: SearchItem;
  groupIndex: number;
  /** An analog whose pair is withdrawn or over the return-rate threshold: after the group's other offers. */
  demoted: boolean;
  kopecks: number;
}

// Unknown delivery sorts after every known one.
const deliveryKey = (days: number | null) => days ?? Number.POSITIVE_INFINITY;

/**
 * Requested offers first, then analogs, then the analogs of withdrawn or over-threshold pairs (decision 0065);
 * within each, by price then delivery, or delivery then price; then id.
 */
function compareItems(sort: SearchSort) {
  return (left: SortableItem, right: SortableItem): number => {
    const byPrice = left.kopecks - right.kopecks;
    const byDelivery = deliveryKey(left.item.delivery) - deliveryKey(right.item.delivery);
    const [first, second] = sort === 'price' ? [byPrice, byDelivery] : [byDelivery, byPrice];
    return (
      left.groupIndex - right.groupIndex ||
      Number(left.demoted) - Number(right.demoted) ||
      first ||
      second ||
      left.item.id - right.item.id
    );
  };
}

function toItem(row: SearchRow): SortableItem {
  const groupIndex = row.item_group ?? 0;
  // Item rows always carry these; the row type is shared with the chip and target rows, where they are null.
  const price = row.price ?? '0';
  const offer = toOffer({
    id: Number(row.offer_id),
    article: row.article ?? '',
    brandName: row.brand_name,
    description: row.description ?? '',
    deliveryDays: row.delivery_days,
    supplierName: row.supplier_name,
    deliveryProbability: row.delivery_probability,
    price,
    quantity: row.quantity ?? 0,
    weight: row.weight,
  });
  const group = GROUPS[groupIndex] ?? 'analog';
  // `stale` only on a stale list's offer shown with a warning (decision 0025); absent otherwise.
  const delivery_stats = toDeliveryStats(row.stats_median_days, row.stats_on_time_percent, row.stats_lines);
  const item: SearchItem =
    row.stale === true ? { ...offer, group, delivery_stats, stale: true } : { ...offer, group, delivery_stats };
  // «куплено N раз, возвратов M»: only on an analog bought before as an analog of the searched part.
  if (row.analog_purchases !== null) {
    item.analog_stats = { purchases: row.analog_purchases, returns: row.analog_returns ?? 0 };
  }
  return { item, groupIndex, demoted: row.demoted === true, kopecks: toKopecks(price) };
}

function toChip(row: SearchRow, articleNormalized: string): BrandChip {
  return {
    brand_name: row.brand_name,
    // A brand known only through cross-references has no written form of its own: the normalized one stands in.
    article: row.article ?? articleNormalized,
    description: row.description ?? '',
    offers_count: row.offers_count ?? 0,
    min_price: row.price === null ? null : roublesFromDecimal(row.price),
    min_delivery: row.delivery_days,
  };
}

/** Brands with offers first, then the ones known only through cross-references; each part by name. */
const compareChips = (left: BrandChip, right: BrandChip): number =>
  Number(left.offers_count === 0) - Number(right.offers_count === 0) ||
  left.brand_name.localeCompare(right.brand_name, 'en');

function assemble(rows: readonly SearchRow[], request: SearchRequest, articleNormalized: string): SearchResult {
  let brandName: string | null = null;
  const chips: BrandChip[] = [];
  const items: SortableItem[] = [];
  for (const row of rows) {
    if (row.kind === 'target') brandName = row.brand_name;
    else if (row.kind === 'chip') chips.push(toChip(row, articleNormalized));
    else items.push(toItem(row));
  }
  items.sort(compareItems(request.sort));
  return {
    article: request.article,
    normalized_article: articleNormalized,
    brand_name: brandName,
    brands: chips.sort(compareChips),
    items: items.map(({ item }) => item),
  };
}

async function searchFor(
  db: DbExecutor,
  request: SearchRequest,
  articleNormalized: string,
  pricing: ClientPricing,
): Promise<SearchResult> {
  const query: SearchQuery = {
    articleNormalized,
    brandNormalized: request.brand_name === undefined ? null : normalizeBrand(request.brand_name),
    analogs: request.analogs,
    inStock: request.in_stock === true,
    maxDelivery: request.max_delivery ?? null,
  };
  return assemble(await runSearch(db, query, pricing), request, articleNormalized);
}

const emptyResult = (request: SearchRequest, articleNormalized: string): SearchResult => ({
  article: request.article,
  normalized_article: articleNormalized,
  brand_name: null,
  brands: [],
  items: [],
});

/**
 * `products-search` (contract-decisions.md section 3). When the article as typed exists nowhere and was typed
 * on the Russian keyboard layout by mistake ('щс90' for 'oc90'), the article those keys stand for is searched
 * instead; `normalized_article` then tells which article was found. Prices are `pricing`'s selling prices.
 */
export async function searchProducts(
  db: DbExecutor,
  request: SearchRequest,
  pricing: ClientPricing,
): Promise<SearchResult> {
  const articleNormalized = normalizeArticle(request.article);
  // Only separators typed ('---'): no article can match.
  const result =
    articleNormalized === ''
      ? emptyResult(request, articleNormalized)
      : await searchFor(db, request, articleNormalized, pricing);
  if (result.brands.length > 0) return result;
  const swapped = layoutSwappedArticle(request.article);
  if (swapped === null) return result;
  const retried = await searchFor(db, request, swapped, pricing);
  return retried.brands.length > 0 ? retried : result;
}
