import { ARTICLE_MAX_LENGTH, normalizeBrand } from '@detal/contract';

/*
 * The reading of a list's lines (decision 0029). A line is «артикул [бренд] [количество]»: cells split by tabs or
 * semicolons (or a file's columns), else words split by spaces. Articles and brands both may hold spaces ('OC 90',
 * 'MANN FILTER'), so a line of words is read against the brands the shop knows: the longest run of final words that
 * names a known brand is the brand, the words before it the article. The caller looks the candidate brands up
 * (brandCandidatesOf) and hands the ones found to readLine.
 */

/** One line of the list as it came: a pasted line or a file's row. */
export interface RawLine {
  /** 1-based line of the text, row of the file. */
  line: number;
  /** The line as read (a file's cells joined by tabs). */
  text: string;
  /** Non-empty cells, trimmed: several for a cells line, one (the whole line) for a line of words. */
  cells: string[];
}

/** An article and quantity the line may mean. */
export interface LineReading {
  article: string;
  quantity: number;
}

export interface ParsedLine {
  line: number;
  text: string;
  /** The readings to search, the preferred first: a line of words ending in a number may mean either. */
  readings: LineReading[];
  /** The brand's name as the shop knows it, or as typed when the shop does not know it; null: none named. */
  brand: string | null;
  /** A line that cannot be searched (a quantity that is not a whole number, an article too long): why. */
  error: string | null;
}

/** Known brands: normalized spelling (name or alias) -> the brand's name. */
export type KnownBrands = ReadonlyMap<string, string>;

// A brand is at most this many words ('MANN FILTER', 'FEBI BILSTEIN', 'GENERAL MOTORS PARTS').
const BRAND_MAX_WORDS = 4;
/** Larger quantities are a typo (an article read as a quantity), not an order. */
export const LIST_QUANTITY_MAX = 100_000;
const CELL_SEPARATORS = /[\t;]/;
const WORDS = /\s+/;
// '2', '2,00', '2.0', '2шт', '2 шт.' (the unit is dropped before): the quantity; a non-zero fraction is refused.
const QUANTITY = /^(\d{1,9})(?:[.,](\d{1,6}))?(?:шт\.?)?$/i;
const PIECES_WORD = /^шт\.?$/i;
// The header row of a file or a pasted table: «Артикул», «Код», «Номер», «Article», «Part number».
const HEADER_FIRST_CELL = /^(артикул|арт\.?|код|номер|article|part)/i;

/** A pasted text's lines, blank ones left out (their numbers kept). */
export function linesOfText(text: string): RawLine[] {
  const lines: RawLine[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '') return;
    const cells = CELL_SEPARATORS.test(trimmed) ? trimmed.split(CELL_SEPARATORS) : [trimmed];
    const nonEmpty = trimCells(cells);
    if (nonEmpty.length > 0) lines.push({ line: index + 1, text: trimmed, cells: nonEmpty });
  });
  return dropHeader(lines);
}

/** A file's rows as lines. */
export function linesOfRecords(records: ReadonlyArray<{ line: number; fields: string[] }>): RawLine[] {
  const lines: RawLine[] = [];
  for (const record of records) {
    const cells = trimCells(record.fields);
    if (cells.length > 0) lines.push({ line: record.line, text: cells.join('\t'), cells });
  }
  return dropHeader(lines);
}

// Empty middle cells matter ('OC90;;2': no brand, 2 pieces), so only trailing ones are dropped; a leading empty
// cell (a numbering column left blank) is dropped too.
// Cut once, not a cell at a time: a row padded to column XFD would take 16,384 shifts of 16,384 cells.
function trimCells(cells: readonly string[]): string[] {
  const trimmed = cells.map((cell) => cell.trim());
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === '') end -= 1;
  let start = 0;
  while (start < end && trimmed[start] === '') start += 1;
  return start === 0 && end === trimmed.length ? trimmed : trimmed.slice(start, end);
}

function dropHeader(lines: RawLine[]): RawLine[] {
  const [first] = lines;
  return first && HEADER_FIRST_CELL.test(first.cells[0] ?? '') ? lines.slice(1) : lines;
}

type QuantityText = { value: number } | { error: string };

function quantityOf(text: string): QuantityText | null {
  const match = QUANTITY.exec(text.replace(/\s+/g, ''));
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  if (/[1-9]/.test(fraction)) return { error: `Количество должно быть целым числом: «${text}»` };
  const value = Number(whole);
  if (value < 1) return { error: 'Количество должно быть не меньше 1' };
  if (value > LIST_QUANTITY_MAX) return { error: `Слишком большое количество: «${text}»` };
  return { value };
}

