import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { withAfterCommit } from './after-commit.ts';
import { inMemory, schema, type Database } from './database.ts';

/** The embedded database (PGlite), apart so that a shop on PostgreSQL never loads it. */

export function createPglite(dataDir: string): PGlite {
  if (dataDir !== inMemory) mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir);
}

export async function openPglite(client: PGlite, migrationsFolder: string): Promise<Database> {
  const db = withAfterCommit(drizzlePglite({ client, schema }));
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
