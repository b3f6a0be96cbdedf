import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { STAFF_SETUP_LINK_INVALID_MESSAGE, type StaffMember } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, staff, staffSetupLinks } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieSetBy } from '../../../test/helpers/staff.ts';
import { openFirstOwnerSetup, setUpFirstOwner, staffSetupLink } from './first-owner-setup.ts';

const dataOf = <T>(response: { json: () => unknown }) => (response.json() as { data: T }).data;

const owner = (token: string, email = 'owner@shop.example.ru') => ({
  token,
  email,
  name: 'Анна Петрова',
  password: 'owner password 1',
  password_confirmation: 'owner password 1',
});

describe('the first owner from the setup link printed at start', () => {
  let database: Database;
  let app: FastifyInstance;

  // Each case on a database of its own: a fresh install has no staff (and the audit log is append-only).
  beforeEach(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
  });

  afterEach(async () => {
    await app?.close();
    await database?.close();
  });

  const usable = async (token: string) =>
    dataOf<{ usable: boolean }>(await callAdmin(app, 'staff-setup-check', { body: { token } })).usable;

  it('creates the owner, signs them in, and the link dies; only its hash is stored', async () => {
    const token = (await openFirstOwnerSetup(database.db, new Date()))!;
    expect(staffSetupLink('https://shop.example.ru/', token)).toBe(
      `https://shop.example.ru/admin/setup?token=${token}`,
    );
    expect(await database.db.select({ tokenHash: staffSetupLinks.tokenHash }).from(staffSetupLinks)).toEqual([
      { tokenHash: expect.not.stringContaining(token) },
    ]);
    expect(await usable(token)).toBe(true);

    const response = await callAdmin(app, 'staff-setup', { body: owner(token) });
    expect(response.statusCode).toBe(200);
    expect(dataOf<{ staff: StaffMember }>(response).staff).toMatchObject({
      email: 'owner@shop.example.ru',
      name: 'Анна Петрова',
      role: 'owner',
      has_password: true,
    });
    const cookie = staffCookieSetBy(response);
    const me = await callAdmin(app, 'staff-me', { cookie });
    expect(dataOf<{ staff: StaffMember }>(me).staff.role).toBe('owner');
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.setup'));
    expect(audit).toMatchObject({ entity: 'staff', after: { email: 'owner@shop.example.ru', role: 'owner' } });

    expect(await usable(token)).toBe(false);
    const again = await callAdmin(app, 'staff-setup', { body: owner(token, 'second@shop.example.ru') });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: STAFF_SETUP_LINK_INVALID_MESSAGE,
      error: { token: [STAFF_SETUP_LINK_INVALID_MESSAGE] },
    });
    expect(await database.db.select({ id: staff.id }).from(staff)).toHaveLength(1);
    // With a staff member, a start prints no link and writes none.
    expect(await openFirstOwnerSetup(database.db, new Date())).toBeNull();
    expect(await database.db.select().from(staffSetupLinks)).toHaveLength(1);
  });

  it('every link dies once any staff member exists (one made by the command line, say)', async () => {
    const token = (await openFirstOwnerSetup(database.db, new Date()))!;
    await createTestStaff(database.db, 'manager');
    expect(await usable(token)).toBe(false);
    const response = await callAdmin(app, 'staff-setup', { body: owner(token) });
    expect(response.statusCode).toBe(422);
    expect(await database.db.select({ id: staff.id }).from(staff)).toHaveLength(1);
  });

  it('refuses bad input in Russian, field by field, and changes nothing', async () => {
    const token = (await openFirstOwnerSetup(database.db, new Date()))!;
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...owner(token), email: 'не почта' }, 'email', /e-mail/i],
      [{ ...owner(token), name: '  ' }, 'name', /Введите ваше имя/],
      [{ ...owner(token), password: 'short', password_confirmation: 'short' }, 'password', /не менее 8/],
      [{ ...owner(token), password_confirmation: 'other password' }, 'password_confirmation', /не совпадают/],
      [{ ...owner('not-a-token') }, 'token', /недействительна/],
      [{ ...owner(token), token: undefined }, 'token', /недействительна/],
    ];
    for (const [body, field, message] of cases) {
      const response = await callAdmin(app, 'staff-setup', { body });
      expect({ field, status: response.statusCode }).toEqual({ field, status: 422 });
      const error = (response.json() as { error: Record<string, string[]> }).error;
      expect(error[field]?.[0]).toMatch(message);
    }
    expect(await database.db.select({ id: staff.id }).from(staff)).toHaveLength(0);
    expect(await usable(token)).toBe(true);
  });

  it('two links used at once (two instances printed one each): one owner, the other is told the link died', async () => {
    const tokens = [
      (await openFirstOwnerSetup(database.db, new Date()))!,
      (await openFirstOwnerSetup(database.db, new Date()))!,
    ];
    const outcomes = await Promise.allSettled(
      tokens.map((token, index) =>
        setUpFirstOwner(database.db, owner(token, `owner${index}@shop.example.ru`), new Date()),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ message: STAFF_SETUP_LINK_INVALID_MESSAGE });
    expect(await database.db.select({ role: staff.role }).from(staff)).toEqual([{ role: 'owner' }]);
    expect(await Promise.all(tokens.map(usable))).toEqual([false, false]);
  });
});
