import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_API_PREFIX, adminEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, freshAddress } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../../../test/helpers/redis.ts';
import { createTestStaff, type TestStaff } from '../../../test/helpers/staff.ts';

/**
 * Staff sign-in counts its own failures (issue 34, finding 4): neither the storefront's sign-in nor a stranger's
 * guessing at the back office's refuses a staff member's right password on a browser they have signed in on.
 * Run against each store the limits can count in: this run's database (memory on PGlite, the table on
 * PostgreSQL) and Redis.
 */

/** The staff device cookie's name, as browsers keep it. */
const STAFF_DEVICE = 'detal_staff_device';
/** Failures per e-mail, and per trusted device, in 15 minutes. */
const PER_EMAIL = 10;
const PER_DEVICE = 5;

const signInUrl = ADMIN_API_PREFIX + adminEndpoints['staff-sign-in'].path;

// Every attempt hashes a password (scrypt): a test of twenty sign-ins needs more than the default 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe.each([
  { store: 'the database’s (memory on PGlite, the table on PostgreSQL)', redis: false },
  { store: 'Redis', redis: true },
])('staff sign-in limits, counted in $store', ({ redis }) => {
  let database: Database;
  let app: FastifyInstance;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database, redis ? { redisUrl: testRedisUrl, redisKeyPrefix: prefix } : {}));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (redis) await deleteRedisKeys(prefix);
  });

  /** A staff sign-in as a browser sends it: from an address of its own, with its device cookie if it has one. */
  const staffSignIn = (email: string, password: string, device?: string): Promise<LightMyRequestResponse> =>
    app.inject({
      method: 'POST',
      url: signInUrl,
      remoteAddress: freshAddress(),
      headers: device ? { cookie: `${STAFF_DEVICE}=${device}` } : {},
      payload: { email, password },
    });

  const deviceOf = (response: LightMyRequestResponse): string => {
    const cookie = response.cookies.find((each) => each.name === STAFF_DEVICE);
    if (!cookie) throw new Error(`No staff device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
    return cookie.value;
  };

  /** A stranger's wrong passwords for `email`, each from another address: the statuses. */
  async function guesses(email: string, count: number): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      statuses.push((await staffSignIn(email, `stranger guess ${attempt}`)).statusCode);
    }
    return statuses;
  }

  async function ownerWithDevice(): Promise<{ owner: TestStaff; device: string }> {
    const owner = await createTestStaff(database.db, 'owner');
    const response = await staffSignIn(owner.email, owner.password);
    expect(response.statusCode, response.body).toBe(200);
    return { owner, device: deviceOf(response) };
  }

  it('ten wrong client sign-ins with the owner’s e-mail do not refuse the owner’s right staff password', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    const clientAttempts: number[] = [];
    for (let attempt = 0; attempt < PER_EMAIL + 1; attempt += 1) {
      const body = { email: owner.email, password: `client guess ${attempt}` };
      clientAttempts.push((await callShop(app, 'client-login', { body })).statusCode);
    }
    // The storefront's own limit still holds for the storefront.
    expect(clientAttempts.at(-1)).toBe(429);
    const response = await staffSignIn(owner.email, owner.password);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('counts failures only: a staff member signing in often is never refused', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    for (let attempt = 0; attempt < PER_EMAIL + 1; attempt += 1) {
      expect((await staffSignIn(owner.email, owner.password)).statusCode).toBe(200);
    }
    // Failures still count: ten of them, then a stranger waits.
    expect(await guesses(owner.email, PER_EMAIL + 1)).toEqual([...Array<number>(PER_EMAIL).fill(422), 429]);
  });

  it('after ten wrong staff sign-ins from elsewhere, the owner’s known device signs in; a new browser waits', async () => {
    const { owner, device } = await ownerWithDevice();
    expect(await guesses(owner.email, PER_EMAIL + 1)).toEqual([...Array<number>(PER_EMAIL).fill(422), 429]);
    const refused = await staffSignIn(owner.email, owner.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const trusted = await staffSignIn(owner.email.toUpperCase(), owner.password, device);
    expect(trusted.statusCode, trusted.body).toBe(200);
    const renewed = deviceOf(trusted);
    expect(renewed).not.toBe(device);
    expect((await staffSignIn(owner.email, owner.password, renewed)).statusCode).toBe(200);
  });

  it('the device cookie is the back office’s own: httpOnly, SameSite=Strict, a year, sent only to staff sign-in', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    const refused = await staffSignIn(owner.email, 'wrong');
    expect(refused.cookies.find((each) => each.name === STAFF_DEVICE)).toBeUndefined();
    const response = await staffSignIn(owner.email, owner.password);
    const cookie = response.cookies.find((each) => each.name === STAFF_DEVICE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: signInUrl, maxAge: 365 * 24 * 60 * 60 });
  });

  it('a client’s device cookie for the same e-mail, a forged or another member’s one, gives no bypass', async () => {
    const { owner, device } = await ownerWithDevice();
    const { device: otherDevice } = await ownerWithDevice();
    // A client account under the owner's e-mail, signed in: its storefront device cookie.
    const registration = await callShop(app, 'client-registration', {
      body: {
        email: owner.email,
        password: 'client password 1',
        password_confirmation: 'client password 1',
        first_name: 'Иван',
        last_name: 'Петров',
        phone_number: '+7 999 123-45-67',
      },
    });
    expect(registration.statusCode, registration.body).toBe(200);
    const clientLogin = await callShop(app, 'client-login', {
      body: { email: owner.email, password: 'client password 1' },
    });
    const clientDevice = clientLogin.cookies.find((each) => each.name === 'detal_device')!.value;

    await guesses(owner.email, PER_EMAIL);
    const parts = device.split('.');
    for (const forged of [
      clientDevice,
      otherDevice,
      [...parts.slice(0, -1), Buffer.alloc(32, 7).toString('base64url')].join('.'),
      device.slice(0, -4),
    ]) {
      expect((await staffSignIn(owner.email, owner.password, forged)).statusCode, forged).toBe(429);
    }
    expect((await staffSignIn(owner.email, owner.password, device)).statusCode).toBe(200);
  });

  it(`a known device has its own ${PER_DEVICE} failures, then counts per e-mail like a stranger`, async () => {
    const { owner, device } = await ownerWithDevice();
    await guesses(owner.email, PER_EMAIL);
    for (let attempt = 0; attempt < PER_DEVICE; attempt += 1) {
      expect((await staffSignIn(owner.email, `typo ${attempt}`, device)).statusCode).toBe(422);
    }
    expect((await staffSignIn(owner.email, owner.password, device)).statusCode).toBe(429);
  });

  it('guesses sent all at once get no more than the limit between them', async () => {
    const owner = await createTestStaff(database.db, 'owner');
    const statuses = await Promise.all(
      Array.from({ length: 16 }, async (_, attempt) => (await staffSignIn(owner.email, `burst ${attempt}`)).statusCode),
    );
    expect(statuses.filter((status) => status === 422)).toHaveLength(PER_EMAIL);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });
});
