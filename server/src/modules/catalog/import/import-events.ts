/** What an import tells its caller while it runs: progress, and each row it refuses. */

export type ImportPhase = 'reading' | 'replacing' | 'committing';

export interface ImportProgress {
  /**
   * 'reading': rows are being read and staged; 'replacing': the file is read, the shop's tables are being
   * changed in one transaction; 'committing': the changes are made, the transaction is about to commit.
   */
  phase: ImportPhase;
  rowsRead: number;
  bytesRead: number;
  totalBytes: number;
}

export interface RejectedRow {
  /** The row's line in a CSV file, or its row number in a sheet. */
  line: number;
  reason: string;
  fields: readonly string[];
}

export interface ImportEvents {
  /** Called for each refused row, in the order found (rows refused as duplicates come after the others). */
  onReject?: (row: RejectedRow) => void;
  /**
   * Called every `progressEvery` rows while reading and at each phase; the import waits for a promise it
   * returns. An exception thrown here aborts the import, which then changes nothing.
   */
  onProgress?: (progress: ImportProgress) => void | Promise<void>;
  /** Rows between two progress calls while reading; default 50,000. */
  progressEvery?: number;
  /** Aborting stops the import (between two batches of rows, or before it commits); nothing is changed. */
  signal?: AbortSignal;
}

export const DEFAULT_PROGRESS_EVERY = 50_000;

/** Seconds and rows per second since `startedAt` (a performance.now() value). */
export function elapsed(startedAt: number, rows: number): { seconds: number; rowsPerSecond: number } {
  const seconds = (performance.now() - startedAt) / 1000;
  return { seconds, rowsPerSecond: seconds > 0 ? Math.round(rows / seconds) : rows };
}
