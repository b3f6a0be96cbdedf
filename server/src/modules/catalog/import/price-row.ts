import {
  ARTICLE_MAX_LENGTH,
  READING_RULE_DEFAULTS,
  isExactMoney,
  kopecksToDecimal,
  normalizeArticle,
  toKopecks,
  type DeliveryRangeMode,
  type StockLessMode,
} from '@detal/contract';

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

export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^\p{L}]/gu, '');

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
 * The layout of a `--columns` list such as 'article,brand,,price' or 'артикул,бренд,,цена' (an empty name or '-'
 * skips a cell).
 * Throws on an unknown or repeated name, or when a required column is missing.
 */
export function layoutFromColumnList(list: string): ColumnLayout {
  const layout: ColumnLayout = {};
  list.split(',').forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name === '' || name === '-') return;
    // The English keys, or a column's usual name in a header ('артикул,бренд,,цена').
    const column = (PRICE_COLUMNS as readonly string[]).includes(name) ? (name as PriceColumn) : headerColumn(name);
    if (column === undefined) {
      throw new Error(`Unknown column "${raw.trim()}"; columns are ${PRICE_COLUMNS.join(', ')}`);
    }
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
/** Nine digits at most: always within int4. */
const SHORT_WHOLE_NUMBER = /^\d{1,9}$/;
/** numeric(10,3): up to seven whole digits. */
const PLAIN_WEIGHT = /^(\d{1,7})(?:[.,](\d{1,3}))?$/;
const LEADING_ZEROS = /^0+(?=\d)/;
/** As long as a brand the search accepts. */
export const BRAND_MAX_LENGTH = 128;

const shown = (text: string) => (text.length > 40 ? `«${text.slice(0, 40)}…»` : `«${text}»`);

/**
 * A price as exact decimal text with two decimals: '1 234,50' and '1234.5' give '1234.50'. Negative amounts,
 * more than two decimals and anything that is not a number are refused with the reason.
 */
export function parsePrice(text: string): string | Refusal {
  const trimmed = text.trim();
  if (trimmed === '') return new Refusal('нет цены');
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
    return new Refusal(`цена не число: ${shown(trimmed)}`);
  }
  if (kopecks < 0 || compact.startsWith('-')) return new Refusal(`цена отрицательная: ${shown(trimmed)}`);
  if (!isExactMoney(compact)) return new Refusal(`в цене больше двух знаков после запятой: ${shown(trimmed)}`);
  if (kopecks > MAX_PRICE_KOPECKS) return new Refusal(`цена слишком большая: ${shown(trimmed)}`);
  return kopecksToDecimal(kopecks);
}

/**
 * How a supplier's words and bounds for stock and delivery are read (the supplier's import profile; the defaults
 * are the contract's `READING_RULE_DEFAULTS`): what can be promised for sure, unless the profile says otherwise.
 */
export interface ReadingRules {
  /** '>10', '10+', 'более 10': 10 (at least that many), or 11 with true. */
  stockMorePlusOne: boolean;
  /** '<5': 1 ('one', the only count that is sure) or 4 ('most', the most it can be); '≤5', 'до 5': 1 or 5. */
  stockLess: StockLessMode;
  /** 'есть', 'в наличии', 'да', '+'. */
  stockPresent: number;
  /** 'много', 'большое количество'. */
  stockPlenty: number;
  /** '3-5', 'от 3 до 5': 5 ('max', the day that can be promised) or 3 ('min'). */
  deliveryRange: DeliveryRangeMode;
}

export const DEFAULT_READING_RULES: ReadingRules = {
  stockMorePlusOne: false, // READING_RULE_DEFAULTS.stock_more: 'bound'
  stockLess: READING_RULE_DEFAULTS.stock_less,
  stockPresent: READING_RULE_DEFAULTS.stock_present,
  stockPlenty: READING_RULE_DEFAULTS.stock_plenty,
  deliveryRange: READING_RULE_DEFAULTS.delivery_range,
};

