import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { RecordBatch, SourceRecord } from './source-record.ts';

/*
 * An XLSX file is a zip archive of XML parts. The first sheet is streamed through a SAX parser, row by row, so
 * that memory stays flat whatever the sheet's size. Only the shared-strings table (the distinct texts of the
 * workbook) is held in memory, as cells refer to it by index.
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

/** The texts of the shared-strings table, in order; a rich-text item's runs are joined, phonetic hints left out. */
async function readSharedStrings(zip: ZipFile, entry: Entry | undefined): Promise<string[]> {
  const strings: string[] = [];
  if (!entry) return strings;
  let current = '';
  let inText = false;
  let inPhonetic = false;
  await parseWholeXmlEntry(zip, entry, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 't') inText = true;
      else if (name === 'rPh') inPhonetic = true;
    },
    close(name) {
      if (name === 'si') strings.push(current);
      else if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(text) {
      if (inText && !inPhonetic) current += text;
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

/** 'A' -> 0, 'Z' -> 25, 'AA' -> 26: the column of a cell reference such as 'AB12'. */
export function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
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

export async function* readXlsxRecords(file: string): AsyncGenerator<RecordBatch> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const sheetPath = await firstSheetPath(zip, entries);
    const sheet = entries.get(sheetPath);
    if (!sheet) throw new Error(`Not an XLSX workbook: ${sheetPath} is missing`);
    const sharedStrings = await readSharedStrings(zip, entries.get(SHARED_STRINGS));

    const totalBytes = sheet.uncompressedSize;
    let pending: SourceRecord[] = [];
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
      while (fields.length < cellColumn) fields.push('');
      fields[cellColumn] = value;
      cellColumn = -1;
    };

    const rows = parseXmlEntry(zip, sheet, {
      open(name, attributes) {
        if (name === 'row') {
          rowNumber = attributes.r ? Number(attributes.r) : rowNumber + 1;
          fields = [];
        } else if (name === 'c') {
          cellColumn = attributes.r ? columnIndex(attributes.r) : fields.length;
          cellType = attributes.t ?? 'n';
          cellText = '';
        } else if (name === 'v' || name === 't') {
          collecting = true;
        }
      },
      close(name) {
        if (name === 'v' || name === 't') collecting = false;
        else if (name === 'c') finishCell();
        else if (name === 'row' && fields.some((field) => field !== '')) pending.push({ line: rowNumber, fields });
      },
      text(text) {
        if (collecting) cellText += text;
      },
    });
    for await (const bytesParsed of rows) {
      if (pending.length >= BATCH_ROWS) {
        yield { records: pending, bytesRead: bytesParsed, totalBytes };
        pending = [];
      }
    }
    if (pending.length > 0) yield { records: pending, bytesRead: totalBytes, totalBytes };
  } finally {
    zip.close();
  }
}
