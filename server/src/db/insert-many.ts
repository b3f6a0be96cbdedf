import { getTableColumns, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './index.ts';

const defaultRowsPerStatement = 10_000;

/**
 * Inserts many rows with one statement per `rowsPerStatement` rows: each column travels as a single array
 * parameter and `unnest` turns the arrays back into rows. Far faster than multi-row VALUES on both drivers
 * (PGlite has no COPY), and free of the 65,535-parameter limit.
 *
 * Every row must give the same columns, taken from the first row; a null or missing value is stored as NULL
 * (column defaults apply only to columns the first row leaves out).
 */
export async function insertMany<TTable extends PgTable>(
  db: Db,
  table: TTable,
  rows: readonly InferInsertModel<TTable>[],
  rowsPerStatement = defaultRowsPerStatement,
): Promise<void> {
  const [first] = rows;
  if (!first) return;
  const tableColumns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => key in tableColumns);
  const columns = keys.map((key) => {
    const column = tableColumns[key];
    if (!column) throw new Error(`Unknown column ${key}`);
    return column;
  });
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const chunk = rows.slice(start, start + rowsPerStatement) as readonly Record<string, unknown>[];
    const arrays = columns.map((column, index) => {
      const key = keys[index] as string;
      const values = chunk.map((row) => {
        const value = row[key];
        return value === null || value === undefined ? null : String(column.mapToDriverValue(value));
      });
      // Sent as text[] and cast on the server: PGlite cannot serialize arrays of types it does not know (enums).
      return sql`${sql.param(values)}::text[]::${sql.raw(column.getSQLType())}[]`;
    });
    await db.execute(sql`insert into ${table} (${columnList}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}
