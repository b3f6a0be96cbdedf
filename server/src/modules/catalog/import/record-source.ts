import { open } from 'node:fs/promises';
import { readCsvRecords, type CsvOptions } from './csv-source.ts';
import type { RecordBatch } from './source-record.ts';
import { readXlsxRecords } from './xlsx-source.ts';

export type SourceFormat = 'csv' | 'xlsx';

export interface RecordSourceOptions extends CsvOptions {
  /** Unset: XLSX when the file is a zip archive (as every .xlsx is), CSV otherwise. */
  format?: SourceFormat;
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function detectFormat(file: string): Promise<SourceFormat> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(ZIP_SIGNATURE.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(ZIP_SIGNATURE) ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

/** The rows of a CSV or XLSX file, streamed in batches: memory stays flat whatever the file's size. */
export async function* readRecords(file: string, options: RecordSourceOptions = {}): AsyncGenerator<RecordBatch> {
  const format = options.format ?? (await detectFormat(file));
  if (format === 'xlsx') yield* readXlsxRecords(file);
  else yield* readCsvRecords(file, options);
}
