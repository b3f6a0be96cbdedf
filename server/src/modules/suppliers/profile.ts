import { open } from 'node:fs/promises';
import { DrizzleQueryError } from 'drizzle-orm/errors';
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
import { MalformedFile } from '../catalog/import/reader-limits.ts';
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

/**
 * Shown for a failure the import did not foresee (a database error, a fault of the shop): its details, which may
 * hold SQL and the file's values, go to the log only.
 */
export const IMPORT_FAILED_MESSAGE =
  'Загрузка не удалась из-за внутренней ошибки. Данные не изменены; подробности записаны в журнал сервера';

/** Longest error kept in the history: a reason, not a dump. */
const STAFF_ERROR_MAX_LENGTH = 500;
const CYRILLIC = /[А-Яа-яЁё]/;
// PostgreSQL refuses NUL in text; the other control characters only garble the history.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** A message as the history can store it: no NUL or other control characters, within the column's sense. */
export function storableError(message: string): string {
  const clean = message.replace(CONTROL_CHARACTERS, ' ').trim();
  return clean.length > STAFF_ERROR_MAX_LENGTH ? `${clean.slice(0, STAFF_ERROR_MAX_LENGTH - 1)}…` : clean;
}

/**
 * A failure of the database or the driver (an SQLSTATE, or drizzle's wrapper that quotes the statement and its
 * parameters), or of the system (ENOENT): never the shop's own words for staff, whatever its text.
 */
function isSystemError(error: unknown): boolean {
  return error instanceof DrizzleQueryError || (error instanceof Error && 'code' in error);
}

/**
 * The import's failure as staff read it: the known ones in Russian, the shop's own Russian messages as they are,
 * anything else (a database error with its SQL and values, an unforeseen fault) as IMPORT_FAILED_MESSAGE, for
 * the caller to log in full.
 */
export function russianImportError(error: unknown): string {
  if (error instanceof MalformedFile) return error.message;
  if (error instanceof HeaderNotFound) {
    return storableError(
      `В строке заголовка нет столбца «${error.header}», указанного в профиле (${PRICE_LIST_COLUMN_LABELS[error.column]})`,
    );
  }
  if (isSystemError(error)) return IMPORT_FAILED_MESSAGE;
  const message = error instanceof Error ? error.message : String(error);
  let match = /lacks the columns? (.+)$/.exec(message);
  if (match?.[1]) return `В файле нет обязательных столбцов: ${columnsNamed(match[1])}`;
  if (/has no valid row/.test(message)) return 'В файле нет ни одной верной строки: предложения поставщика не изменены';
  if (/file is empty/i.test(message)) return UPLOAD_EMPTY_MESSAGE;
  match = /Unknown column "(.+?)"/.exec(message);
  if (match) return storableError(`Неизвестный столбец «${match[1]}» в профиле`);
  if (/end of central directory|zip|not a valid xlsx|invalid signature/i.test(message)) return UPLOAD_NOT_TABLE_MESSAGE;
  return CYRILLIC.test(message) ? storableError(message) : IMPORT_FAILED_MESSAGE;
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
