import iconv from 'iconv-lite';
import writeXlsxFile from 'write-excel-file/node';
import {
  CONFIRMATION_FILE_FIELD_LABELS,
  ORDER_FILE_FIELD_LABELS,
  kopecksToDecimal,
  normalizeArticle,
  normalizeBrand,
  toKopecks,
  type ConfirmationFileTemplate,
  type OrderFileField,
  type OrderFileTemplate,
} from '@detal/contract';
import { readRecords } from '../../catalog/import/record-source.ts';
import { MalformedFile } from '../../catalog/import/reader-limits.ts';

/**
 * A supplier order as the supplier's own file, and the supplier's confirmation file read back (issue 29 points
 * 2(a) and 3; decision 0050), both from templates kept with the supplier: the columns in order, a header row or
 * none, XLSX or CSV (UTF-8 or Windows-1251, `;` `,` or tab). XLSX is written with write-excel-file (see the
 * decision for why); CSV by hand (quoting as RFC 4180 does). Reading goes through the price lists' reader (a
 * worker with limits: the supplier's file is untrusted).
 */

export interface OrderFileLine {
  /** The shop's id of the supplier-order line. */
  lineId: number;
  article: string;
  brand: string;
  description: string;
  quantity: number;
  priceKopecks: number;
  comment?: string | null;
}

export interface OrderFileHead {
  /** The shop's number of the supplier order (what the supplier quotes back). */
  number: string;
}

export interface OrderFile {
  bytes: Buffer;
  contentType: string;
  extension: 'xlsx' | 'csv';
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function cellOf(field: OrderFileField, line: OrderFileLine, head: OrderFileHead): string | number {
  switch (field) {
    case 'article':
      return line.article;
    case 'brand':
      return line.brand;
    case 'description':
      return line.description;
    case 'quantity':
      return line.quantity;
    case 'price':
      return line.priceKopecks / 100;
    case 'sum':
      return (line.priceKopecks * line.quantity) / 100;
    case 'order_number':
      return head.number;
    case 'line_id':
      return line.lineId;
    case 'comment':
      return line.comment ?? '';
  }
}

/** Money as CSV text: exact (from kopecks, never a float), with a decimal comma unless the delimiter is one. */
function moneyText(kopecks: number, delimiter: string): string {
  const text = kopecksToDecimal(kopecks);
  return delimiter === ',' ? text : text.replace('.', ',');
}

function csvCell(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) || /^\s|\s$/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** The order as the supplier's file, by its template. */
export async function writeOrderFile(
  template: OrderFileTemplate,
  head: OrderFileHead,
  lines: readonly OrderFileLine[],
): Promise<OrderFile> {
  const headers = template.columns.map((column) => column.header ?? ORDER_FILE_FIELD_LABELS[column.field]);
  if (template.format === 'xlsx') {
    const rows = lines.map((line) =>
      template.columns.map((column) => {
        const value = cellOf(column.field, line, head);
        if (typeof value === 'number') {
          const money = column.field === 'price' || column.field === 'sum';
          return { value, type: Number, ...(money ? { format: '#,##0.00' } : {}) };
        }
        return { value, type: String };
      }),
    );
    const data = template.header_row
      ? [headers.map((value) => ({ value, type: String, fontWeight: 'bold' as const })), ...rows]
      : rows;
    const bytes = await writeXlsxFile(data, { sheet: 'Заказ', columns: headers.map(() => ({ width: 18 })) }).toBuffer();
    return { bytes, contentType: XLSX_CONTENT_TYPE, extension: 'xlsx' };
  }
  const delimiter = template.delimiter === 'tab' ? '\t' : template.delimiter;
  const text = [
    ...(template.header_row ? [headers] : []),
    ...lines.map((line) =>
      template.columns.map((column) => {
        if (column.field === 'price') return moneyText(line.priceKopecks, delimiter);
        if (column.field === 'sum') return moneyText(line.priceKopecks * line.quantity, delimiter);
        return String(cellOf(column.field, line, head));
      }),
    ),
  ]
    .map((cells) => cells.map((cell) => csvCell(cell, delimiter)).join(delimiter))
    .join('\r\n');
  const cp1251 = template.encoding === 'cp1251';
  return {
    bytes: cp1251 ? iconv.encode(`${text}\r\n`, 'win1251') : Buffer.from(`${text}\r\n`, 'utf8'),
    contentType: `text/csv; charset=${cp1251 ? 'windows-1251' : 'utf-8'}`,
    extension: 'csv',
  };
}

/** One row of a supplier's confirmation file, as its template reads it. */
export interface ConfirmationRow {
  /** The row's place in the file (the line of a CSV file, the row of a sheet). */
  line: number;
  article: string;
  brand: string;
  confirmed: number;
  priceKopecks: number | null;
  reason: string | null;
}

/** The confirmation file cannot be read as its template says: a Russian message for the staff, nothing applied. */
export class ConfirmationFileProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfirmationFileProblem';
  }
}

