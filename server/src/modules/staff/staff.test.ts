import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, Paginated, StaffMember } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, staff } from '../../db/schema/index.ts';
import { CROSS_SITE_MESSAGE } from '../../http/cross-site.ts';
import { callShop, createTestClock, registerClient, type TestClock } from '../../../test/helpers/clients.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { useClock } from '../../http/clock.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { staffPasswordLinkIn, textBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import {
  STAFF_PASSWORD,
  callAdmin,
  createTestStaff,
  signInStaff,
  staffCookieSetBy,
  type TestStaff,
} from '../../../test/helpers/staff.ts';
import { STAFF_IDLE_TIMEOUT_MS } from './sessions.ts';
import { STAFF_BLOCKED_MESSAGE, STAFF_SIGN_IN_FAILED_MESSAGE } from './service.ts';

const HOUR = 60 * 60 * 1000;
const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

describe('staff accounts and sessions', () => {
  let database: Database;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let clock: TestClock;
  let owner: TestStaff;
  let ownerCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    clock = createTestClock();
    ({ app } = await buildTestApp(database, { smtpUrl: smtp.url, publicUrl: 'https://shop.example.ru' }, (instance) =>
      useClock(instance, clock.now),
    ));
    owner = await createTestStaff(database.db, 'owner', clock.now());
    ownerCookie = await signInStaff(app, owner.email, owner.password);
  });

  afterAll(async () => {
    await app?.close();
    await smtp?.close();
    await database?.close();
  });

  const auditRows = (action: string) => database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('signs in with an httpOnly, SameSite=Strict cookie; a wrong password is one Russian message and no cookie', async () => {
    const response = await callAdmin(app, 'staff-sign-in', {
      body: { email: owner.email.toUpperCase(), password: owner.password },
    });
    expect(response.statusCode).toBe(200);
    const setCookies = [response.headers['set-cookie']].flat();
    expect(setCookies.find((line) => line?.startsWith('staff_session='))).toMatch(
      /^staff_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(dataOf<{ staff: StaffMember }>(response).staff).toMatchObject({
      email: owner.email,
      role: 'owner',
      blocked: false,
    });

    const me = await callAdmin(app, 'staff-me', { cookie: staffCookieSetBy(response) });
    expect(dataOf<{ staff: StaffMember }>(me).staff.id).toBe(owner.member.id);

    const wrong = await callAdmin(app, 'staff-sign-in', { body: { email: owner.email, password: 'not the password' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: STAFF_SIGN_IN_FAILED_MESSAGE,
      error: { _: [STAFF_SIGN_IN_FAILED_MESSAGE] },
    });
    expect(staffCookieSetBy(wrong)).toBeNull();
    const unknown = await callAdmin(app, 'staff-sign-in', { body: { email: 'nobody@shop.example.ru', password: 'x' } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('marks every answer of the back office API private, no-store: data, refusals, errors and unknown paths', async () => {
    const editor = await createTestStaff(database.db, 'content_editor', clock.now());
    const editorCookie = await signInStaff(app, editor.email, editor.password);
    const answers = {
      data: await callAdmin(app, 'staff-me', { cookie: ownerCookie }),
      anonymous: await callAdmin(app, 'staff-me'),
      'wrong role': await callAdmin(app, 'staff-list', { cookie: editorCookie, body: {} }),
      'wrong password': await callAdmin(app, 'staff-sign-in', { body: { email: owner.email, password: 'nope' } }),
      'bad body': await callAdmin(app, 'staff-list', { cookie: ownerCookie, body: { per_page: 'many' } }),
      'malformed JSON': await app.inject({
        method: 'POST',
        url: '/api/v1/admin/staff-list',
        headers: { cookie: ownerCookie, 'content-type': 'application/json' },
        payload: '{',
      }),
      'unknown path': await app.inject({ method: 'GET', url: '/api/v1/admin/clients-export' }),
      'unknown path, signed in': await app.inject({
        method: 'POST',
        url: '/api/v1/admin/no-such-endpoint',
        headers: { cookie: ownerCookie },
      }),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers['cache-control'], `${what}: ${response.statusCode}`).toBe('private, no-store');
    }
  });

  it('keeps staff and clients apart: a staff cookie is no client, a client token is no staff member', async () => {
    const asClient = await app.inject({
      method: 'GET',
      url: '/api/v1/shop/client-me',
      headers: { cookie: ownerCookie },
    });
    expect(asClient.statusCode).toBe(401);
    const client = await registerClient(app);
    expect((await callShop(app, 'client-me', { token: client.token })).statusCode).toBe(200);
    expect((await callAdmin(app, 'staff-me', { bearer: client.token })).statusCode).toBe(401);
    // The client's token in the staff cookie's place opens nothing either.
    expect((await callAdmin(app, 'staff-me', { cookie: `staff_session=${client.token}` })).statusCode).toBe(401);
  });

  it('refuses a forged cross-site request and writes nothing; a same-origin one passes', async () => {
    const invite = { email: 'forged@shop.example.ru', name: 'Подделка', role: 'owner' };
    const before = await database.db.select({ total: count() }).from(staff);
    const forgeries: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://admin.evil.example.ru' },
      { origin: 'null' },
    ];
    for (const headers of forgeries) {
      const forged = await callAdmin(app, 'staff-invite', { cookie: ownerCookie, body: invite, headers });
      expect(forged.statusCode, JSON.stringify(headers)).toBe(403);
      expect(forged.json()).toEqual({ message: CROSS_SITE_MESSAGE, error: expect.any(String) });
    }
    // Sign-in too (login CSRF): another site cannot sign a browser into its own account.
    const forgedSignIn = await callAdmin(app, 'staff-sign-in', {
      body: { email: owner.email, password: owner.password },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forgedSignIn.statusCode).toBe(403);
    expect(staffCookieSetBy(forgedSignIn)).toBeNull();
    expect(await database.db.select({ total: count() }).from(staff)).toEqual(before);

    const sameOrigin = await callAdmin(app, 'staff-list', {
      cookie: ownerCookie,
      body: {},
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
  });

  it('invites by e-mail through SMTP; the link sets a password once; the new member signs in', async () => {
    const since = smtp.received.length;
    const response = await callAdmin(app, 'staff-invite', {
      cookie: ownerCookie,
      body: { email: 'Manager@Shop.example.ru', name: 'Мария Иванова', role: 'manager' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const invited = dataOf<{ staff: StaffMember }>(response).staff;
    expect(invited).toMatchObject({ role: 'manager', has_password: false, blocked: false });

    const mail = await smtp.waitForMail('Manager@Shop.example.ru', since);
    expect(textBodyOf(mail.raw)).toContain('«Менеджер»');
    const link = staffPasswordLinkIn(mail.raw);
    expect(link.startsWith('https://shop.example.ru/admin/set-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token')!;

    // An invitation cannot sign in before its password is set.
    const early = await callAdmin(app, 'staff-sign-in', { body: { email: invited.email, password: STAFF_PASSWORD } });
    expect(early.statusCode).toBe(422);

    const set = { token, password: 'new manager pass', password_confirmation: 'new manager pass' };
    expect((await callAdmin(app, 'staff-set-password', { body: set })).statusCode).toBe(200);
    const again = await callAdmin(app, 'staff-set-password', { body: set });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toEqual({ token: ['Ссылка для установки пароля недействительна или устарела'] });

    const cookie = await signInStaff(app, 'manager@shop.example.ru', 'new manager pass');
    expect(dataOf<{ staff: StaffMember }>(await callAdmin(app, 'staff-me', { cookie })).staff.has_password).toBe(true);

    const duplicate = await callAdmin(app, 'staff-invite', {
      cookie: ownerCookie,
      body: { email: 'manager@shop.example.ru', name: 'Ещё раз', role: 'manager' },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().error).toEqual({ email: ['Сотрудник с таким e-mail уже есть'] });

    const [inviteRow] = (await auditRows('staff.invite')).filter((row) => row.entityId === String(invited.id));
    expect(inviteRow).toMatchObject({
      staffId: owner.member.id,
      entity: 'staff',
      before: null,
      after: { email: 'Manager@Shop.example.ru', name: 'Мария Иванова', role: 'manager', blocked: false },
    });
    expect((await auditRows('staff.set_password')).map((row) => row.entityId)).toContain(String(invited.id));
  });

  it('a blocked member is out at once: the next request is a 401 and sign-in says why', async () => {
    const manager = await createTestStaff(database.db, 'manager', clock.now());
    const cookie = await signInStaff(app, manager.email, manager.password);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(200);

    const block = await callAdmin(app, 'staff-block', { cookie: ownerCookie, body: { id: manager.member.id } });
    expect(block.statusCode, block.body).toBe(200);
    expect(dataOf<{ staff: StaffMember }>(block).staff.blocked).toBe(true);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(401);

    const signIn = await callAdmin(app, 'staff-sign-in', {
      body: { email: manager.email, password: manager.password },
    });
    expect(signIn.statusCode).toBe(422);
    expect(signIn.json().message).toBe(STAFF_BLOCKED_MESSAGE);

    const [row] = (await auditRows('staff.block')).filter((entry) => entry.entityId === String(manager.member.id));
    expect(row).toMatchObject({ staffId: owner.member.id, before: { blocked: false }, after: { blocked: true } });

    // Unblocking lets them sign in again; the old session stays dead.
    expect(
      (await callAdmin(app, 'staff-unblock', { cookie: ownerCookie, body: { id: manager.member.id } })).statusCode,
    ).toBe(200);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(401);
    await signInStaff(app, manager.email, manager.password);

    const self = await callAdmin(app, 'staff-block', { cookie: ownerCookie, body: { id: owner.member.id } });
    expect(self.statusCode).toBe(422);
    const missing = await callAdmin(app, 'staff-block', { cookie: ownerCookie, body: { id: 999_999 } });
    expect(missing.statusCode).toBe(404);
  });

  it('ends a session after 8 idle hours; use keeps it alive', async () => {
    const editor = await createTestStaff(database.db, 'content_editor', clock.now());
    const cookie = await signInStaff(app, editor.email, editor.password);
    clock.advance(STAFF_IDLE_TIMEOUT_MS - HOUR);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(200);
    // Past 8 hours since sign-in, kept alive by use (within the 12 hours of a session's whole life).
    clock.advance(4 * HOUR);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(200);
    clock.advance(STAFF_IDLE_TIMEOUT_MS + 1000);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(401);
    // The owner's session, idle all that time, is gone too.
    expect((await callAdmin(app, 'staff-me', { cookie: ownerCookie })).statusCode).toBe(401);
    ownerCookie = await signInStaff(app, owner.email, owner.password);
  });

  it('ends a session 12 hours after sign-in however busy it was; a new sign-in opens a new one', async () => {
    const editor = await createTestStaff(database.db, 'content_editor', clock.now());
    const cookie = await signInStaff(app, editor.email, editor.password);
    for (let hour = 1; hour < 12; hour += 1) {
      clock.advance(HOUR);
      expect((await callAdmin(app, 'staff-me', { cookie })).statusCode, `hour ${hour}`).toBe(200);
    }
    clock.advance(HOUR - 1000);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(200);
    clock.advance(1000);
    expect((await callAdmin(app, 'staff-me', { cookie })).statusCode).toBe(401);
    const again = await signInStaff(app, editor.email, editor.password);
    expect((await callAdmin(app, 'staff-me', { cookie: again })).statusCode).toBe(200);
    ownerCookie = await signInStaff(app, owner.email, owner.password);
  });

  it('a password change ends the other sessions and keeps this one; sign-out ends this one', async () => {
    const member = await createTestStaff(database.db, 'manager', clock.now());
    const here = await signInStaff(app, member.email, member.password);
    const elsewhere = await signInStaff(app, member.email, member.password);
    const wrong = await callAdmin(app, 'staff-change-password', {
      cookie: here,
      body: { current_password: 'wrong one', password: 'a new password', password_confirmation: 'a new password' },
    });
    expect(wrong.json().error).toEqual({ current_password: ['Текущий пароль указан неверно'] });
    const changed = await callAdmin(app, 'staff-change-password', {
      cookie: here,
      body: { current_password: member.password, password: 'a new password', password_confirmation: 'a new password' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await callAdmin(app, 'staff-me', { cookie: elsewhere })).statusCode).toBe(401);
    expect((await callAdmin(app, 'staff-me', { cookie: here })).statusCode).toBe(200);

    const out = await callAdmin(app, 'staff-sign-out', { cookie: here, body: {} });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^staff_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect((await callAdmin(app, 'staff-me', { cookie: here })).statusCode).toBe(401);
  });

  it('limits sign-in per e-mail like the clients: the 11th try in 15 minutes is a 429', async () => {
    const member = await createTestStaff(database.db, 'content_editor', clock.now());
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await callAdmin(app, 'staff-sign-in', { body: { email: member.email, password: 'guess' } })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('the owner reads the audit log, filtered by staff, entity and date, paginated; no secret in it', async () => {
    const page1 = await callAdmin(app, 'audit-log-list', {
      cookie: ownerCookie,
      query: '?page=1',
      body: { staff_id: owner.member.id, entity: 'staff', per_page: 2 },
    });
    expect(page1.statusCode, page1.body).toBe(200);
    const list = dataOf<Paginated<AuditEntry>>(page1);
    expect(list.data).toHaveLength(2);
    expect(list.total).toBeGreaterThan(2);
    expect(list.data.every((entry) => entry.staff_id === owner.member.id && entry.staff_email === owner.email)).toBe(
      true,
    );
    expect(list.data[0]!.created_at >= list.data[1]!.created_at).toBe(true);

    const page2 = dataOf<Paginated<AuditEntry>>(
      await callAdmin(app, 'audit-log-list', {
        cookie: ownerCookie,
        query: '?page=2',
        body: { staff_id: owner.member.id, entity: 'staff', per_page: 2 },
      }),
    );
    expect(page2.data.map((entry) => entry.id)).not.toContain(list.data[0]!.id);

    const future = dataOf<Paginated<AuditEntry>>(
      await callAdmin(app, 'audit-log-list', { cookie: ownerCookie, body: { date_from: '2999-01-01' } }),
    );
    expect(future.total).toBe(0);
    const bad = await callAdmin(app, 'audit-log-list', {
      cookie: ownerCookie,
      body: { date_from: '2025-02-01', date_to: '2025-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toEqual({ date_to: ['Дата «по» не может быть раньше даты «с»'] });

    const everything = JSON.stringify(await database.db.select().from(auditLog));
    expect(everything).not.toMatch(/scrypt|password_hash|passwordHash/);
    expect(everything).not.toContain(STAFF_PASSWORD);
  });

  it('the audit log cannot be changed: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const [row] = await database.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      database.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate ${auditLog}`)).rejects.toThrow();
    const [still] = await database.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still?.action).not.toBe('forged');
  });

  it('is documented: every admin endpoint is in the OpenAPI document with the staff cookie scheme', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(document.components.securitySchemes.staffSession).toMatchObject({ in: 'cookie', name: 'staff_session' });
    expect(document.paths['/api/v1/admin/staff-invite']?.post?.security).toEqual([{ staffSession: [] }]);
    expect(document.paths['/api/v1/admin/staff-sign-in']?.post).toBeDefined();
    expect(document.paths['/api/v1/admin/audit-log-list']?.post).toBeDefined();
  });
});
