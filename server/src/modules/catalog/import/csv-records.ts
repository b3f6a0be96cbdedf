import { malformed } from './reader-limits.ts';
import type { SourceRecord } from './source-record.ts';

/** The delimiters a price list may use; autodetection picks among them. */
export const CSV_DELIMITERS = [';', ',', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

const QUOTE = '"';
const QUOTE_CODE = 34;

/**
 * The delimiter of a file, from its first line: the candidate found most often outside quotes. A file with
 * none of them (one column) is read with ';', the usual one in Russian price lists.
 */
export function detectDelimiter(firstLine: string): CsvDelimiter {
  const counts = new Map<CsvDelimiter, number>(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === QUOTE) quoted = !quoted;
    else if (!quoted && counts.has(char as CsvDelimiter)) {
      counts.set(char as CsvDelimiter, (counts.get(char as CsvDelimiter) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ';';
  let bestCount = 0;
  for (const [delimiter, count] of counts) {
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Where a quoted record ends in the text: the index after its line break, and how many line breaks it spans. */
interface QuotedRecordEnd {
  fields: string[];
  next: number;
  lineBreaks: number;
}

/**
 * The cells of one line whose quotes each wrap a whole cell ('a;"b; c";d'), or null for any other use of quotes
 * (a doubled quote, a quote inside a cell, a quoted cell that goes on past the line), left to the general reader.
 */
function splitQuotedLine(line: string, delimiter: string): string[] | null {
  const cells: string[] = [];
  let start = 0;
  for (;;) {
    if (line.charCodeAt(start) === QUOTE_CODE) {
      const close = line.indexOf(QUOTE, start + 1);
      if (close === -1) return null;
      cells.push(line.slice(start + 1, close));
      if (close + 1 === line.length) return cells;
      if (line[close + 1] !== delimiter) return null;
      start = close + 2;
      continue;
    }
    const end = line.indexOf(delimiter, start);
    const stop = end === -1 ? line.length : end;
    const quote = line.indexOf(QUOTE, start);
    if (quote !== -1 && quote < stop) return null;
    cells.push(line.slice(start, stop));
    if (end === -1) return cells;
    start = end + 1;
  }
}

/**
 * A streaming CSV parser (RFC 4180: fields in double quotes may hold delimiters, line breaks and doubled
 * quotes). Text arrives in chunks of any size; push() returns the records completed so far, each with the
 * line number where it starts (1-based, counting every physical line). Blank lines are skipped.
 *
 * Lines without a quote, nearly every line of a price list, take a fast path: one split; lines whose quotes
 * only wrap whole cells (a description holding the delimiter) another: a search for each closing quote.
 * A record longer than `maxRecordChars` (a line, or the lines a quoted cell spans) is a malformed file: the text
 * held while waiting for its end stays bounded.
 */
export class CsvRecordParser {
  private pending = '';
  private nextLine = 1;

  constructor(
    private readonly delimiter: string,
    private readonly maxRecordChars = Number.POSITIVE_INFINITY,
  ) {}

  push(text: string): SourceRecord[] {
    this.pending += text;
    return this.drain(false);
  }

  /** The records left when the text has ended (a last line without a line break). */
  end(): SourceRecord[] {
    return this.drain(true);
  }

  private drain(final: boolean): SourceRecord[] {
    const text = this.pending;
    const records: SourceRecord[] = [];
    let position = 0;
    // Searched again only once passed, so that a text without quotes is scanned for them once, not per line.
    let quoteAt = text.indexOf(QUOTE);
    while (position < text.length) {
      let lineEnd = text.indexOf('\n', position);
      if (lineEnd === -1) {
        if (!final) break;
        lineEnd = text.length;
      }
      if (lineEnd - position > this.maxRecordChars) throw malformed.line(this.maxRecordChars, this.nextLine);
      if (quoteAt !== -1 && quoteAt < position) quoteAt = text.indexOf(QUOTE, position);
      if (quoteAt === -1 || quoteAt > lineEnd) {
        const line =
          text.charCodeAt(lineEnd - 1) === 13 ? text.slice(position, lineEnd - 1) : text.slice(position, lineEnd);
        if (line.length > 0) records.push({ line: this.nextLine, fields: line.split(this.delimiter) });
        this.nextLine += 1;
        position = lineEnd + 1;
        continue;
      }
      const cells = splitQuotedLine(
        text.charCodeAt(lineEnd - 1) === 13 ? text.slice(position, lineEnd - 1) : text.slice(position, lineEnd),
        this.delimiter,
      );
      if (cells) {
        records.push({ line: this.nextLine, fields: cells });
        this.nextLine += 1;
        position = lineEnd + 1;
        continue;
      }
      const quoted = this.readQuotedRecord(text, position, final);
      if (quoted === null) break;
      records.push({ line: this.nextLine, fields: quoted.fields });
      this.nextLine += 1 + quoted.lineBreaks;
      position = quoted.next;
    }
    this.pending = position >= text.length ? '' : text.slice(position);
    if (this.pending.length > this.maxRecordChars) throw malformed.line(this.maxRecordChars, this.nextLine);
    return records;
  }

  /** Reads one record that holds quotes, starting at `start`; null when it continues beyond the text so far. */
  private readQuotedRecord(text: string, start: number, final: boolean): QuotedRecordEnd | null {
    const fields: string[] = [];
    let field = '';
    let lineBreaks = 0;
    let position = start;
    let inQuotes = false;
    while (position < text.length) {
      const char = text[position] as string;
      if (inQuotes) {
        if (char === QUOTE) {
          if (text[position + 1] === QUOTE) {
            field += QUOTE;
            position += 2;
            continue;
          }
          // A closing quote as the very last character may yet be the first half of a doubled quote.
          if (position + 1 === text.length && !final) return null;
          inQuotes = false;
        } else {
          if (char === '\n') lineBreaks += 1;
          field += char;
        }
        position += 1;
        continue;
      }
      if (char === QUOTE) {
        inQuotes = true;
      } else if (char === this.delimiter) {
        fields.push(field);
        field = '';
      } else if (char === '\n') {
        fields.push(field.endsWith('\r') ? field.slice(0, -1) : field);
        return { fields, next: position + 1, lineBreaks };
      } else {
        field += char;
      }
      position += 1;
    }
    if (!final) return null;
    // The text ended inside the record: what was read is the record (an unclosed quote runs to the end).
    fields.push(field.endsWith('\r') ? field.slice(0, -1) : field);
    return { fields, next: text.length, lineBreaks };
  }
}
