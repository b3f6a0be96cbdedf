import pg from 'pg';
import { POSTGRES_SESSION_OPTIONS } from '../../server/src/db/index.ts';
import { startLookupFloor } from './lookup-floor.ts';

/*
 * The look-up floor in a process of its own, on PostgreSQL (BENCH_SEARCH_DATABASE_URL). Started by bench/search.ts;
 * says { type: 'ready', port } over IPC and ends when its parent disconnects.
 */

async function main(): Promise<void> {
  const connectionString = process.env.BENCH_SEARCH_DATABASE_URL;
  if (!connectionString) throw new Error('BENCH_SEARCH_DATABASE_URL is not set');
  // As many connections as a load may need, with the app's session options, never closed while idle.
  const pool = new pg.Pool({
    connectionString,
    max: 64,
    idleTimeoutMillis: 0,
    application_name: 'detal-bench-lookup-floor',
    options: POSTGRES_SESSION_OPTIONS,
  });
  const { server } = await startLookupFloor(
    async (text, values, name) => (await pool.query({ name, text, values })).rows,
  ).then((floor) => {
    process.send?.({ type: 'ready', port: floor.port });
    return floor;
  });
  process.on('disconnect', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
