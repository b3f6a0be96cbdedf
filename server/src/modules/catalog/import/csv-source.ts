import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { CsvRecordParser, detectDelimiter } from './csv-records.ts';
import { malformed, type ReaderLimits } from './reader-limits.ts';
import type { RecordBatch } from './source-record.ts';

export const CSV_ENCODINGS = ['utf8', 'cp1251'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

export interface CsvOptions {
  /** ';', ',' or a tab; unset: detected from the first line. */
  delimiter?: string;
  /** Unset: UTF-8 when the start of the file is valid UTF-8, else Windows-1251. */
  encoding?: CsvEncoding;
}

interface ChunkDecoder {
  write(bytes: Buffer): string;
  end(): string;
}

function createDecoder(encoding: CsvEncoding): ChunkDecoder {
  if (encoding === 'cp1251') {
    const decoder = iconv.getDecoder('win1251');
    return { write: (bytes) => decoder.write(bytes), end: () => decoder.end() ?? '' };
  }
  // TextDecoder drops a leading byte-order mark and keeps a character split between chunks for the next one.
  const decoder = new TextDecoder('utf-8');
  return { write: (bytes) => decoder.decode(bytes, { stream: true }), end: () => decoder.decode() };
}

/** UTF-8 unless the bytes are not valid UTF-8 (a character cut at the end of the sample does not count). */
export function detectEncoding(sample: Buffer): CsvEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf8';
  } catch {
    return 'cp1251';
  }
}

const CHUNK_BYTES = 1 << 18;

/** The file's bytes in chunks: read from disk, or cut from the bytes at hand. */
async function* chunksOf(source: string | Uint8Array): AsyncGenerator<Buffer> {
  if (typeof source === 'string') {
    for await (const chunk of createReadStream(source, { highWaterMark: CHUNK_BYTES })) yield chunk as Buffer;
    return;
  }
  const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) yield bytes.subarray(start, start + CHUNK_BYTES);
}

/** The rows of a CSV file; `source` is the file's path, or its bytes. */
export async function* readCsvRecords(
  source: string | Uint8Array,
  options: CsvOptions,
  limits: ReaderLimits,
): AsyncGenerator<RecordBatch> {
  const totalBytes = typeof source === 'string' ? (await stat(source)).size : source.byteLength;
  let decoder: ChunkDecoder | undefined;
  let parser: CsvRecordParser | undefined;
  // Text before the first line break is held until the delimiter can be told from the whole first line.
  let head = '';
  let bytesRead = 0;

  const parse = (text: string): RecordBatch => {
    if (!parser) {
      const searchFrom = head.length;
      head += text;
      const lineEnd = head.indexOf('\n', searchFrom);
      if (lineEnd === -1) {
        if (head.length > limits.lineChars) throw malformed.line(limits.lineChars, 1);
        return { records: [], bytesRead, totalBytes };
      }
      parser = new CsvRecordParser(options.delimiter ?? detectDelimiter(head.slice(0, lineEnd)), limits.lineChars);
      text = head;
      head = '';
    }
    return { records: parser.push(text), bytesRead, totalBytes };
  };

  for await (const bytes of chunksOf(source)) {
    decoder ??= createDecoder(options.encoding ?? detectEncoding(bytes));
    bytesRead += bytes.length;
    const batch = parse(decoder.write(bytes));
    if (batch.records.length > 0) yield batch;
  }
  const rest = decoder ? parse(decoder.end()) : { records: [], bytesRead, totalBytes };
  parser ??= new CsvRecordParser(options.delimiter ?? detectDelimiter(head), limits.lineChars);
  const records = [...rest.records, ...parser.push(head), ...parser.end()];
  if (records.length > 0) yield { records, bytesRead, totalBytes };
}
