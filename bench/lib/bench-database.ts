import pg from 'pg';

/** The PostgreSQL server the benchmarks use, and the database each one owns on it. */
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The connection string of a benchmark's database: BENCH_DATABASE_URL when set (used as it is), else a database
 * of the given name on the local server, created when missing. Benchmarks empty the tables they fill.
 */
export async function benchDatabaseUrl(name: string): Promise<string> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return given;
  const url = new URL(DEFAULT_SERVER_URL);
  const admin = new pg.Client({ connectionString: url.toString(), application_name: 'detal-bench' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where the URL points, without its password, for the printed report. */
export function shownUrl(connectionString: string): string {
  const url = new URL(connectionString);
  url.password = '';
  return url.toString();
}
