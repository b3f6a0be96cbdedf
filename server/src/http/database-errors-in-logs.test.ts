import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { NamedStatement } from '../db/named-statement.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { buildTestApp, type LogLine } from '../../test/helpers/app.ts';

/**
 * A failing statement must not carry the values it was given into the log: drizzle writes them into its message
 * and `params`, and PostgreSQL quotes them in its message and detail (`Key (email)=(…) already exists`).
 */

const EMAIL = 'secret.client@example.ru';
const PASSWORD_HASH = '$scrypt$ln=15,r=8,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5';
const PHONE = '+79991234567';

let database: Database;
let app: FastifyInstance;
let logs: LogLine[];

const insertClient = (db: Database['db']) =>
  db.execute(sql`
    insert into clients (email, password_hash, first_name, last_name, phone_number)
    values (${EMAIL}, ${PASSWORD_HASH}, 'Иван', 'Петров', ${PHONE})`);

const phoneAsNumber = new NamedStatement<{ phone: string }>(
  'test-phone-as-number',
  sql`select ${sql.placeholder('phone')}::int as phone`,
);

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = await buildTestApp(database, {}, (instance) => {
    instance.post('/api/test/duplicate-client', async () => {
      await insertClient(database.db);
      await insertClient(database.db);
    });
    instance.post('/api/test/phone-as-number', async () => phoneAsNumber.rows(database.db, { phone: PHONE }));
  }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const failureOf = (requestId: string) =>
  logs.find((line) => line.msg === 'request failed' && line.reqId === requestId) as
    (LogLine & { err: Record<string, unknown> }) | undefined;

describe('database errors in the log', () => {
  it('a unique violation: what ran and its SQLSTATE, no e-mail, hash or phone', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/duplicate-client',
      headers: { 'x-request-id': 'duplicate-1' },
      payload: { email: EMAIL, phone: PHONE },
    });
    expect(response.statusCode).toBe(500);
    const failure = failureOf('duplicate-1');
    expect(failure?.err).toMatchObject({ statement: 'insert into clients', code: '23505' });
    expect(failure?.bodyFields).toEqual(['email', 'phone']);
    const written = JSON.stringify(logs);
    for (const secret of [EMAIL, PASSWORD_HASH, PHONE, 'Петров']) expect(written).not.toContain(secret);
  });

  it('a value the type refuses (PostgreSQL quotes it in the message): no phone in the log', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/phone-as-number',
      headers: { 'x-request-id': 'phone-1' },
    });
    expect(response.statusCode).toBe(500);
    // 22003 (out of range for integer): PostgreSQL's message quotes the value, the log must not.
    expect(failureOf('phone-1')?.err).toMatchObject({ statement: 'select', code: '22003' });
    expect(JSON.stringify(logs)).not.toContain(PHONE.slice(1));
  });
});
