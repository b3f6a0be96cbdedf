import { closeSync, openSync, writeSync } from 'node:fs';
import type { RejectedRow } from './import-events.ts';

const FLUSH_CHARS = 1 << 16;

/** A cell a spreadsheet would read as a formula: it starts with `=`, `+`, `-`, `@`, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number (`-5`, `+7`, `-1 234,50`): data, which no spreadsheet runs, kept as it is. */
const PLAIN_NUMBER = /^[+-]?\d[\d ]*(?:[.,]\d+)?$/;

/**
 * A cell as a spreadsheet shows it and never runs it (OWASP, "CSV Injection"): one that would start a formula is
 * prefixed with a single quote, which Excel and LibreOffice take as "text"; a plain number stays a number.
 */
export function spreadsheetSafe(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

const quoted = (text: string) => `"${spreadsheetSafe(text).replaceAll('"', '""')}"`;

/**
 * The report of refused rows: a CSV file (UTF-8 with a byte-order mark, so that spreadsheet programs read the
 * Cyrillic right, `;`-separated) with the columns строка, причина and ячейки (the line, the reason in Russian, the
 * row's cells as read, joined by `;`). The file is created at the first refused row: an import that refuses nothing
 * leaves no report behind. The cells come from the supplier's file, so none may start a formula when staff open the
 * report (spreadsheetSafe).
 */
export class RejectReport {
  private fd: number | undefined;
  private buffer = '';
  count = 0;

  constructor(readonly path: string) {}

  add(row: RejectedRow): void {
    this.count += 1;
    if (this.fd === undefined) {
      this.fd = openSync(this.path, 'w');
      this.buffer = '\uFEFFстрока;причина;ячейки\n';
    }
    this.buffer += `${row.line};${quoted(row.reason)};${quoted(row.fields.join(';'))}\n`;
    if (this.buffer.length >= FLUSH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.fd === undefined || this.buffer === '') return;
    writeSync(this.fd, this.buffer);
    this.buffer = '';
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
