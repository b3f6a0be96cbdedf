import { LIST_SEARCH_FILE_MAX_BYTES, LIST_SEARCH_FILE_TOO_LARGE_MESSAGE } from '@detal/contract';
import { validationFailed } from '../../http/errors.ts';
import { LIST_READER_LIMITS, MalformedFile } from '../catalog/import/reader-limits.ts';
import { LIST_BUDGET, readRecords } from '../catalog/import/record-source.ts';
import type { SourceRecord } from '../catalog/import/source-record.ts';

export const LIST_FILE_UNREADABLE_MESSAGE = 'Не удалось прочитать файл: загрузите CSV или XLSX (первый лист)';

const fileError = (message: string) => validationFailed({ file: [message] }, message);

/**
 * The rows of an uploaded list, read by the price-list import's readers (CSV in UTF-8 or Windows-1251 with its
 * delimiter detected, or an XLSX's first sheet) in a worker thread of their own with the list's tighter limits
 * (decision 0034): the bytes go to the worker as they are, never to disk. The reader stops after `maxRows` rows,
 * so a sheet of a million rows costs no more than the ones wanted. A file past the readers' limits is answered
 * with their words; any other unreadable file with LIST_FILE_UNREADABLE_MESSAGE.
 */
export async function readListFile(contentBase64: string, maxRows: number): Promise<SourceRecord[]> {
  const bytes = Buffer.from(contentBase64, 'base64');
  if (bytes.length === 0) throw fileError('Файл пуст');
  if (bytes.length > LIST_SEARCH_FILE_MAX_BYTES) throw fileError(LIST_SEARCH_FILE_TOO_LARGE_MESSAGE);
  try {
    const records: SourceRecord[] = [];
    for await (const batch of readRecords(bytes, { limits: LIST_READER_LIMITS, maxRows }, LIST_BUDGET)) {
      records.push(...batch.records);
    }
    return records;
  } catch (error) {
    throw fileError(error instanceof MalformedFile ? error.message : LIST_FILE_UNREADABLE_MESSAGE);
  }
}
