import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbExecutor, QueryRows } from './index.ts';

const dialect = new PgDialect();

type RowValue = string | number | boolean | null;
type PlaceholderValues = Record<string, unknown>;

/**
 * A statement for hot paths: turned into SQL text once (with `sql.placeholder(name)` where its values go), run
 * as a named prepared statement (on PostgreSQL each connection parses and plans it once), its rows returned as
 * the driver gives them, without drizzle's per-value mapping (for 50 basket lines the mapping and the
 * rebuilding of the statement cost more than the query). db.execute() has no way to name a statement, so the
 * session's prepareQuery is called directly; PGlite ignores the name. Select numbers other than int4 as text
 * (bigint ids, NUMERIC), so that both drivers answer the same JavaScript values.
 */
export class NamedStatement<Values extends PlaceholderValues> {
  /** The SQL text and its parameters, placeholders still in them. */
  readonly query: Query;

  constructor(
    readonly name: string,
    statement: SQL,
  ) {
    this.query = dialect.sqlToQuery(statement);
  }

  /** Rows as objects keyed by column name. */
  async rows<Row extends Record<string, RowValue>>(db: DbExecutor, values: Values): Promise<Row[]> {
    const prepared = db._.session.prepareQuery<{ execute: QueryRows<Row>; all: unknown; values: unknown }>(
      this.query,
      undefined,
      this.name,
      false,
    );
    return (await prepared.execute(values)).rows;
  }

  /** Rows as arrays of their values in the order selected: no property names to build. */
  async arrays<Row extends readonly RowValue[]>(db: DbExecutor, values: Values): Promise<Row[]> {
    const prepared = db._.session.prepareQuery<{ execute: Row[]; all: unknown; values: unknown }>(
      this.query,
      undefined,
      this.name,
      true,
      (rows) => rows as unknown as Row[],
    );
    return prepared.execute(values);
  }
}