/** Lower case, one space between words, trailing dots and the unit «шт» dropped: 'Есть ', '5 шт.' → 'есть', '5'. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s\u00A0\u202F]+/g, ' ')
    .replace(/\s*(?:шт|pcs)\.?$/u, '')
    .replace(/\.+$/, '')
    .trim();

const STOCK_NONE = new Set([
  'нет',
  'нету',
  'отсутствует',
  'нет в наличии',
  'под заказ',
  '-',
  '—',
  '–',
  'no',
  'out of stock',
]);
const STOCK_PRESENT = new Set(['есть', 'в наличии', 'имеется', 'да', '+', 'yes', 'in stock', 'available']);
const STOCK_PLENTY = new Set(['много', 'большое количество', 'очень много', '++', '+++', 'many', 'lots', 'plenty']);
/** '>10', '> 10', '>=10', '≥10', 'более 10', 'больше 10', 'свыше 10', 'от 10', '10+', '10 и более'. */
const STOCK_AT_LEAST = /^(?:(>=?|≥|более|больше|свыше|от)\s*(\d{1,10})|(\d{1,10})\s*(\+|и более|и больше))$/u;
/** '<5', '< 5', '<=5', '≤5', 'менее 5', 'меньше 5', 'до 5'. */
const STOCK_BELOW = /^(<=?|≤|менее|меньше|до)\s*(\d{1,10})$/u;
/** A range of counts or days: '3-5', '3 – 5', '3...5', '3…5', 'от 3 до 5'. */
const RANGE = /^(?:от\s*)?(\d{1,10})\s*(?:-|–|—|\.\.\.?|…|до)\s*(\d{1,10})$/u;
/** A count written with a decimal zero: '12.0', '12,00'. */
const WHOLE_WITH_ZEROS = /^(\d+)(?:[.,]0+)?$/;

const tooLarge = (what: string, text: string) => new Refusal(`${what} слишком большой: ${shown(text)}`);

/**
 * Stock: a count ('12', '12.0', '1 200', '12 шт.'), a bound ('>10', '10+', '<5'), a range ('5-10': its lower
 * end), or a word ('есть', 'много', 'нет'), read by the rules; empty is 0.
 */
export function parseStock(text: string, rules: ReadingRules = DEFAULT_READING_RULES): number | Refusal {
  if (SHORT_WHOLE_NUMBER.test(text)) return Number(text);
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const words = wordsOf(trimmed);
  const compact = words.replace(GROUPING_SPACES, '');
  let value: number;
  const whole = WHOLE_WITH_ZEROS.exec(compact);
  const atLeast = STOCK_AT_LEAST.exec(words);
  const below = STOCK_BELOW.exec(words);
  const range = RANGE.exec(words);
  if (whole) value = Number(whole[1]);
  else if (STOCK_NONE.has(words)) value = 0;
  else if (STOCK_PRESENT.has(words)) value = rules.stockPresent;
  else if (STOCK_PLENTY.has(words)) value = rules.stockPlenty;
  else if (atLeast) {
    const strict = atLeast[1] === '>' || atLeast[1] === 'более' || atLeast[1] === 'больше' || atLeast[1] === 'свыше';
    const bound = Number(atLeast[2] ?? atLeast[3]);
    value = bound + (rules.stockMorePlusOne && (strict || atLeast[4] === '+') ? 1 : 0);
  } else if (below) {
    const inclusive = below[1] !== '<' && below[1] !== 'менее' && below[1] !== 'меньше';
    const most = Number(below[2]) - (inclusive ? 0 : 1);
    value = Math.max(0, rules.stockLess === 'most' ? most : Math.min(1, most));
  } else if (range) value = Math.min(Number(range[1]), Number(range[2]));
  else if (/^-\s*\d/.test(trimmed)) return new Refusal(`остаток отрицательный: ${shown(trimmed)}`);
  else return new Refusal(`остаток не распознан: ${shown(trimmed)}`);
  return value > MAX_COUNT ? tooLarge('остаток', trimmed) : value;
}

