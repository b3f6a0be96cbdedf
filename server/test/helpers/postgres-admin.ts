import pg from 'pg';

/** The database every per-file test database is copied from; global-setup.ts migrates it once per run. */
/** The migrated template of one test run; per run, so that concurrent runs on one server never share it. */
export const templateDatabaseName = (run: string) => `detal_template_${run}`;

/** The same server and credentials as `url`, another database. */
export function databaseUrlFor(url: string, databaseName: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${databaseName}`;
  return parsed.toString();
}

/** Runs statements one after another on a short-lived connection to the server of `adminUrl`. */
export async function runAdminStatements(adminUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'detal-test-admin' });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Names of the databases on the server whose names start with `prefix`. */
export async function listDatabases(adminUrl: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'detal-test-admin' });
  await client.connect();
  try {
    const result = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) order by datname',
      [prefix],
    );
    return result.rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}
