import {
  headerColumn,
  headerKey,
  isHeaderRow,
  layoutFromColumnList,
  layoutFromHeader,
  layoutFromHeaderNames,
  type ColumnLayout,
  type PriceColumn,
} from './price-row.ts';
import type { SourceRecord } from './source-record.ts';

/*
 * Where a price list's columns are: a column list (the profile's, or --columns), or a header row. Suppliers put a
 * title block above the header (the company, its phone, the date of the list, an empty row), and spreadsheets
 * merge header cells over two rows («Склад» over «Наличие» and «Срок»): the header is the row the profile names
 * («заголовок в строке N»), or else the first row that names the required columns, completed by the row under it
 * when that row holds only column names.
 */

/** Rows searched for a header when the profile does not say where it is. */
export const HEADER_SEARCH_ROWS = 30;

export interface LayoutSpec {
  /** The cells of a row in order ('article,brand,,price'); unset: a header row names them. */
  columns?: string;
  /** Header texts of the file for some columns (a saved profile); the rest by their usual names. */
  headers?: Partial<Record<PriceColumn, string>>;
  /** With `columns`: true skips the first row, false reads it as data; unset skips it when it looks like a header. */
  headerRow?: boolean;
  /** The header's row (a CSV line, a sheet's row number): rows above it are a title block. */
  headerLine?: number;
}

/** No row of the file's start names the required columns. */
export class HeaderNotFoundInFile extends Error {
  constructor() {
    super(
      `Не найдена строка заголовка: в первых ${HEADER_SEARCH_ROWS} строках нет строки с названиями столбцов ` +
        '«Артикул», «Бренд» и «Цена». Укажите в профиле поставщика, в какой строке заголовок, или названия столбцов',
    );
    this.name = 'HeaderNotFoundInFile';
  }
}

const named = (cells: readonly string[]) => cells.filter((cell) => cell.trim() !== '');

/** Reads a file's rows in order and tells which are data, and with which layout. */
export class LayoutReader {
  private layout: ColumnLayout | undefined;
  private readonly given: boolean;
  private rowsSeen = 0;
  private searched = 0;
  /** The row that named the most columns without naming the required ones: its problem is the file's. */
  private closest: { names: number; problem: unknown } | undefined;
  /** The header was the last row: the next one may complete it. */
  private justAfterHeader = false;

  constructor(private readonly spec: LayoutSpec) {
    this.layout = spec.columns === undefined ? undefined : layoutFromColumnList(spec.columns);
    this.given = this.layout !== undefined;
  }

  /** The layout to read `record` with as a data row, or null when it is not one (title block, header). */
  next(record: SourceRecord): ColumnLayout | null {
    this.rowsSeen += 1;
    const { headerLine } = this.spec;
    if (headerLine !== undefined && record.line < headerLine) return null;
    if (this.given) return this.givenLayoutRow(record);
    if (this.layout) {
      if (this.justAfterHeader) {
        this.justAfterHeader = false;
        if (this.completesHeader(record.fields)) return null;
      }
      return this.layout;
    }
    if (headerLine !== undefined) {
      this.layout = this.headerLayout(record.fields);
      this.justAfterHeader = true;
      return null;
    }
    this.searchHeader(record.fields);
    return null;
  }

  /** After the last row: throws when the file had no row, or no header. */
  finish(): void {
    if (this.rowsSeen === 0 && !this.given) throw new Error('The file is empty: no header row');
    if (this.layout) return;
    if (this.closest) throw this.closest.problem;
    throw new HeaderNotFoundInFile();
  }

  private givenLayoutRow(record: SourceRecord): ColumnLayout | null {
    const { headerLine, headerRow } = this.spec;
    const first = headerLine === undefined ? this.rowsSeen === 1 : record.line === headerLine;
    if (first && (headerRow === true || (headerRow === undefined && isHeaderRow(record.fields)))) return null;
    return this.layout as ColumnLayout;
  }

  private headerLayout(cells: readonly string[]): ColumnLayout {
    return this.spec.headers ? layoutFromHeaderNames(cells, this.spec.headers) : layoutFromHeader(cells);
  }

  private searchHeader(cells: readonly string[]): void {
    try {
      this.layout = this.headerLayout(cells);
      this.justAfterHeader = true;
      return;
    } catch (problem) {
      const names = named(cells).filter((cell) => this.namesColumn(cell)).length;
      if (names >= 2 && names > (this.closest?.names ?? 0)) this.closest = { names, problem };
    }
    this.searched += 1;
    if (this.searched >= HEADER_SEARCH_ROWS) this.finish();
  }

  private namesColumn(cell: string): boolean {
    if (headerColumn(cell) !== undefined) return true;
    const key = headerKey(cell);
    return key !== '' && Object.values(this.spec.headers ?? {}).some((name) => headerKey(name) === key);
  }

  /**
   * The row under a header whose cells were merged over two rows: only column names, and nothing where the
   * article is. Its columns join the layout where the first row had none.
   */
  private completesHeader(cells: readonly string[]): boolean {
    const layout = this.layout as ColumnLayout;
    const texts = named(cells);
    if (texts.length === 0 || !texts.every((cell) => this.namesColumn(cell))) return false;
    if (layout.article !== undefined && (cells[layout.article] ?? '').trim() !== '') return false;
    const taken = new Set(Object.values(layout));
    cells.forEach((cell, index) => {
      const column =
        headerColumn(cell) ??
        (Object.entries(this.spec.headers ?? {}).find(([, name]) => headerKey(name) === headerKey(cell))?.[0] as
          PriceColumn | undefined);
      if (column !== undefined && layout[column] === undefined && !taken.has(index)) layout[column] = index;
    });
    return true;
  }
}
