/*
 * The hard limits of the CSV and XLSX readers (decision 0034): a file past one of them is a malformed file, refused
 * with the staff's or the client's words, before it can cost the process gigabytes or an array past V8's limit.
 * Excel's own limits bound a sheet (XFD, 1,048,576 rows, 32,767 characters in a cell); the others leave room
 * for the largest real price lists (a full sheet of a million rows with two distinct texts each).
 */

export interface ReaderLimits {
  /** Distinct texts in an XLSX file's shared-strings table. */
  sharedStrings: number;
  /** Their characters, all together. */
  sharedStringChars: number;
  /** Characters of one cell of a sheet, or one text of the shared-strings table (Excel's limit). */
  cellChars: number;
  /** Characters of one CSV record (a line, or the lines a quoted cell spans). */
  lineChars: number;
  /** Cells of a sheet, each row counted up to its last filled cell (the empty ones before it are cells too). */
  sheetCells: number;
}

/** Excel's last column, XFD. */
export const SHEET_MAX_COLUMNS = 16_384;
/** Excel's last row. */
export const SHEET_MAX_ROWS = 1_048_576;

/** Price lists and cross-references (uploads, the command line, scheduled fetches). */
export const IMPORT_READER_LIMITS: ReaderLimits = {
  sharedStrings: 2_000_000,
  sharedStringChars: 64_000_000,
  cellChars: 32_767,
  lineChars: 1_000_000,
  sheetCells: 20_000_000,
};

/** The list search's file (at most 512 KB, of which 200 lines are read). */
export const LIST_READER_LIMITS: ReaderLimits = {
  sharedStrings: 200_000,
  sharedStringChars: 8_000_000,
  cellChars: 32_767,
  lineChars: 1_000_000,
  sheetCells: 20_000_000,
};

const thousands = (value: number) => value.toLocaleString('ru-RU').replaceAll('\u00a0', ' ');

/** A file that breaks the readers' rules: its message is the staff's or the client's, in Russian. */
export class MalformedFile extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedFile';
  }
}

export const malformed = {
  column: (reference: string) =>
    new MalformedFile(
      `Файл повреждён: ячейка ${reference.slice(0, 20)} за последним столбцом листа (XFD, ${thousands(SHEET_MAX_COLUMNS)})`,
    ),
  row: (row: string) =>
    new MalformedFile(
      `Файл повреждён: строка ${row.slice(0, 20)} за последней строкой листа (${thousands(SHEET_MAX_ROWS)}) или не по порядку`,
    ),
  sharedStrings: (limit: number) =>
    new MalformedFile(
      `Файл не прочитан: в нём больше ${thousands(limit)} разных текстов. Сохраните его в CSV или разделите на части`,
    ),
  sharedStringChars: (limit: number) =>
    new MalformedFile(
      `Файл не прочитан: тексты его ячеек длиннее ${thousands(limit)} знаков вместе. Сохраните его в CSV или разделите на части`,
    ),
  cell: (limit: number, row: number) =>
    new MalformedFile(`Файл повреждён: ячейка в строке ${row} длиннее ${thousands(limit)} знаков`),
  sharedString: (limit: number) => new MalformedFile(`Файл повреждён: текст ячейки длиннее ${thousands(limit)} знаков`),
  sheetCells: (limit: number) =>
    new MalformedFile(
      `Файл не прочитан: в листе больше ${thousands(limit)} ячеек (считая пустые до последней заполненной в строке). Сохраните его в CSV или разделите на части`,
    ),
  line: (limit: number, line: number) =>
    new MalformedFile(
      `Файл не похож на таблицу: строка ${line} длиннее ${thousands(limit)} знаков. Проверьте, что это CSV-файл прайс-листа`,
    ),
};
