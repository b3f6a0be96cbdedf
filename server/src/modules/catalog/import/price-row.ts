import { ARTICLE_MAX_LENGTH, isExactMoney, kopecksToDecimal, normalizeArticle, toKopecks } from '@detal/contract';

/** The columns a price list may have; article, brand and price are required. */
export const PRICE_COLUMNS = ['article', 'brand', 'description', 'price', 'quantity', 'delivery', 'weight'] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly PriceColumn[] = ['article', 'brand', 'price'];

/** Which cell of a row holds each column; columns a file lacks are absent. */
export type ColumnLayout = Partial<Record<PriceColumn, number>>;

/** The spellings of each column in a header row, compared after lower-casing and dropping all but letters. */
const HEADER_NAMES: Record<PriceColumn, readonly string[]> = {
  article: ['article', 'articul', 'artikul', 'partnumber', 'number', 'артикул', 'номер', 'кодпроизводителя'],
  brand: ['brand', 'manufacturer', 'maker', 'бренд', 'производитель', 'марка', 'изготовитель'],
  description: ['description', 'name', 'title', 'описание', 'наименование', 'название', 'наименованиетовара'],
  price: ['price', 'цена', 'ценаруб', 'стоимость'],
  quantity: ['quantity', 'qty', 'stock', 'количество', 'колво', 'наличие', 'остаток'],
  delivery: ['delivery', 'deliverydays', 'days', 'срок', 'срокпоставки', 'доставка', 'срокдн', 'срокпоставкидн'],
  weight: ['weight', 'вес', 'вескг', 'масса'],
};

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^\p{L}]/gu, '');

const columnOfHeader = new Map<string, PriceColumn>(
  PRICE_COLUMNS.flatMap((column) => HEADER_NAMES[column].map((name) => [name, column] as const)),
);

/** The column a header cell names, if any ('Артикул', 'Цена, руб.', 'Qty'). */
export function headerColumn(cell: string): PriceColumn | undefined {
  return columnOfHeader.get(headerKey(cell));
}

/** True when the row is a header: it names a required column and every non-empty cell names some column. */
export function isHeaderRow(cells: readonly string[], required: readonly string[] = REQUIRED_COLUMNS): boolean {
  const named = cells.filter((cell) => cell.trim() !== '');
  return (
    named.length > 0 &&
    named.every((cell) => headerColumn(cell) !== undefined) &&
    named.some((cell) => required.includes(headerColumn(cell) as string))
  );
}

