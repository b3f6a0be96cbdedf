import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { malformed, SHEET_MAX_COLUMNS, SHEET_MAX_ROWS, type ReaderLimits } from './reader-limits.ts';
import type { RecordBatch, SourceRecord } from './source-record.ts';

/*
 * An XLSX file is a zip archive of XML parts. The first sheet is streamed through a SAX parser, row by row, so
 * that memory stays flat whatever the sheet's size. Only the shared-strings table (the distinct texts of the
 * workbook) is held in memory, as cells refer to it by index: its size is capped (ReaderLimits), as are a cell's
 * text and its place (nothing beyond XFD or row 1,048,576, rows in order), so that no file can make the reader
 * build a string or an array past what a real sheet needs.
 */

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELATIONS = 'xl/_rels/workbook.xml.rels';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const FIRST_SHEET_FALLBACK = 'xl/worksheets/sheet1.xml';

type TagAttributes = Record<string, string>;

interface XmlHandlers {
  open(name: string, attributes: TagAttributes): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Streams one XML part of the archive through a SAX parser, yielding the bytes parsed so far after each chunk:
 * the next chunk is read only when the caller asks, so a slow consumer holds the reading back.
 */
async function* parseXmlEntry(zip: ZipFile, entry: Entry, handlers: XmlHandlers): AsyncGenerator<number> {
  const parser = new SaxesParser({ xmlns: false });
  let failure: Error | undefined;
  parser.on('opentag', (tag) => handlers.open(tag.name, tag.attributes));
  parser.on('closetag', (tag) => handlers.close(tag.name));
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  parser.on('error', (error) => {
    failure ??= error;
  });
  const check = () => {
    if (failure) throw new Error(`${entry.fileName} is not valid XML: ${failure.message}`);
  };
  const stream: Readable = await zip.openReadStreamPromise(entry);
  const decoder = new TextDecoder('utf-8');
  let bytesParsed = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      parser.write(decoder.decode(bytes, { stream: true }));
      check();
      bytesParsed += bytes.length;
      yield bytesParsed;
    }
  } finally {
    stream.destroy();
  }
  parser.write(decoder.decode());
  parser.close();
  check();
}

async function parseWholeXmlEntry(zip: ZipFile, entry: Entry, handlers: XmlHandlers): Promise<void> {
  for await (const _bytesParsed of parseXmlEntry(zip, entry, handlers)) {
    // Small parts: read to the end.
  }
}

/**
 * The texts of the shared-strings table, in order; a rich-text item's runs are joined, phonetic hints left out.
 * Refused past the limits on their count, their characters together and one text's characters.
 */
async function readSharedStrings(zip: ZipFile, entry: Entry | undefined, limits: ReaderLimits): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let inPhonetic = false;
  let totalChars = 0;
  await parseWholeXmlEntry(zip, entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'si') {
        if (strings.length >= limits.sharedStrings) throw malformed.sharedStrings(limits.sharedStrings);
        strings.push(current);
      } else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(text) {
      if (!inText || inPhonetic) return;
      totalChars += text.length;
      if (totalChars > limits.sharedStringChars) throw malformed.sharedStringChars(limits.sharedStringChars);
      if (current.length + text.length > limits.cellChars) throw malformed.sharedString(limits.cellChars);
      current += text;
    },
  });
  return strings;
}

/** The path of the workbook's first sheet, from the workbook and its relationships; sheet1.xml when they say nothing. */
async function firstSheetPath(zip: ZipFile, entries: Map<string, Entry>): Promise<string> {
  const workbook = entries.get(WORKBOOK);
  const relations = entries.get(WORKBOOK_RELATIONS);
  if (!workbook || !relations) return FIRST_SHEET_FALLBACK;
  let relationId: string | undefined;
  await parseWholeXmlEntry(zip, workbook, {
    open(name, attributes) {
      if (name === 'sheet' && relationId === undefined) relationId = attributes['r:id'];
    },
    close() {},
    text() {},
  });
  let target: string | undefined;
  await parseWholeXmlEntry(zip, relations, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id === relationId) target = attributes.Target;
    },
    close() {},
    text() {},
  });
  if (!target) return FIRST_SHEET_FALLBACK;
  // Targets are relative to xl/, or absolute within the archive.
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

