import { finished } from 'node:stream/promises';
import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { schema, type Database, type Db } from '../../../db/index.ts';
import { insertMany } from '../../../db/insert-many.ts';
import { withAfterCommit } from '../../../db/after-commit.ts';

/*
 * An import reads its file into a temporary staging table first, and only then, in one transaction,
 * changes the shop's tables: searches see the old data until that transaction commits, and an import that fails
 * or is killed while reading leaves nothing behind (a temporary table dies with its session).
 */

/** Receives staged rows; add() returns a promise only when the caller has to wait for the database. */
export interface StagingWriter<TTable extends PgTable> {
  add(row: InferInsertModel<TTable>): Promise<void> | undefined;
  /** Sends what is buffered and waits until the database has every row. */
  finish(): Promise<void>;
  /**
   * Gives up: the rows written are dropped, and the connection can run other statements again (a COPY left
   * open would keep even a ROLLBACK waiting).
   */
  abort(reason: Error): Promise<void>;
}

export interface ImportSession {
  /** Queries on the session's own connection, where its temporary tables live. */
  db: Db;
  /** Creates `table` as an empty temporary table and opens a writer into it. */
  stage<TTable extends PgTable>(table: TTable): Promise<StagingWriter<TTable>>;
  /**
   * PostgreSQL only (unset on PGlite, which has no COPY from a client): a COPY into an existing table, the
   * columns `table` declares, in whatever transaction the session's connection is in.
   */
  copyInto?<TTable extends PgTable>(table: TTable): StagingWriter<TTable>;
  /** Drops the staging tables and ends the session. */
  close(): Promise<void>;
}

async function createTemporaryTable(db: Db, table: PgTable): Promise<void> {
  const columns = Object.values(getTableColumns(table)).map(
    (column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
  );
  await db.execute(sql`drop table if exists ${table}`);
  await db.execute(sql`create temporary table ${table} (${sql.join(columns, sql`, `)})`);
}

// COPY's text format: a backslash, tab, line feed or carriage return inside a value is escaped.
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const COPY_SPECIAL_ALL = /[\\\t\n\r]/g;

function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return COPY_SPECIAL.test(text) ? text.replace(COPY_SPECIAL_ALL, (char) => COPY_ESCAPES[char] ?? char) : text;
}

const COPY_BUFFER_BYTES = 1 << 18;

/**
 * PostgreSQL: rows stream to the server through COPY, in buffers of a few hundred kilobytes. Each row is encoded
 * into the buffer as it comes (one short string per row, dead at once): a buffer built as one long string would
 * outlive the young generation, and be flattened and encoded again when sent.
 */
