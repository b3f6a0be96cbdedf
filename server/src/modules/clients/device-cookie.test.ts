import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { freshAddress, registerClient, type RegisteredClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';
import { PER_DEVICE_MAX, PER_EMAIL_MAX } from './limits.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const loginUrl = SHOP_API_PREFIX + shopEndpoints['client-login'].path;

/** A sign-in as the browser sends it: from its own address, with its device cookie if it has one. */
function signIn(
  email: string,
  password: string,
  { device, on = app }: { device?: string; on?: FastifyInstance } = {},
): Promise<LightMyRequestResponse> {
  return on.inject({
    method: 'POST',
    url: loginUrl,
    remoteAddress: freshAddress(),
    headers: { authorization: 'Bearer 0000000', ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
    payload: { email, password },
  });
}

function deviceCookieOf(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((each) => each.name === DEVICE_COOKIE);
  if (!cookie) throw new Error(`No device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return cookie;
}

/**
 * A stranger's guessing from many addresses until the e-mail is locked: refusals until the e-mail's 10 attempts
 * (the owner's own sign-in counted among them) are spent, then 429.
 */
async function lockOut(email: string): Promise<void> {
  const statuses: number[] = [];
  while (statuses.at(-1) !== 429 && statuses.length <= PER_EMAIL_MAX) {
    statuses.push((await signIn(email, `stranger guess ${statuses.length}`)).statusCode);
  }
  expect(statuses.length).toBeGreaterThanOrEqual(PER_EMAIL_MAX - 1);
  expect(statuses).toEqual([...Array<number>(statuses.length - 1).fill(422), 429]);
}

/** A client whose browser has signed in once: its device cookie. */
async function ownerWithDevice(): Promise<{ owner: RegisteredClient; device: string }> {
  const owner = await registerClient(app);
  const response = await signIn(owner.email, owner.password);
  expect(response.statusCode).toBe(200);
  return { owner, device: deviceCookieOf(response).value };
}

describe('device cookies: a stranger’s guessing does not lock the owner’s browser out', () => {
  it('is set on a successful sign-in: httpOnly, SameSite=Lax, a year long, sent only to the sign-in', async () => {
    const owner = await registerClient(app);
    const refused = await signIn(owner.email, 'wrong password');
    expect(refused.statusCode).toBe(422);
    expect(refused.cookies.find((each) => each.name === DEVICE_COOKIE)).toBeUndefined();

    const cookie = deviceCookieOf(await signIn(owner.email, owner.password));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: loginUrl, maxAge: 365 * 24 * 60 * 60 });
    expect(cookie.value).not.toContain(owner.password);
    // The key was made on first use and kept in the database, never a built-in default.
    const key = await readShopSetting(database.db, 'device_cookie_key');
    expect(Buffer.from(key!.secret, 'base64url').length).toBe(32);
  });

  it('after 10 wrong tries from strangers the stranger gets 429, the owner with the cookie signs in', async () => {
    const { owner, device } = await ownerWithDevice();
    await lockOut(owner.email);
    // Without the cookie even the right password waits.
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);

    const trusted = await signIn(owner.email.toUpperCase(), owner.password, { device });
    expect(trusted.statusCode).toBe(200);
    // A new device cookie (new nonce) each time; it works as well.
    const renewed = deviceCookieOf(trusted).value;
    expect(renewed).not.toBe(device);
    expect((await signIn(owner.email, owner.password, { device: renewed })).statusCode).toBe(200);
  });

  it('a forged cookie, or another account’s, gives no bypass', async () => {
    const { owner, device } = await ownerWithDevice();
    const { device: otherDevice } = await ownerWithDevice();
    await lockOut(owner.email);

    const [version, , nonce, signature] = device.split('.') as [string, string, string, string];
    const [, otherEmail] = otherDevice.split('.') as [string, string];
    const forgeries = [
      // Another account's genuine cookie.
      otherDevice,
      // The owner's e-mail under the other account's signature, and the other way round.
      otherDevice.replace(otherEmail, Buffer.from(owner.email.toLowerCase()).toString('base64url')),
      [version, otherEmail, nonce, signature].join('.'),
      // A signature made up, cut short, or missing; not a cookie of this shop at all.
      [version, device.split('.')[1], nonce, Buffer.alloc(32, 7).toString('base64url')].join('.'),
      device.slice(0, -4),
      device.split('.').slice(0, 3).join('.'),
      'v1.x.y.z',
    ];
    for (const forged of forgeries) {
      expect((await signIn(owner.email, owner.password, { device: forged })).statusCode, forged).toBe(429);
    }
    expect((await signIn(owner.email, owner.password, { device })).statusCode).toBe(200);
  });

  it(`a trusted device has its own small limit (${PER_DEVICE_MAX} per 15 minutes), then counts per e-mail again`, async () => {
    const { owner, device } = await ownerWithDevice();
    await lockOut(owner.email);
    for (let attempt = 0; attempt < PER_DEVICE_MAX; attempt += 1) {
      expect((await signIn(owner.email, `typo ${attempt}`, { device })).statusCode).toBe(422);
    }
    expect((await signIn(owner.email, owner.password, { device })).statusCode).toBe(429);
  });

  it('every instance on the database trusts the cookie (one key, kept in shop settings)', async () => {
    const { owner, device } = await ownerWithDevice();
    const { app: second } = await buildTestApp(database);
    try {
      await lockOut(owner.email);
      expect((await signIn(owner.email, owner.password, { device, on: second })).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