function assertRequired(layout: ColumnLayout, where: string): ColumnLayout {
  const missing = REQUIRED_COLUMNS.filter((column) => layout[column] === undefined);
  if (missing.length > 0)
    throw new Error(`${where} lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return layout;
}

/** The layout a header row gives; unknown header cells are ignored. */
export function layoutFromHeader(cells: readonly string[]): ColumnLayout {
  const layout: ColumnLayout = {};
  cells.forEach((cell, index) => {
    const column = headerColumn(cell);
    if (column !== undefined && layout[column] === undefined) layout[column] = index;
  });
  return assertRequired(layout, 'The header row');
}

/**
 * The layout of a header row where some columns are named by the supplier's own header texts (a saved import
 * profile: `{ price: 'Цена опт' }`); the others are recognized by their usual names. A named header the row lacks
 * is an error that names it (`HeaderNotFound`).
 */
export function layoutFromHeaderNames(
  cells: readonly string[],
  names: Partial<Record<PriceColumn, string>>,
): ColumnLayout {
  const keys = cells.map(headerKey);
  const layout: ColumnLayout = {};
  const named = new Set<number>();
  for (const [column, name] of Object.entries(names) as [PriceColumn, string][]) {
    const index = keys.indexOf(headerKey(name));
    if (index < 0) throw new HeaderNotFound(column, name);
    layout[column] = index;
    named.add(index);
  }
  cells.forEach((cell, index) => {
    const column = headerColumn(cell);
    if (column !== undefined && layout[column] === undefined && !named.has(index)) layout[column] = index;
  });
  return assertRequired(layout, 'The header row');
}

/** A header the import profile names is not in the file's header row. */
export class HeaderNotFound extends Error {
  constructor(
    readonly column: PriceColumn,
    readonly header: string,
  ) {
    super(`The header row has no cell "${header}" (column ${column})`);
  }
}

/**
 * The layout of a `--columns` list such as 'article,brand,,price' (an empty name or '-' skips a cell).
 * Throws on an unknown or repeated name, or when a required column is missing.
 */
export function layoutFromColumnList(list: string): ColumnLayout {
  const layout: ColumnLayout = {};
  list.split(',').forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '' || name === '-') return;
    if (!(PRICE_COLUMNS as readonly string[]).includes(name)) {
      throw new Error(`Unknown column "${raw.trim()}"; columns are ${PRICE_COLUMNS.join(', ')}`);
    }
    const column = name as PriceColumn;
    if (layout[column] !== undefined) throw new Error(`Column "${column}" is given twice`);
    layout[column] = index;
  });
  return assertRequired(layout, '--columns');
}

/** A valid price-list row, ready for the database: money and weight as exact decimal text. */
export interface PriceRow {
  article: string;
  articleNormalized: string;
  brand: string;
  description: string;
  /** Null: the row gives none, the supplier's default applies. */
  deliveryDays: number | null;
  /** '1234.50' */
  price: string;
  quantity: number;
  /** Kilograms, '0.250'; null when not given. */
  weight: string | null;
}

/**
 * Why a value or a row is refused. Parsers return either their value or a Refusal, so that the accepted path,
 * a million times per price list, allocates nothing but the row itself.
 */
export class Refusal {
  constructor(readonly reason: string) {}
}

/** Largest price numeric(12,2) holds, in kopecks. */
const MAX_PRICE_KOPECKS = 999_999_999_999;
const MAX_COUNT = 2_147_483_647;
/** The common spellings, handled without BigInt: '1234', '1234.5', '1234,50'. */
const PLAIN_MONEY = /^(\d{1,10})(?:[.,](\d{1,2}))?$/;
/** And with the thousands grouped by spaces, as spreadsheets export them: '1 234,50' (up to nine digits). */
const GROUPED_MONEY = /^(\d{1,3}(?:[ \u00A0\u202F]\d{3}){1,2})(?:[.,](\d{1,2}))?$/;
const NOT_DIGIT = /\D/g;
const PLAIN_ARTICLE = /^[A-Z0-9]+$/;
const PRINTABLE_ASCII = /^[\x20-\x7E]+$/;
const NOT_ASCII_LETTER_OR_DIGIT = /[^A-Z0-9]/g;
const GROUPING_SPACES = /[\s\u00A0\u202F]/g;
const WHOLE_NUMBER = /^\d+$/;
/** Nine digits at most: always within int4. */
const SHORT_WHOLE_NUMBER = /^\d{1,9}$/;
/** numeric(10,3): up to seven whole digits. */
const PLAIN_WEIGHT = /^(\d{1,7})(?:[.,](\d{1,3}))?$/;
const LEADING_ZEROS = /^0+(?=\d)/;
/** As long as a brand the search accepts. */
export const BRAND_MAX_LENGTH = 128;

const shown = (text: string) => (text.length > 40 ? `"${text.slice(0, 40)}…"` : `"${text}"`);

/**
 * A price as exact decimal text with two decimals: '1 234,50' and '1234.5' give '1234.50'. Negative amounts,
 * more than two decimals and anything that is not a number are refused with the reason.
 */
export function parsePrice(text: string): string | Refusal {
  const trimmed = text.trim();
  if (trimmed === '') return new Refusal('price is missing');
  const plain = PLAIN_MONEY.exec(trimmed);
  if (plain) {
    const [, whole = '0', fraction = ''] = plain;
    return `${whole.replace(LEADING_ZEROS, '')}.${fraction.padEnd(2, '0')}`;
  }
  const grouped = GROUPED_MONEY.exec(trimmed);
  if (grouped) {
    const [, whole = '0', fraction = ''] = grouped;
    return `${whole.replace(NOT_DIGIT, '').replace(LEADING_ZEROS, '')}.${fraction.padEnd(2, '0')}`;
  }
  const compact = trimmed.replace(GROUPING_SPACES, '');
  let kopecks: number;
  try {
    kopecks = toKopecks(compact);
  } catch {
    return new Refusal(`price is not a number: ${shown(trimmed)}`);
  }
  if (kopecks < 0 || compact.startsWith('-')) return new Refusal(`price is negative: ${shown(trimmed)}`);
  if (!isExactMoney(compact)) return new Refusal(`price has more than two decimals: ${shown(trimmed)}`);
  if (kopecks > MAX_PRICE_KOPECKS) return new Refusal(`price is too large: ${shown(trimmed)}`);
  return kopecksToDecimal(kopecks);
}

/**
 * A count of pieces or days: empty gives `empty`; stock written as '>10' or '10+' counts as 10 (11 with
 * `morePlusOne`); '12.0' is 12. Fractions, negatives and words are refused.
 */
function parseCount(name: string, text: string, empty: number | null, morePlusOne = false): number | null | Refusal {
  if (SHORT_WHOLE_NUMBER.test(text)) return Number(text);
  const trimmed = text.trim();
  if (trimmed === '') return empty;
  const digits = trimmed
    .replace(GROUPING_SPACES, '')
    .replace(/^[>≥]=?/, '')
    .replace(/\+$/, '')
    .replace(/[.,]0+$/, '');
  if (!WHOLE_NUMBER.test(digits)) {
    return new Refusal(`${name} ${/^-\d/.test(trimmed) ? 'is negative' : 'is not a whole number'}: ${shown(trimmed)}`);
  }
  const value = Number(digits) + (morePlusOne && /^[>≥]|\+$/.test(trimmed) ? 1 : 0);
  if (value > MAX_COUNT) return new Refusal(`${name} is too large: ${shown(trimmed)}`);
  return value;
}

/** Kilograms with up to three decimals, as exact decimal text; empty gives null. */
function parseWeight(text: string): string | null | Refusal {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = PLAIN_WEIGHT.exec(trimmed.replace(GROUPING_SPACES, ''));
  if (!match) {
    const reason = /^-\d/.test(trimmed) ? 'is negative' : 'is not a number with at most three decimals';
    return new Refusal(`weight ${reason}: ${shown(trimmed)}`);
  }
  const [, whole = '0', fraction = ''] = match;
  return `${whole.replace(LEADING_ZEROS, '')}.${fraction.padEnd(3, '0')}`;
}

const cell = (fields: readonly string[], index: number | undefined) =>
  index === undefined ? '' : (fields[index] ?? '');

/**
 * normalizeArticle(), faster on the spellings that fill price lists: an article already normalized is kept, and
 * a plain ASCII one needs no Unicode normalization or look-alike mapping, only upper case and the letters and
 * digits (the same result, as the tests check).
 */
export function articleKey(article: string): string {
  if (PLAIN_ARTICLE.test(article)) return article;
  if (PRINTABLE_ASCII.test(article)) return article.toUpperCase().replace(NOT_ASCII_LETTER_OR_DIGIT, '');
  return normalizeArticle(article);
}

/**
 * Why a row with a NUL character is refused: PostgreSQL cannot store one in text, and a cell holding it is a
 * broken export rather than data (stripping it could join two values into a wrong article).
 */
export const NUL_REFUSAL = 'в строке есть нулевой символ (NUL): такую строку нельзя сохранить, исправьте файл';

/** True when a cell of the row holds a NUL character. */
export function hasNul(fields: readonly string[]): boolean {
  for (const field of fields) if (field.includes('\u0000')) return true;
  return false;
}

/** Validates one row of a price list; the first problem found is the reason it is refused. */
export function parsePriceRow(
  fields: readonly string[],
  layout: ColumnLayout,
  stockMorePlusOne = false,
): PriceRow | Refusal {
  if (hasNul(fields)) return new Refusal(NUL_REFUSAL);
  const article = cell(fields, layout.article).trim();
  if (article === '') return new Refusal('article is missing');
  if (article.length > ARTICLE_MAX_LENGTH)
    return new Refusal(`article is longer than ${ARTICLE_MAX_LENGTH} characters`);
  const articleNormalized = articleKey(article);
  if (articleNormalized === '') return new Refusal(`article has no letters or digits: ${shown(article)}`);
  const brand = cell(fields, layout.brand).trim();
  if (brand === '') return new Refusal('brand is missing');
  if (brand.length > BRAND_MAX_LENGTH) return new Refusal(`brand is longer than ${BRAND_MAX_LENGTH} characters`);

  const price = parsePrice(cell(fields, layout.price));
  if (price instanceof Refusal) return price;
  const quantity = parseCount('quantity', cell(fields, layout.quantity), 0, stockMorePlusOne);
  if (quantity instanceof Refusal) return quantity;
  const deliveryDays = parseCount('delivery', cell(fields, layout.delivery), null);
  if (deliveryDays instanceof Refusal) return deliveryDays;
  const weight = parseWeight(cell(fields, layout.weight));
  if (weight instanceof Refusal) return weight;

  return {
    article,
    articleNormalized,
    brand,
    description: cell(fields, layout.description).trim(),
    deliveryDays,
    price,
    quantity: quantity ?? 0,
    weight,
  };
}
