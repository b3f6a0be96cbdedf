import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };

/**
 * What `db.execute()` resolves to on both drivers: node-postgres' QueryResult and PGlite's Results both carry
 * `rows`. Raw values differ between drivers for some types (bigint is a string on node-postgres, a number on
 * PGlite), so prefer the query builder, which maps columns the same way on both.
 */
export interface DetalQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}

export interface QueryRows<Row> {
  rows: Row[];
}

export type Db = PgDatabase<DetalQueryResultHKT, typeof schema>;

/** An open transaction of db.transaction(); services that write several rows take one of these. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Either the database or a transaction already open, for queries that may run inside a caller's transaction. */
export type DbExecutor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL connection string (for what opens its own connections: the job queue); unset on PGlite. */
  connectionString?: string;
  /**
   * PostgreSQL: a connection of the pool for the caller alone (session state: advisory locks, temporary tables,
   * its own transaction); the caller releases it. Absent on PGlite, which has one connection.
   */
  connect?: () => Promise<pg.PoolClient>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Connections of the PostgreSQL pool (for metrics); PGlite has no pool. */
  poolStats?: () => PoolStats;
  /**
   * Opens every connection the pool may hold, so that no request waits for one to be opened (PostgreSQL; PGlite
   * has a single one, open already). Resolves with the pool's size.
   */
  openConnections?: () => Promise<number>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/** The PGlite data folder that keeps the database in memory. */
export const inMemory = 'memory://';
