// The rows every reader (CSV, XLSX) yields; apart from record-source.ts, which picks the reader.

/** One row of a price list or cross-reference file, as text cells. */
export interface SourceRecord {
  /** Where the row starts in the file: the 1-based line of a CSV file, the row number of a sheet. */
  line: number;
  fields: string[];
}

/** Rows read so far, with how far into the file they reach (for a progress bar). */
export interface RecordBatch {
  records: SourceRecord[];
  bytesRead: number;
  totalBytes: number;
}
