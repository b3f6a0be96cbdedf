import { open } from 'node:fs/promises';
import { streamFromWorker, workerScript, WorkerEnded, type WorkerBudget } from '../../../shared/worker-stream.ts';
import { readCsvRecords, type CsvOptions } from './csv-source.ts';
import { IMPORT_READER_LIMITS, MalformedFile, type ReaderLimits } from './reader-limits.ts';
import type { RecordBatch } from './source-record.ts';
import { readXlsxRecords } from './xlsx-source.ts';

export type SourceFormat = 'csv' | 'xlsx';

export interface RecordSourceOptions extends CsvOptions {
  /** Unset: XLSX when the file is a zip archive (as every .xlsx is), CSV otherwise. */
  format?: SourceFormat;
  /** Unset: the import's (IMPORT_READER_LIMITS). */
  limits?: ReaderLimits;
  /** Stop after this many rows: the reader reads no further than the caller will use. */
  maxRows?: number;
}

/** A file's path, or its bytes (the list search's file, never written to disk). */
export type RecordSource = string | Uint8Array;

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function detectFormat(source: RecordSource): Promise<SourceFormat> {
  if (typeof source !== 'string') {
    return Buffer.from(source.buffer, source.byteOffset, source.byteLength)
      .subarray(0, ZIP_SIGNATURE.length)
      .equals(ZIP_SIGNATURE)
      ? 'xlsx'
      : 'csv';
  }
  const handle = await open(source, 'r');
  try {
    const head = Buffer.alloc(ZIP_SIGNATURE.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === head.length && head.equals(ZIP_SIGNATURE) ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

/**
 * The rows of a CSV or XLSX file in this thread, streamed in batches: memory stays flat whatever the file's
 * size. Untrusted files go through readRecords, which runs this in a worker.
 */
export async function* readRecordsHere(
  source: RecordSource,
  options: RecordSourceOptions = {},
): AsyncGenerator<RecordBatch> {
  const limits = options.limits ?? IMPORT_READER_LIMITS;
  const format = options.format ?? (await detectFormat(source));
  const batches = format === 'xlsx' ? readXlsxRecords(source, limits) : readCsvRecords(source, options, limits);
  let left = options.maxRows ?? Number.POSITIVE_INFINITY;
  for await (const batch of batches) {
    if (batch.records.length >= left) {
      yield { ...batch, records: batch.records.slice(0, left) };
      return;
    }
    left -= batch.records.length;
    yield batch;
  }
}

export interface RecordsWorkerInput {
  source: RecordSource;
  options: RecordSourceOptions;
}

/**
 * The worker's budget: its heap holds an XLSX file's shared strings (at most 64,000,000 characters under the
 * import's limits, 128 MB as two-byte text) and a few batches; it may take up to `stallMs` for the next batch.
 */
const IMPORT_BUDGET: WorkerBudget = { memoryMb: 384, youngMb: 48, stallMs: 60_000 };
/** The list search's file: 512 KB, of which 200 rows are read. */
export const LIST_BUDGET: WorkerBudget = { memoryMb: 96, youngMb: 16, stallMs: 10_000 };

const ENDED_MESSAGES: Record<WorkerEnded['ending'], string> = {
  memory: 'Файл не прочитан: на его чтение не хватило отведённой памяти. Проверьте файл или разделите его на части',
  time: 'Файл не прочитан: его чтение заняло слишком много времени. Проверьте файл или разделите его на части',
  crash: 'Файл не прочитан: чтение файла прервалось с ошибкой',
};

/**
 * The rows of a CSV or XLSX file, read in a worker thread with its own memory limit and time budget (decision
 * 0034): a file that breaks the readers' limits is a MalformedFile; one that still exhausts the worker ends the
 * worker, not the shop, and is a MalformedFile too. Batches come as the consumer takes them.
 */
export async function* readRecords(
  source: RecordSource,
  options: RecordSourceOptions = {},
  budget: WorkerBudget = IMPORT_BUDGET,
): AsyncGenerator<RecordBatch> {
  // The reader's own options only: a caller's may carry callbacks, which no message can hold.
  const { format, delimiter, encoding, limits, maxRows } = options;
  const input: RecordsWorkerInput = { source, options: { format, delimiter, encoding, limits, maxRows } };
  try {
    yield* streamFromWorker<RecordBatch>(workerScript('records-worker', import.meta.url), input, budget, {
      revive: ({ name, message }) => (name === 'MalformedFile' ? new MalformedFile(message) : new Error(message)),
    });
  } catch (error) {
    if (error instanceof WorkerEnded) throw new MalformedFile(ENDED_MESSAGES[error.ending]);
    throw error;
  }
}
