import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIST_SEARCH_FILE_MAX_BYTES, LIST_SEARCH_FILE_TOO_LARGE_MESSAGE } from '@detal/contract';
import { validationFailed } from '../../http/errors.ts';
import { readRecords } from '../catalog/import/record-source.ts';
import type { SourceRecord } from '../catalog/import/source-record.ts';

export const LIST_FILE_UNREADABLE_MESSAGE = 'Не удалось прочитать файл: загрузите CSV или XLSX (первый лист)';

const fileError = (message: string) => validationFailed({ file: [message] }, message);

/**
 * The rows of an uploaded list, read by the price-list import's readers (CSV in UTF-8 or Windows-1251 with its
 * delimiter detected, or an XLSX's first sheet), which read from a file: the bytes go to a private temporary
 * folder, removed at once. At most `maxRows` rows are read, so a sheet of a million rows costs no more than
 * the ones wanted.
 */
export async function readListFile(contentBase64: string, maxRows: number): Promise<SourceRecord[]> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw fileError('Файл пуст');
  if (bytes.length > LIST_SEARCH_FILE_MAX_BYTES) throw fileError(LIST_SEARCH_FILE_TOO_LARGE_MESSAGE);
  const folder = await mkdtemp(path.join(tmpdir(), 'detal-list-'));
  try {
    const file = path.join(folder, 'list');
    await writeFile(file, bytes);
    const records: SourceRecord[] = [];
    for await (const batch of readRecords(file)) {
      records.push(...batch.records);
      if (records.length >= maxRows) break;
    }
    return records.slice(0, maxRows);
  } catch {
    throw fileError(LIST_FILE_UNREADABLE_MESSAGE);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
