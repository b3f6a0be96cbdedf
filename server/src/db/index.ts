import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withAfterCommit } from './after-commit.ts';
import { currentCommandName, lockDataDir, type DataDirHolder } from './data-dir-lock.ts';
import { inMemory, schema, type Database } from './database.ts';

// The database's types live in database.ts, which the PGlite driver shares without importing this file.
export * from './database.ts';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data folder, created when missing; `memory://` keeps the database in memory. */
  dataDir?: string;
  /** Folder of drizzle-kit's SQL migrations; found next to the sources or the bundle when unset. */
  migrationsFolder?: string;
  /**
   * A PGlite instance to use instead of opening `dataDir` (tests start one from a dump of a migrated database);
   * close() closes it.
   */
  pglite?: PGlite;
  /** PostgreSQL: longest wait for a connection (pool or new), ms; default 5 s. */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: longest run of one statement before the server cancels it, ms. Unset sets none: the command-line
   * imports legitimately run statements for minutes; the server passes DATABASE_STATEMENT_TIMEOUT_MS.
   */
  statementTimeoutMs?: number;
  /**
   * PGlite in a folder: who opens it, for the lock held until close() (data-dir-lock.ts). The shop passes
   * `shop` and waits out a crashed predecessor's lock; anything else is a command, refused at once while the
   * folder is held.
   */
  holder?: DataDirHolder;
}

/** The shop waits this long for the folder's lock at start: a crashed predecessor's lock goes stale within it. */
const SHOP_LOCK_WAIT_MS = 75_000;

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Connections of one instance's pool (pg's default); several instances share the server's max_connections. */
const POOL_SIZE = 10;

// Any fixed 64-bit number works; every instance migrating one PostgreSQL database must use the same one.
const migrationLockKey = 4_620_873_052_118_723n;

const hasMigrationJournal = (folder: string): boolean => existsSync(path.join(folder, 'meta', '_journal.json'));

/**
 * The migrations folder is server/drizzle. It is two levels above this file when running from the sources
 * (server/src/db/index.ts) and one level above the bundle (server/dist/server.js).
 */
function defaultMigrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find(hasMigrationJournal);
  if (!found) throw new Error(`Database migrations not found; looked in ${candidates.join(', ')}`);
  return found;
}

/** Opens PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir`, and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  // Checked before connecting, so that a broken installation fails at once instead of after PGlite's start-up.
  if (!hasMigrationJournal(migrationsFolder)) throw new Error(`No database migrations in ${migrationsFolder}`);
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder, options);
  // Loaded only when used: PGlite's WebAssembly PostgreSQL costs about 55 MB of memory on start.
  const { createPglite, openPglite } = await import('./pglite.ts');
  const dataDir = options.dataDir ?? inMemory;
  if (options.pglite || dataDir === inMemory) {
    return openPglite(options.pglite ?? createPglite(dataDir), migrationsFolder);
  }
  // Taken before PGlite touches the folder: a second process never opens it at all.
  const holder = options.holder ?? { kind: 'command', name: currentCommandName() };
  const lock = await lockDataDir(dataDir, holder, { waitMs: holder.kind === 'shop' ? SHOP_LOCK_WAIT_MS : 0 });
  try {
    const database = await openPglite(createPglite(dataDir), migrationsFolder);
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          await lock.release();
        }
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/**
 * Settings of every connection the app opens. The shop's statements read a few dozen rows each; where the planner
 * lacks statistics (a table that just got millions of rows) it may cost them at hundreds of thousands, and then
 * compile them with JIT (about 70 ms a run, measured) and start two parallel workers (about 100 ms more at 32
 * searches at once): a search of 0.3 ms took 400 ms. Neither ever pays off on such statements.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

async function openPostgres(
  databaseUrl: string,
  migrationsFolder: string,
  timeouts: Pick<OpenDatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'>,
): Promise<Database> {
  const statementTimeout =
    timeouts.statementTimeoutMs === undefined ? '' : ` -c statement_timeout=${Math.round(timeouts.statementTimeoutMs)}`;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    application_name: 'detal',
    // A database that does not answer fails the request (503) instead of holding it and its connection forever.
    connectionTimeoutMillis: timeouts.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    options: POSTGRES_SESSION_OPTIONS + statementTimeout,
    max: POOL_SIZE,
    // Connections stay open when idle. pg closes them after 10 s by default, and under a steady load the pool hands
    // out the most recently released one, so the others idled out and were opened again at the next burst: each
    // reopening cost the request that landed on it a connect plus new plans of the named statements (about 40 ms,
    // bench/README.md, issue 18).
    idleTimeoutMillis: 0,
    // Dead peers (a dropped network path) are noticed by TCP instead of hanging the connection.
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the next query reports the failure.
  pool.on('error', (error) => {
    console.error(`PostgreSQL connection error: ${error.message}`);
  });
  try {
    await migratePostgres(pool, migrationsFolder);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = withAfterCommit(drizzleNodePg({ client: pool, schema }));
  return {
    db,
    driver: 'postgres',
    connectionString: databaseUrl,
    connect: () => pool.connect(),
    ping: async () => {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    openConnections: async () => {
      // Held all at once: connect() hands out an idle connection before it opens a new one.
      const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      for (const client of clients) client.release();
      return POOL_SIZE;
    },
    close: () => pool.end(),
  };
}

/** Several instances may start together on one database: the advisory lock lets one migrate at a time. */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey.toString()]);
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockKey.toString()]);
    }
  } finally {
    client.release();
  }
}
