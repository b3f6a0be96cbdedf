import {
  LIST_SEARCH_MAX_LINES,
  LIST_SEARCH_OFFERS_PER_BRAND,
  listTooLongMessage,
  type BrandChip,
  type ListSearchBrand,
  type ListSearchLine,
  type ListSearchRequest,
  type ListSearchResult,
  type SearchItem,
  type SearchResult,
  type SearchSort,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ClientPricing } from '../pricing/client-pricing.ts';
import { searchProducts } from '../search/service.ts';
import {
  brandCandidatesOf,
  linesOfRecords,
  linesOfText,
  readLine,
  type LineReading,
  type ParsedLine,
  type RawLine,
} from './parse-lines.ts';
import { findKnownBrands } from './queries.ts';
import { readListFile } from './read-list-file.ts';

export const LIST_EMPTY_MESSAGE = 'В списке нет ни одной строки с артикулом';
/** Brands of one article offered for a pick: more is a cross-reference tangle, not a choice. */
const BRANDS_PER_LINE_MAX = 8;
/** Lines searched at once: enough to keep a PostgreSQL pool busy, few enough to leave it to other requests. */
const LINES_IN_FLIGHT = 4;

async function rawLinesOf(request: ListSearchRequest): Promise<{ lines: RawLine[]; field: string }> {
  if (request.file) {
    // One row more than allowed (and one for a header) tells a list that is too long without reading all of it.
    const records = await readListFile(request.file.content_base64, LIST_SEARCH_MAX_LINES + 2);
    return { lines: linesOfRecords(records), field: 'file' };
  }
  return { lines: linesOfText(request.text ?? ''), field: 'text' };
}

/** `mapper` over `items` with at most `limit` calls in flight; results in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, mapper: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await mapper(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * A brand's offers for a line of `quantity` pieces: those whose stock covers it first, each part in the search's
 * order, so the best offer (the first) is one that can be bought whole (issue 26: 4 asked, 1 in stock, 1 added).
 */
export function offersForQuantity(items: readonly SearchItem[], quantity: number): SearchItem[] {
  const requested = items.filter((item) => item.group === 'requested');
  const covering = requested.filter((item) => item.quantity >= quantity);
  const short = requested.filter((item) => item.quantity < quantity);
  return [...covering, ...short].slice(0, LIST_SEARCH_OFFERS_PER_BRAND);
}

const listBrand = (chip: BrandChip, items: readonly SearchItem[], quantity: number): ListSearchBrand => ({
  brand_name: chip.brand_name,
  article: chip.article,
  description: chip.description,
  offers_count: chip.offers_count,
  offers: offersForQuantity(items, quantity),
});

interface Found {
  reading: LineReading;
  brands: ListSearchBrand[];
  chosen: string | null;
  message: string | null;
}

/**
 * The line's brands with their offers, through products-search itself (the same statement, the same selling
 * prices): the brand named or the only one in one search; else one more search per brand that has offers.
 */
async function findReading(
  db: DbExecutor,
  reading: LineReading,
  brand: string | null,
  sort: SearchSort,
  pricing: ClientPricing,
): Promise<Found | null> {
  const search = (brandName: string | undefined): Promise<SearchResult> =>
    searchProducts(db, { article: reading.article, brand_name: brandName, analogs: false, sort }, pricing);
  const result = await search(brand ?? undefined);
  const offered = result.brands.filter((chip) => chip.offers_count > 0);
  if (offered.length === 0) return null;
  const target = offered.find((chip) => chip.brand_name === result.brand_name);
  if (target && result.items.length > 0) {
    return {
      reading,
      brands: [listBrand(target, result.items, reading.quantity)],
      chosen: target.brand_name,
      message: null,
    };
  }
  const picks = offered.slice(0, BRANDS_PER_LINE_MAX);
  const brands = await Promise.all(
    picks.map(async (chip) => listBrand(chip, (await search(chip.brand_name)).items, reading.quantity)),
  );
  const withOffers = brands.filter((entry) => entry.offers.length > 0);
  if (withOffers.length === 0) return null;
  return {
    reading,
    brands: withOffers,
    chosen: withOffers.length === 1 ? withOffers[0]!.brand_name : null,
    message: brand === null ? null : `Бренд «${brand}» для этого артикула не найден: выберите из найденных`,
  };
}

async function searchLine(
  db: DbExecutor,
  parsed: ParsedLine,
  sort: SearchSort,
  pricing: ClientPricing,
): Promise<ListSearchLine> {
  const [first] = parsed.readings;
  const base = { line: parsed.line, text: parsed.text, brand_name: parsed.brand };
  if (parsed.error !== null || !first) {
    return {
      ...base,
      article: first?.article ?? '',
      quantity: first?.quantity ?? 1,
      status: 'invalid',
      message: parsed.error,
      chosen_brand: null,
      brands: [],
    };
  }
  for (const reading of parsed.readings) {
    const found = await findReading(db, reading, parsed.brand, sort, pricing);
    if (found) {
      return {
        ...base,
        article: reading.article,
        quantity: reading.quantity,
        status: 'found',
        message: found.message,
        chosen_brand: found.chosen,
        brands: found.brands,
      };
    }
  }
  // Not found: the reading a person would take (the quantity one, when the line ends in a number).
  const shown = parsed.readings.at(-1)!;
  return {
    ...base,
    article: shown.article,
    quantity: shown.quantity,
    status: 'not_found',
    message: 'Не найден',
    chosen_brand: null,
    brands: [],
  };
}

/**
 * `products-list-search` (decision 0029): the list's lines read (brands against the shop's brands, one query
 * for the whole list), then each line searched by products-search's own service at `pricing`'s prices, a few
 * lines at a time. A list longer than LIST_SEARCH_MAX_LINES is refused whole (422), nothing searched.
 */
export async function searchList(
  db: DbExecutor,
  request: ListSearchRequest,
  pricing: ClientPricing,
): Promise<ListSearchResult> {
  const { lines: raw, field } = await rawLinesOf(request);
  if (raw.length === 0) throw validationFailed({ [field]: [LIST_EMPTY_MESSAGE] }, LIST_EMPTY_MESSAGE);
  if (raw.length > LIST_SEARCH_MAX_LINES) {
    // A file is read only one row past the limit: its full length is unknown, so the message names the limit.
    const message = listTooLongMessage(raw.length);
    throw validationFailed({ [field]: [message] }, message);
  }
  const known = await findKnownBrands(db, [...new Set(raw.flatMap(brandCandidatesOf))]);
  const parsed = raw.map((line) => readLine(line, known));
  const lines = await mapLimited(parsed, LINES_IN_FLIGHT, (line) => searchLine(db, line, request.sort, pricing));
  return { sort: request.sort, lines };
}