const MAX_CONFIRMATION_ROWS = 20_000;
const MAX_PROBLEMS_LISTED = 20;

/** «3», «3,0», «3 шт»: a whole count; null for anything else. */
function wholeCount(text: string): number | null {
  const cleaned = text.replace(/\s|шт\.?/gi, '').replace(',', '.');
  if (cleaned === '') return 0;
  if (!/^\d+(\.0+)?$/.test(cleaned)) return null;
  const value = Number.parseFloat(cleaned);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The rows of a confirmation file by its template (the cells in the template's order; a header row skipped when
 * the template has one). Rows without an article are skipped (totals, blank lines); a row whose quantity or price
 * is not a number refuses the file, naming the rows.
 */
export async function readConfirmationFile(
  template: ConfirmationFileTemplate,
  bytes: Uint8Array,
): Promise<ConfirmationRow[]> {
  if (bytes.byteLength === 0) throw new ConfirmationFileProblem('Файл пустой');
  const rows: ConfirmationRow[] = [];
  const problems: string[] = [];
  const index = (field: string) => template.columns.findIndex((column) => column.field === field);
  const at = {
    article: index('article'),
    brand: index('brand'),
    confirmed: index('confirmed'),
    price: index('price'),
    reason: index('reason'),
  };
  let first = true;
  try {
    for await (const batch of readRecords(bytes, {
      format: template.format,
      ...(template.format === 'csv'
        ? { encoding: template.encoding, delimiter: template.delimiter === 'tab' ? '\t' : template.delimiter }
        : {}),
      maxRows: MAX_CONFIRMATION_ROWS + 1,
    })) {
      for (const record of batch.records) {
        if (first && template.header_row) {
          first = false;
          continue;
        }
        first = false;
        const cell = (position: number) => (position < 0 ? '' : (record.fields[position] ?? '').trim());
        const article = cell(at.article);
        if (article === '') continue;
        const confirmed = wholeCount(cell(at.confirmed));
        if (confirmed === null) {
          problems.push(
            `строка ${record.line}: «${CONFIRMATION_FILE_FIELD_LABELS.confirmed}» — не целое число («${cell(at.confirmed)}»)`,
          );
          continue;
        }
        let priceKopecks: number | null = null;
        const priceText = cell(at.price);
        if (priceText !== '') {
          try {
            priceKopecks = toKopecks(priceText.replace(',', '.'));
          } catch {
            priceKopecks = null;
          }
          if (priceKopecks === null || priceKopecks < 0) {
            problems.push(`строка ${record.line}: цена «${priceText}» — не сумма`);
            continue;
          }
        }
        rows.push({
          line: record.line,
          article,
          brand: cell(at.brand),
          confirmed,
          priceKopecks,
          reason: cell(at.reason) || null,
        });
        if (rows.length > MAX_CONFIRMATION_ROWS) {
          throw new ConfirmationFileProblem(`В файле подтверждения больше ${MAX_CONFIRMATION_ROWS} строк`);
        }
      }
    }
  } catch (error) {
    if (error instanceof MalformedFile) throw new ConfirmationFileProblem(error.message);
    throw error;
  }
  if (problems.length > 0) {
    throw new ConfirmationFileProblem(
      `Файл подтверждения не принят, ничего не изменено: ${problems.slice(0, MAX_PROBLEMS_LISTED).join('; ')}` +
        (problems.length > MAX_PROBLEMS_LISTED ? ` и ещё ${problems.length - MAX_PROBLEMS_LISTED}` : ''),
    );
  }
  if (rows.length === 0) throw new ConfirmationFileProblem('В файле подтверждения нет ни одной строки с артикулом');
  return rows;
}

/** A line of the supplier order that a confirmation answers. */
export interface AnswerableLine {
  lineId: number;
  article: string;
  brand: string;
  /** Ordered and not yet answered (confirmed or refused). */
  open: number;
}

/** What the file says of one line: confirmed and refused pieces (of `open`), the price and the reason. */
export interface LineAnswer {
  lineId: number;
  confirmed: number;
  refused: number;
  priceKopecks: number | null;
  reason: string | null;
}

const partKey = (brand: string, article: string) => `${normalizeBrand(brand)}|${normalizeArticle(article)}`;

/**
 * Matches a confirmation's rows to the order's lines by brand and article. A row no line has (an unknown article,
 * or one the order does not hold) refuses the whole file with the articles listed; a part confirmed beyond what
 * its lines wait for refuses it too. Several lines of one part are filled in their order; a part's refused
 * quantity is what its rows did not confirm. Parts the file does not mention stay unanswered.
 */
export function matchConfirmation(rows: readonly ConfirmationRow[], lines: readonly AnswerableLine[]): LineAnswer[] {
  const byPart = new Map<string, AnswerableLine[]>();
  for (const line of lines) {
    const key = partKey(line.brand, line.article);
    byPart.set(key, [...(byPart.get(key) ?? []), line]);
  }
  const unknown = rows.filter((row) => !byPart.has(partKey(row.brand, row.article)));
  if (unknown.length > 0) {
    const named = [...new Set(unknown.map((row) => `${row.brand} ${row.article}`.trim()))];
    throw new ConfirmationFileProblem(
      `В заказе нет ${named.length === 1 ? 'артикула' : 'артикулов'} из файла: ${named
        .slice(0, MAX_PROBLEMS_LISTED)
        .join(', ')}${named.length > MAX_PROBLEMS_LISTED ? ` и ещё ${named.length - MAX_PROBLEMS_LISTED}` : ''}. ` +
        'Файл не принят, ничего не изменено',
    );
  }
  const perPart = new Map<string, { confirmed: number; priceKopecks: number | null; reason: string | null }>();
  for (const row of rows) {
    const key = partKey(row.brand, row.article);
    const sum = perPart.get(key) ?? { confirmed: 0, priceKopecks: null, reason: null };
    sum.confirmed += row.confirmed;
    sum.priceKopecks = row.priceKopecks ?? sum.priceKopecks;
    sum.reason = row.reason ?? sum.reason;
    perPart.set(key, sum);
  }
  const answers: LineAnswer[] = [];
  const over: string[] = [];
  for (const [key, sum] of perPart) {
    const partLines = byPart.get(key)!;
    const open = partLines.reduce((total, line) => total + line.open, 0);
    if (sum.confirmed > open) {
      over.push(`${partLines[0]!.brand} ${partLines[0]!.article}: подтверждено ${sum.confirmed}, ждёт ответа ${open}`);
      continue;
    }
    let left = sum.confirmed;
    for (const line of partLines) {
      if (line.open === 0) continue;
      const confirmed = Math.min(left, line.open);
      left -= confirmed;
      const refused = line.open - confirmed;
      answers.push({
        lineId: line.lineId,
        confirmed,
        refused,
        priceKopecks: sum.priceKopecks,
        reason: refused > 0 ? (sum.reason ?? 'Отказ поставщика (файл подтверждения)') : null,
      });
    }
  }
  if (over.length > 0) {
    throw new ConfirmationFileProblem(
      `Подтверждено больше, чем заказано: ${over.slice(0, MAX_PROBLEMS_LISTED).join('; ')}. Файл не принят, ничего не изменено`,
    );
  }
  return answers;
}
