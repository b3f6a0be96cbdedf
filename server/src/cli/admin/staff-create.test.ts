import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadAdminCommands, type AdminCommand } from '../admin.ts';
import type { Database } from '../../db/index.ts';
import { auditLog, staff } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, signInStaff } from '../../../test/helpers/staff.ts';

describe('npm run admin -- staff-create', () => {
  let database: Database;
  let commands: Map<string, AdminCommand>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    commands = await loadAdminCommands(undefined, 'staff-create');
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const admin = (argv: string[], secrets: string[] = []) =>
    runAdminInProcess(database, commands, ['staff-create', ...argv], undefined, secrets);

  it('creates the first owner with a password typed twice; the owner signs in and is in the audit log', async () => {
    const run = await admin(
      ['--email', 'owner@shop.example.ru', '--role', 'owner', '--name', 'Анна'],
      ['owner password 1', 'owner password 1'],
    );
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^Сотрудник № \d+ owner@shop\.example\.ru \(owner\) создан\nВход: http:\/\/localhost:3000\/admin\/login$/,
    );
    const cookie = await signInStaff(app, 'owner@shop.example.ru', 'owner password 1');
    const me = (await callAdmin(app, 'staff-me', { cookie })).json() as {
      data: { staff: { role: string; name: string } };
    };
    expect(me.data.staff).toMatchObject({ role: 'owner', name: 'Анна' });
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
    expect(row).toMatchObject({
      staffId: null,
      entity: 'staff',
      after: { email: 'owner@shop.example.ru', role: 'owner' },
    });
  });

  it('with --link prints a one-time set-password link instead of asking', async () => {
    const run = await admin(['--email', 'editor@shop.example.ru', '--role', 'content_editor', '--link']);
    expect(run.code).toBe(0);
    const link = /http:\/\/localhost:3000\/admin\/set-password\?token=([A-Za-z0-9_-]{43})/.exec(run.out);
    expect(link).not.toBeNull();
    const body = { token: link![1], password: 'editor password', password_confirmation: 'editor password' };
    expect((await callAdmin(app, 'staff-set-password', { body })).statusCode).toBe(200);
    await signInStaff(app, 'editor@shop.example.ru', 'editor password');
  });

  it('refuses a wrong role, a short or mistyped password and a taken e-mail, writing nothing', async () => {
    const before = await database.db.select({ id: staff.id }).from(staff);
    const badRole = await admin(['--email', 'x@shop.example.ru', '--role', 'boss'], ['password 123', 'password 123']);
    expect(badRole.code).toBe(2);
    expect(badRole.err).toContain('--role: Выберите роль');
    const short = await admin(['--email', 'x@shop.example.ru', '--role', 'manager'], ['short', 'short']);
    expect(short.code).toBe(2);
    expect(short.err).toContain('Пароль должен содержать не менее 8 символов');
    const mismatch = await admin(
      ['--email', 'x@shop.example.ru', '--role', 'manager'],
      ['password 123', 'password 124'],
    );
    expect(mismatch).toMatchObject({ code: 1, err: 'Пароли не совпадают' });
    const taken = await admin(['--email', 'OWNER@shop.example.ru', '--role', 'manager', '--link']);
    expect(taken).toMatchObject({ code: 1, err: 'Сотрудник OWNER@shop.example.ru уже есть' });
    const missing = await admin(['--role', 'manager']);
    expect(missing.code).toBe(2);
    expect(await database.db.select({ id: staff.id }).from(staff)).toEqual(before);
  });
});
