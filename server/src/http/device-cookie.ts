import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { shopSecret } from '../db/shop-settings.ts';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"; decision 0017): a browser that
 * has signed in to an account gets a signed cookie naming that account; a later sign-in to the same account from
 * that browser is trusted, and a stranger's failures (the per-e-mail limit) do not lock it out. Format:
 * `<tag>.<e-mail, base64url>.<nonce>.<HMAC-SHA256 of what precedes, base64url>`. The nonce names the device for
 * its own limit; a new one is issued at every successful sign-in.
 *
 * Each sign-in has its own kind (the storefront's, the back office's): its own cookie, path and tag. The tag is
 * signed, so a cookie of one kind is never trusted by the other: a storefront account opened under a staff
 * member's e-mail gives no trust at the back office's sign-in.
 */
export interface DeviceCookieKind {
  /** The cookie's name. */
  name: string;
  /** Sent only with this sign-in's requests: nothing else needs it. */
  path: string;
  /** The first field, signed with the rest: which sign-in the cookie belongs to. */
  tag: string;
  sameSite: 'lax' | 'strict';
}

/** A year: the browser stays trusted as long as its owner signs in now and then. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const normalEmail = (email: string): string => email.trim().toLowerCase();

const signatureOf = (key: Buffer, payload: string): Buffer => createHmac('sha256', key).update(payload).digest();

/** The device cookies of one sign-in. */
export function deviceCookies(kind: DeviceCookieKind) {
  /** A new device cookie value for `email`. */
  async function deviceCookieFor(db: Db, email: string): Promise<string> {
    const payload = [
      kind.tag,
      Buffer.from(normalEmail(email)).toString('base64url'),
      randomBytes(16).toString('base64url'),
    ].join('.');
    return `${payload}.${signatureOf(await shopSecret(db, 'device_cookie_key'), payload).toString('base64url')}`;
  }

  /**
   * The device (its nonce) of a cookie value that this shop signed for `email` and this sign-in; null for
   * anything else: no cookie, a forged or altered one, one for another account or the other sign-in.
   */
  async function trustedDeviceIn(db: Db, value: string | undefined, email: string): Promise<string | null> {
    const parts = value?.split('.');
    if (!parts || parts.length !== 4 || parts[0] !== kind.tag) return null;
    const [tag, encodedEmail, nonce, signature] = parts as [string, string, string, string];
    const expected = signatureOf(await shopSecret(db, 'device_cookie_key'), [tag, encodedEmail, nonce].join('.'));
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(encodedEmail, 'base64url').toString() !== normalEmail(email)) return null;
    return nonce;
  }

  /** The device of the request's cookie, when it is trusted for `email`. */
  function trustedDeviceOf(db: Db, request: FastifyRequest, email: string): Promise<string | null> {
    const header = request.headers.cookie;
    return trustedDeviceIn(db, header ? parseCookies(header)[kind.name] : undefined, email);
  }

  /** Sets a new device cookie for `email`, after a successful sign-in: httpOnly, a year long. */
  async function trustDevice(db: Db, request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
    reply.header(
      'set-cookie',
      serializeCookie(kind.name, await deviceCookieFor(db, email), {
        httpOnly: true,
        sameSite: kind.sameSite,
        // Behind a TLS proxy, TRUST_PROXY makes the protocol https.
        secure: request.protocol === 'https',
        path: kind.path,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      }),
    );
  }

  return { name: kind.name, deviceCookieFor, trustedDeviceIn, trustedDeviceOf, trustDevice };
}
