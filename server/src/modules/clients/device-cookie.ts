import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { readOrCreateShopSetting } from '../../db/shop-settings.ts';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that has signed in
 * to an account gets a signed cookie naming that account; a later sign-in to the same account from that browser
 * is trusted, and a stranger's failures (the per-e-mail limit) do not lock it out. Format:
 * `v1.<e-mail, base64url>.<nonce>.<HMAC-SHA256 of what precedes, base64url>`. The nonce names the device for
 * its own limit (limits.ts); a new one is issued at every successful sign-in.
 */
export const DEVICE_COOKIE = 'detal_device';

/** A year: the browser stays trusted as long as its owner signs in now and then. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Sent only with sign-in requests: nothing else needs it, so nothing else carries it. */
const DEVICE_COOKIE_PATH = SHOP_API_PREFIX + shopEndpoints['client-login'].path;

const VERSION = 'v1';

/** The key, read (or made, on first use) once per database: it never changes while the shop runs. */
const keys = new WeakMap<Db, Promise<Buffer>>();

function deviceCookieKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readOrCreateShopSetting(db, 'device_cookie_key', () => ({
      secret: randomBytes(32).toString('base64url'),
    })).then(({ secret }) => Buffer.from(secret, 'base64url'));
    // A failed read is tried again next time rather than remembered.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const normalEmail = (email: string): string => email.trim().toLowerCase();

const signatureOf = (key: Buffer, payload: string): Buffer => createHmac('sha256', key).update(payload).digest();

/** A new device cookie value for `email`. */
export async function deviceCookieFor(db: Db, email: string): Promise<string> {
  const payload = [
    VERSION,
    Buffer.from(normalEmail(email)).toString('base64url'),
    randomBytes(16).toString('base64url'),
  ].join('.');
  return `${payload}.${signatureOf(await deviceCookieKey(db), payload).toString('base64url')}`;
}

/**
 * The device (its nonce) of a cookie value that this shop signed for `email`; null for anything else: no
 * cookie, a forged or altered one, or one for another account.
 */
export async function trustedDeviceIn(db: Db, value: string | undefined, email: string): Promise<string | null> {
  const parts = value?.split('.');
  if (!parts || parts.length !== 4 || parts[0] !== VERSION) return null;
  const [version, encodedEmail, nonce, signature] = parts as [string, string, string, string];
  const expected = signatureOf(await deviceCookieKey(db), [version, encodedEmail, nonce].join('.'));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(encodedEmail, 'base64url').toString() !== normalEmail(email)) return null;
  return nonce;
}

/** The device of the request's cookie, when it is trusted for `email`. */
export function trustedDeviceOf(db: Db, request: FastifyRequest, email: string): Promise<string | null> {
  const header = request.headers.cookie;
  return trustedDeviceIn(db, header ? parseCookies(header)[DEVICE_COOKIE] : undefined, email);
}

/** Sets a new device cookie for `email`, after a successful sign-in: httpOnly, SameSite=Lax, a year long. */
export async function trustDevice(db: Db, request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
  reply.header(
    'set-cookie',
    serializeCookie(DEVICE_COOKIE, await deviceCookieFor(db, email), {
      httpOnly: true,
      sameSite: 'lax',
      // Behind a TLS proxy, TRUST_PROXY makes the protocol https.
      secure: request.protocol === 'https',
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    }),
  );
}