/** A line of words without its trailing quantity: the words, and the quantity's text (null: none). */
function splitWords(cell: string): { words: string[]; quantity: string | null } {
  const words = cell.split(WORDS);
  if (words.length >= 2 && PIECES_WORD.test(words.at(-1) ?? '')) words.pop();
  const last = words.at(-1)!;
  const quantity = words.length >= 2 ? quantityOf(last) : null;
  // A bare number no order asks for ('OC 10089949', 'X 0') ends the article; '1,5' is a quantity refused.
  if (quantity !== null && !('error' in quantity && /^\d+$/.test(last))) {
    return { words: words.slice(0, -1), quantity: last };
  }
  return { words, quantity: null };
}

const isWordsLine = (raw: RawLine) => raw.cells.length === 1;

/** The normalized spellings that may be the line's brand: its brand cell, or runs of its final words. */
export function brandCandidatesOf(raw: RawLine): string[] {
  if (!isWordsLine(raw)) {
    return raw.cells
      .slice(1)
      .filter((cell) => cell !== '' && quantityOf(cell) === null)
      .map(normalizeBrand)
      .filter((candidate) => candidate !== '');
  }
  const { words } = splitWords(raw.cells[0]!);
  const candidates: string[] = [];
  for (let count = 1; count <= Math.min(BRAND_MAX_WORDS, words.length - 1); count += 1) {
    candidates.push(normalizeBrand(words.slice(-count).join(' ')));
  }
  return candidates.filter((candidate) => candidate !== '');
}

const invalid = (raw: RawLine, error: string, article = raw.cells[0] ?? ''): ParsedLine => ({
  line: raw.line,
  text: raw.text,
  readings: [{ article, quantity: 1 }],
  brand: null,
  error,
});

function checked(raw: RawLine, readings: LineReading[], brand: string | null): ParsedLine {
  const tooLong = readings.find((reading) => reading.article.length > ARTICLE_MAX_LENGTH);
  if (tooLong) {
    return invalid(raw, `Артикул длиннее ${ARTICLE_MAX_LENGTH} символов`, tooLong.article.slice(0, ARTICLE_MAX_LENGTH));
  }
  return { line: raw.line, text: raw.text, readings, brand, error: null };
}

/**
 * A line of cells: the article, then the brand, then the quantity. Empty cells between them are skipped, as a row
 * copied from Excel keeps its blank columns ('0 451 103 316<TAB><TAB>BOSCH<TAB>2'); a brand the shop knows is
 * found even after another column (a description), and a number where the brand would be is the quantity
 * ('OC90;;2', 'OC90;2').
 */
function readCells(raw: RawLine, known: KnownBrands): ParsedLine {
  const [article = '', ...others] = raw.cells;
  const filled = others.filter((cell) => cell !== '');
  const knownAt = filled.findIndex((cell) => known.has(normalizeBrand(cell)));
  const brandAt = knownAt >= 0 ? knownAt : filled.length > 0 && quantityOf(filled[0]!) === null ? 0 : -1;
  const brandText = brandAt >= 0 ? filled[brandAt]! : '';
  const quantityText = filled[brandAt + 1] ?? '';
  const quantity = quantityText === '' ? { value: 1 } : quantityOf(quantityText);
  if (quantity === null) return invalid(raw, `Количество должно быть числом: «${quantityText}»`);
  if ('error' in quantity) return invalid(raw, quantity.error);
  const brand = brandText === '' ? null : (known.get(normalizeBrand(brandText)) ?? brandText);
  return checked(raw, [{ article, quantity: quantity.value }], brand);
}

/** A line of words: [article words] [brand words] [quantity]. */
function readWords(raw: RawLine, known: KnownBrands): ParsedLine {
  const { words, quantity: quantityText } = splitWords(raw.cells[0]!);
  const quantity = quantityText === null ? { value: 1 } : quantityOf(quantityText)!;
  if ('error' in quantity) return invalid(raw, quantity.error, words.join(' '));
  for (let count = Math.min(BRAND_MAX_WORDS, words.length - 1); count >= 1; count -= 1) {
    const brand = known.get(normalizeBrand(words.slice(-count).join(' ')));
    if (brand !== undefined) {
      return checked(raw, [{ article: words.slice(0, -count).join(' '), quantity: quantity.value }], brand);
    }
  }
  const article = words.join(' ');
  // '2,00' or '2шт' is a quantity for sure; a bare number may be the article's last part.
  if (quantityText === null || !/^\d+$/.test(quantityText)) {
    return checked(raw, [{ article, quantity: quantity.value }], null);
  }
  // 'OC 90' is the article OC90, '0986452041 2' two pieces of 0986452041: both are searched, the whole line first,
  // as an article that exists is the surer reading.
  return checked(
    raw,
    [
      { article: `${article} ${quantityText}`, quantity: 1 },
      { article, quantity: quantity.value },
    ],
    null,
  );
}

/** What the line asks for, its brand read against `known`. */
export function readLine(raw: RawLine, known: KnownBrands): ParsedLine {
  return isWordsLine(raw) ? readWords(raw, known) : readCells(raw, known);
}
