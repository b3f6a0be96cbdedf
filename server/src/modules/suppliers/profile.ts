import { open } from 'node:fs/promises';
import {
  PRICE_LIST_COLUMN_LABELS,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_NOT_TABLE_MESSAGE,
  type PriceListColumn,
  type SupplierImportProfile,
} from '@detal/contract';
import type { PriceListImportOptions } from '../catalog/import/price-list-import.ts';
import { LayoutReader } from '../catalog/import/layout-reader.ts';
import { HeaderNotFound, type ReadingRules } from '../catalog/import/price-row.ts';
import { readRecords } from '../catalog/import/record-source.ts';

/** The profile's reading of stock and delivery words and bounds. */
export const readingRulesOf = (profile: SupplierImportProfile): ReadingRules => ({
  stockMorePlusOne: profile.stock_more === 'bound_plus_one',
  stockLess: profile.stock_less,
  stockPresent: profile.stock_present,
  stockPlenty: profile.stock_plenty,
  deliveryRange: profile.delivery_range,
});

/**
 * A supplier's saved import profile as the price-list import's options: the command line's flags, saved
 * (`--columns`, `--encoding`, `--delimiter`, `--default-delivery`), plus header names, the header's row and the
 * reading of stock and delivery ('есть', '<5', '3-5').
 */
export function importOptionsOf(profile: SupplierImportProfile): Omit<PriceListImportOptions, 'supplierName' | 'file'> {
  return {
    ...(profile.columns ? { columns: profile.columns, headerRow: profile.header_row } : {}),
    ...(!profile.columns && profile.headers ? { headers: profile.headers } : {}),
    ...(profile.encoding ? { encoding: profile.encoding } : {}),
    ...(profile.delimiter ? { delimiter: profile.delimiter === 'tab' ? '\t' : profile.delimiter } : {}),
    ...(profile.default_delivery_days !== null ? { defaultDeliveryDays: profile.default_delivery_days } : {}),
    ...(profile.header_line !== null ? { headerLine: profile.header_line } : {}),
    rules: readingRulesOf(profile),
  };
}

const columnsNamed = (text: string) =>
  text
    .split(', ')
    .map((name) => PRICE_LIST_COLUMN_LABELS[name as PriceListColumn] ?? name)
    .join(', ');

/** The import's failure as staff read it: the known ones in Russian, anything else as it is. */
export function russianImportError(error: unknown): string {
  if (error instanceof HeaderNotFound) {
    return `В строке заголовка нет столбца «${error.header}», указанного в профиле (${PRICE_LIST_COLUMN_LABELS[error.column]})`;
  }
  const message = error instanceof Error ? error.message : String(error);
  let match = /lacks the columns? (.+)$/.exec(message);
  if (match?.[1]) return `В файле нет обязательных столбцов: ${columnsNamed(match[1])}`;
  if (/has no valid row/.test(message)) return 'В файле нет ни одной верной строки: предложения поставщика не изменены';
  if (/file is empty/i.test(message)) return UPLOAD_EMPTY_MESSAGE;
  match = /Unknown column "(.+?)"/.exec(message);
  if (match) return `Неизвестный столбец «${match[1]}» в профиле`;
  if (/end of central directory|zip|not a valid xlsx|invalid signature/i.test(message)) return UPLOAD_NOT_TABLE_MESSAGE;
  return message;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an uploaded file is, from its first bytes: XLSX (a zip archive), CSV (text whose first line has a `;`, `,`
 * or tab), or neither (a binary file: a NUL byte; or text with no delimiter).
 */
export async function sniffTable(file: string): Promise<'xlsx' | 'csv' | 'empty' | 'other'> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) return 'empty';
    const bytes = head.subarray(0, bytesRead);
    if (bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) return 'xlsx';
    if (bytes.includes(0)) return 'other';
    const firstLine = bytes.toString('latin1').split(/\r?\n/, 1)[0] ?? '';
    return /[;,\t]/.test(firstLine) ? 'csv' : 'other';
  } finally {
    await handle.close();
  }
}

/** The first row of a file as read with the profile's encoding and delimiter; null when it has none. */
async function firstRow(file: string, profile: SupplierImportProfile | null): Promise<readonly string[] | null> {
  const options = profile ? importOptionsOf(profile) : {};
  for await (const batch of readRecords(file, { encoding: options.encoding, delimiter: options.delimiter })) {
    const record = batch.records[0];
    if (record) return record.fields;
  }
  return null;
}

/**
 * Checks an uploaded price list against the supplier's profile before it is queued: its header (the row the
 * profile names, or the first row that names the columns) must have the columns the profile names (or the usual
 * names). Reads only the file's first rows. Answers the problem in Russian, or null.
 */
export async function profileProblem(file: string, profile: SupplierImportProfile): Promise<string | null> {
  try {
    const options = importOptionsOf(profile);
    const layouts = new LayoutReader(options);
    for await (const batch of readRecords(file, { encoding: options.encoding, delimiter: options.delimiter })) {
      for (const record of batch.records) if (layouts.next(record) !== null) return null;
    }
    layouts.finish();
    return null;
  } catch (error) {
    return russianImportError(error);
  }
}

/** Cross-references: the file must at least be readable as a table. */
export async function readableProblem(file: string): Promise<string | null> {
  try {
    return (await firstRow(file, null)) ? null : UPLOAD_EMPTY_MESSAGE;
  } catch (error) {
    return russianImportError(error);
  }
}