function copyWriter<TTable extends PgTable>(client: pg.PoolClient, table: TTable): StagingWriter<TTable> {
  const columns = Object.entries(getTableColumns(table));
  const columnList = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const stream = client.query(copyFrom(`copy "${getTableName(table)}" (${columnList}) from stdin`));
  let failure: Error | undefined;
  stream.on('error', (error: Error) => {
    failure ??= error;
  });
  let buffer = Buffer.allocUnsafe(COPY_BUFFER_BYTES);
  let used = 0;
  const keys = columns.map(([key]) => key);

  const flush = (): Promise<void> | undefined => {
    if (failure) return Promise.reject(failure);
    const chunk = buffer.subarray(0, used);
    buffer = Buffer.allocUnsafe(COPY_BUFFER_BYTES);
    used = 0;
    if (stream.write(chunk)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  };

  return {
    add(row) {
      const values = row as Record<string, unknown>;
      let line = '';
      for (let index = 0; index < keys.length; index += 1) {
        if (index > 0) line += '\t';
        line += copyValue(values[keys[index] as string]);
      }
      line += '\n';
      // UTF-8 takes at most three bytes per UTF-16 unit: the exact length is counted only near the buffer's end.
      const room = buffer.length - used;
      if (line.length * 3 > room) {
        const bytes = Buffer.byteLength(line);
        if (bytes > room) {
          const waiting = flush();
          if (bytes > buffer.length) buffer = Buffer.allocUnsafe(bytes);
          used = buffer.write(line, 0);
          return waiting;
        }
      }
      used += buffer.write(line, used);
      return undefined;
    },
    async finish() {
      if (failure) throw failure;
      stream.end(buffer.subarray(0, used));
      used = 0;
      await finished(stream);
    },
    async abort(reason) {
      used = 0;
      if (stream.writableFinished || stream.destroyed) return;
      // pg-copy-streams answers destroy() with a CopyFail message: the server ends the COPY with an error.
      stream.destroy(reason);
      await finished(stream).catch(() => undefined);
    },
  };
}

const INSERT_BATCH_ROWS = 5000;

/** PGlite has no COPY from a client stream: rows go in batches of one `insert … select from unnest()` each. */
function batchWriter<TTable extends PgTable>(db: Db, table: TTable): StagingWriter<TTable> {
  let batch: InferInsertModel<TTable>[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await insertMany(db, table, rows, INSERT_BATCH_ROWS);
  };
  return {
    add(row) {
      batch.push(row);
      return batch.length >= INSERT_BATCH_ROWS ? flush() : undefined;
    },
    finish: flush,
    async abort() {
      batch = [];
    },
  };
}

/** A connection of its own from a PostgreSQL database's pool. */
function connectionOf(database: Database): Promise<pg.PoolClient> {
  if (!database.connect) throw new Error('The PostgreSQL database has no connection pool');
  return database.connect();
}

/**
 * A session for one import: on PostgreSQL a connection of its own (temporary tables belong to a connection),
 * on PGlite the one embedded connection.
 */
export async function openImportSession(database: Database): Promise<ImportSession> {
  if (database.driver === 'pglite') {
    const db = database.db;
    const staged: PgTable[] = [];
    return {
      db,
      async stage(table) {
        await createTemporaryTable(db, table);
        staged.push(table);
        return batchWriter(db, table);
      },
      async close() {
        for (const table of staged) await db.execute(sql`drop table if exists ${table}`);
      },
    };
  }

  const client = await connectionOf(database);
  // Staging tables of a million rows: kept in the session's memory instead of spilling through 8 MB of local
  // buffers (settable only before the session touches a temporary table, hence on a connection of its own).
  try {
    await client.query(`set temp_buffers = '256MB'`);
  } catch (error) {
    client.release(true);
    throw error;
  }
  const db: Db = withAfterCommit(drizzleNodePg({ client, schema }));
  return {
    db,
    async stage(table) {
      await createTemporaryTable(db, table);
      return copyWriter(client, table);
    },
    copyInto: (table) => copyWriter(client, table),
    async close() {
      // The connection is closed, not given back to the pool: its temporary tables and settings, and after a
      // failure whatever it was doing (a COPY broken off midway), end with it.
      client.release(true);
    },
  };
}

/** The import's transaction joins a million staged rows: enough memory for its hash joins to stay off disk. */
export async function tuneForBulkWork(tx: Db): Promise<void> {
  await tx.execute(sql`set local work_mem = '256MB'`);
}

/** A table an import wrote to, and how many of its rows the import inserted, changed or deleted. */
export interface ChangedTable {
  name: 'offers' | 'brands' | 'brand_aliases' | 'suppliers' | 'cross_references';
  changedRows: number;
}

/**
 * Refreshes the planner's statistics of the tables an import changed substantially (more than a tenth of their
 * rows, autovacuum's own threshold, or never analyzed), inside the import's transaction: the new rows and their
 * statistics become visible together (ANALYZE counts the transaction's own inserts). Left to autovacuum, a table
 * that just got millions of rows is planned for some minutes as if it had none: autovacuum comes round only every
 * minute, and vacuums a big table before it analyzes it.
 */
export async function analyzeChangedTables(tx: Db, tables: readonly ChangedTable[]): Promise<void> {
  for (const { name, changedRows } of tables) {
    if (changedRows === 0) continue;
    const found = await tx.execute<{ reltuples: number }>(
      sql`select reltuples::float8 as reltuples from pg_class where oid = ${name}::regclass`,
    );
    const knownRows = Number(found.rows[0]?.reltuples ?? -1);
    if (knownRows < 0 || changedRows > 50 + knownRows * 0.1) await tx.execute(sql`analyze ${sql.identifier(name)}`);
  }
}
