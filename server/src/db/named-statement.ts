import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbExecutor, QueryRows } from './index.ts';

const dialect = new PgDialect();

type RowValue = string | number | boolean | null;

/**
 * Runs `statement` as a named prepared statement and returns the driver's rows unmapped: on PostgreSQL each
 * connection parses and plans it once and then reuses the plan. db.execute() has no way to name a statement,
 * so the session's prepareQuery is called directly; PGlite ignores the name. Hot reads use it where drizzle's
 * per-value row mapping would cost more than the query (50 basket lines: 0.5 ms of CPU). Select numbers other
 * than int4 as text (bigint ids, NUMERIC), so that both drivers answer the same JavaScript values.
 */
export async function executeNamed<Row extends Record<string, RowValue>>(
  db: DbExecutor,
  name: string,
  statement: SQL,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery<{ execute: QueryRows<Row>; all: unknown; values: unknown }>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    false,
  );
  return (await prepared.execute()).rows;
}

/** executeNamed with each row as an array of its values in the order selected: no property names to build. */
export async function executeNamedArrays<Row extends readonly RowValue[]>(
  db: DbExecutor,
  name: string,
  statement: SQL,
): Promise<Row[]> {
  const prepared = db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
    dialect.sqlToQuery(statement),
    undefined,
    name,
    true,
    (rows) => rows as unknown as Row[],
  );
  return prepared.execute();
}