/** '5 дн.', '5 дней', '5 д', '5 days', '5 раб. дн.': the days alone. */
const DAYS_UNIT = /\s*(?:раб(?:очих|\.)?\s*)?(?:дн(?:ей|я|\.)?|д\.?|сут(?:ок|ки|\.)?|days?|d)$/u;
const DELIVERY_WORDS: Record<string, number> = { сегодня: 0, 'в наличии': 0, завтра: 1, today: 0, tomorrow: 1 };
/** 'до 5', 'не более 5', 'от 5', 'up to 5'. */
const DAYS_BOUND = /^(?:до|не более|не позднее|от|up to|within)\s*(\d{1,10})$/u;

/**
 * Delivery in days: '5', '5 дн.', '5 days', a range ('3-5', '3–5 дн.', 'от 3 до 5': by the rules, the upper end
 * unless the profile says the lower), 'до 5' (5), 'сегодня' (0), 'завтра' (1); empty is null (the supplier's
 * default applies).
 */
export function parseDelivery(text: string, rules: ReadingRules = DEFAULT_READING_RULES): number | null | Refusal {
  if (SHORT_WHOLE_NUMBER.test(text)) return Number(text);
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const words = wordsOf(trimmed);
  const known = DELIVERY_WORDS[words];
  if (known !== undefined) return known;
  const days = words.replace(DAYS_UNIT, '').trim();
  let value: number;
  const whole = WHOLE_WITH_ZEROS.exec(days);
  const range = RANGE.exec(days);
  const bound = DAYS_BOUND.exec(days);
  if (whole) value = Number(whole[1]);
  else if (range) {
    const [low, high] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b) as [number, number];
    value = rules.deliveryRange === 'min' ? low : high;
  } else if (bound) value = Number(bound[1]);
  else if (/^-\s*\d/.test(trimmed)) return new Refusal(`срок отрицательный: ${shown(trimmed)}`);
  else return new Refusal(`срок не распознан (нужно число дней, например «5» или «3-5 дн.»): ${shown(trimmed)}`);
  return value > MAX_COUNT ? tooLarge('срок', trimmed) : value;
}

/** Kilograms with up to three decimals, as exact decimal text; empty gives null. */
function parseWeight(text: string): string | null | Refusal {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = PLAIN_WEIGHT.exec(trimmed.replace(GROUPING_SPACES, ''));
  if (!match) {
    if (/^-\d/.test(trimmed)) return new Refusal(`вес отрицательный: ${shown(trimmed)}`);
    return new Refusal(`вес не распознан (нужны килограммы, не больше трёх знаков после запятой): ${shown(trimmed)}`);
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
  rules: ReadingRules = DEFAULT_READING_RULES,
): PriceRow | Refusal {
  if (hasNul(fields)) return new Refusal(NUL_REFUSAL);
  const article = cell(fields, layout.article).trim();
  if (article === '') return new Refusal('нет артикула');
  if (article.length > ARTICLE_MAX_LENGTH) return new Refusal(`артикул длиннее ${ARTICLE_MAX_LENGTH} символов`);
  const articleNormalized = articleKey(article);
  if (articleNormalized === '') return new Refusal(`в артикуле нет ни букв, ни цифр: ${shown(article)}`);
  const brand = cell(fields, layout.brand).trim();
  if (brand === '') return new Refusal('нет бренда');
  if (brand.length > BRAND_MAX_LENGTH) return new Refusal(`бренд длиннее ${BRAND_MAX_LENGTH} символов`);

  const price = parsePrice(cell(fields, layout.price));
  if (price instanceof Refusal) return price;
  const quantity = parseStock(cell(fields, layout.quantity), rules);
  if (quantity instanceof Refusal) return quantity;
  const deliveryDays = parseDelivery(cell(fields, layout.delivery), rules);
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
    quantity,
    weight,
  };
}
