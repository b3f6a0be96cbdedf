import { DEFAULT_PROGRESS_EVERY, type ImportEvents } from './import-events.ts';
import { readRecords, type RecordSourceOptions } from './record-source.ts';
import type { SourceRecord } from './source-record.ts';

export interface ReadTotals {
  /** Data rows read (a header row is not counted). */
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
}

/**
 * Reads a file's rows into `visit` (which returns a promise only when it has to wait), reporting progress
 * every `progressEvery` rows and stopping when the signal aborts. `visit` answers false for a header row.
 */
export async function forEachRecord(
  file: string,
  options: RecordSourceOptions,
  events: ImportEvents,
  visit: (record: SourceRecord) => Promise<boolean> | boolean,
): Promise<ReadTotals> {
  const every = events.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const totals: ReadTotals = { rowsRead: 0, bytesRead: 0, totalBytes: 0 };
  let nextProgress = every;
  const report = async () => {
    await events.onProgress?.({ phase: 'reading', ...totals });
  };
  await report();
  for await (const batch of readRecords(file, options)) {
    events.signal?.throwIfAborted();
    totals.bytesRead = batch.bytesRead;
    totals.totalBytes = batch.totalBytes;
    for (const record of batch.records) {
      const outcome = visit(record);
      const counted = typeof outcome === 'boolean' ? outcome : await outcome;
      if (!counted) continue;
      totals.rowsRead += 1;
      if (totals.rowsRead >= nextProgress) {
        nextProgress += every;
        await report();
      }
    }
  }
  await report();
  return totals;
}