/**
 * 'A' -> 0, 'Z' -> 25, 'AA' -> 26: the column of a cell reference such as 'AB12'; -1 past the sheet's last column
 * (XFD), counted without letting a long run of letters grow the number past it.
 */
export function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
    if (index > SHEET_MAX_COLUMNS) return -1;
  }
  return index - 1;
}

/** A row's number (its `r`, else the one after the previous row's), 1 to 1,048,576; null for anything else. */
function rowNumberOf(text: string | undefined, previous: number): number | null {
  const number = text === undefined ? previous + 1 : /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  return number >= 1 && number <= SHEET_MAX_ROWS ? number : null;
}

/**
 * A number cell holds the shortest text of a binary double ('99.990000000000009'); like Excel, which shows 15
 * significant digits, read it as '99.99'.
 */
export function excelNumberText(stored: string): string {
  const value = Number(stored);
  return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : stored;
}

const BATCH_ROWS = 5000;
/** Cells of a batch, counted as the row's last column: rows padded to a far column end a batch early. */
const BATCH_CELLS = 50_000;

/** The first sheet's rows; `source` is the file's path, or its bytes. */
export async function* readXlsxRecords(source: string | Uint8Array, limits: ReaderLimits): AsyncGenerator<RecordBatch> {
  const options = { lazyEntries: true, autoClose: false };
  const zip =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(Buffer.from(source.buffer, source.byteOffset, source.byteLength), options);
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const sheetPath = await firstSheetPath(zip, entries);
    const sheet = entries.get(sheetPath);
    if (!sheet) throw new Error(`Not an XLSX workbook: ${sheetPath} is missing`);
    const sharedStrings = await readSharedStrings(zip, entries.get(SHARED_STRINGS), limits);

    const totalBytes = sheet.uncompressedSize;
    let pending: SourceRecord[] = [];
    let pendingCells = 0;
    let sheetCells = 0;
    let rowNumber = 0;
    let fields: string[] = [];
    let cellColumn = -1;
    let cellType = 'n';
    let cellText = '';
    let collecting = false;

    const finishCell = () => {
      if (cellColumn < 0) return;
      let value = cellText;
      if (cellType === 's') value = sharedStrings[Number(cellText)] ?? '';
      else if (cellType === 'n' && value !== '') value = excelNumberText(value);
      // An empty cell needs no place: a later cell pads the row up to its own column.
      if (value !== '') {
        while (fields.length < cellColumn) fields.push('');
        fields[cellColumn] = value;
      }
      cellColumn = -1;
    };

    const rows = parseXmlEntry(zip, sheet, {
      open(name, attributes) {
        if (name === 'row') {
          const number = rowNumberOf(attributes.r, rowNumber);
          if (number === null) throw malformed.row(attributes.r ?? String(rowNumber + 1));
          rowNumber = number;
          fields = [];
        } else if (name === 'c') {
          cellColumn = attributes.r ? columnIndex(attributes.r) : fields.length;
          if (cellColumn < 0 || cellColumn >= SHEET_MAX_COLUMNS) throw malformed.column(attributes.r ?? 'XFE');
          cellType = attributes.t ?? 'n';
          cellText = '';
        } else if (name === 'v' || name === 't') {
          collecting = true;
        }
      },
      close(name) {
        if (name === 'v' || name === 't') collecting = false;
        else if (name === 'c') finishCell();
        else if (name === 'row' && fields.some((field) => field !== '')) {
          pending.push({ line: rowNumber, fields });
          pendingCells += fields.length;
          sheetCells += fields.length;
          if (sheetCells > limits.sheetCells) throw malformed.sheetCells(limits.sheetCells);
        }
      },
      text(text) {
        if (!collecting) return;
        if (cellText.length + text.length > limits.cellChars) throw malformed.cell(limits.cellChars, rowNumber);
        cellText += text;
      },
    });
    for await (const bytesParsed of rows) {
      if (pending.length >= BATCH_ROWS || pendingCells >= BATCH_CELLS) {
        yield { records: pending, bytesRead: bytesParsed, totalBytes };
        pending = [];
        pendingCells = 0;
      }
    }
    if (pending.length > 0) yield { records: pending, bytesRead: totalBytes, totalBytes };
  } finally {
    zip.close();
  }
}
