import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { clients, passwordResets } from '../../db/schema/index.ts';
import { OUTBOX_FOLDER } from '../../mail/mailer.ts';
import {
  LOGIN_FAILED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from './service.ts';
import { hashToken, newToken } from '../../shared/secret-token.ts';
import { RESET_TTL_MS } from './token-lifetimes.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  buildTestAppWithClock,
  callShop,
  loginClient,
  registerClient,
  type TestClock,
} from '../../../test/helpers/clients.ts';
import { headerOf, resetLinkIn, textBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';

const PUBLIC_URL = 'https://shop.example';

let database: Database;
let app: FastifyInstance;
let clock: TestClock;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase();
  ({ app, clock } = await buildTestAppWithClock(database, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL }));
});

afterAll(async () => {
  await app.close();
  await database.close();
  await smtp.close();
});

async function meStatus(token: string): Promise<number> {
  return (await callShop(app, 'client-me', { token })).statusCode;
}

/** Asks for a reset link for `email` and answers the token of the link the SMTP server received. */
async function requestResetToken(email: string, mailTo = email): Promise<string> {
  const since = smtp.received.length;
  const response = await callShop(app, 'client-reset-password', { body: { email } });
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitForMail(mailTo, since);
  return new URL(resetLinkIn(mail.raw)).searchParams.get('token')!;
}

const confirm = (token: string, password: string, confirmation = password) =>
  callShop(app, 'client-reset-password-confirm', {
    body: { token, password, password_confirmation: confirmation },
  });

const linkInvalid = { message: RESET_LINK_INVALID_MESSAGE, error: { token: [RESET_LINK_INVALID_MESSAGE] } };

describe('password reset by e-mail, end to end through a real SMTP server', () => {
  it('e-mails a single-use link to PUBLIC_URL/reset-password that sets the password and ends every session', async () => {
    const client = await registerClient(app, { email: 'Reset.Me@Example.ru' });
    const otherDevice = await loginClient(app, client.email, client.password);

    const since = smtp.received.length;
    const response = await callShop(app, 'client-reset-password', { body: { email: 'reset.me@example.ru' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: RESET_REQUESTED_MESSAGE } });

    // To the address as registered, in its case.
    const mail = await smtp.waitForMail('Reset.Me@Example.ru', since);
    expect(headerOf(mail.raw, 'subject')).toBeDefined();
    expect(textBodyOf(mail.raw)).toContain('в течение часа');
    const link = new URL(resetLinkIn(mail.raw));
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(RESET_TTL_MS);

    const confirmed = await confirm(token, 'a brand new password');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { success: true } });

    expect(await meStatus(client.token)).toBe(401);
    expect(await meStatus(otherDevice)).toBe(401);
    const oldPassword = await callShop(app, 'client-login', {
      body: { email: client.email, password: client.password },
    });
    expect(oldPassword.json()).toMatchObject({ message: LOGIN_FAILED_MESSAGE });
    expect(await meStatus(await loginClient(app, client.email, 'a brand new password'))).toBe(200);

    const again = await confirm(token, 'yet another password');
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(linkInvalid);
    expect(await meStatus(await loginClient(app, client.email, 'a brand new password'))).toBe(200);
  });

  it('answers the same for an unknown e-mail, and sends nothing to it', async () => {
    const client = await registerClient(app);
    const unknown = await callShop(app, 'client-reset-password', { body: { email: 'nobody-at-all@example.ru' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ data: { message: RESET_REQUESTED_MESSAGE } });
    // A message for a real client sent afterwards arrives; none went to the unknown address before it.
    await requestResetToken(client.email);
    expect(smtp.received.flatMap((mail) => mail.to)).not.toContain('nobody-at-all@example.ru');
  });

  it('answers before touching the database, so a known and an unknown e-mail answer alike and at once; the mail still arrives', async () => {
    const client = await registerClient(app);
    const since = smtp.received.length;
    // While the clients table is locked (PostgreSQL) or the one PGlite connection is busy, the work cannot start:
    // the answers must not wait for it, so they cannot tell by their timing whether the account exists.
    const [known, unknown] = await database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${clients} in access exclusive mode`);
      const answers = Promise.all([
        callShop(app, 'client-reset-password', { body: { email: client.email } }),
        callShop(app, 'client-reset-password', { body: { email: 'nobody-here@example.ru' } }),
      ]);
      const timeout = new Promise<never>((_resolve, reject) =>
        setTimeout(() => reject(new Error('the reset request waited for the database')), 3_000),
      );
      return Promise.race([answers, timeout]);
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ data: { message: RESET_REQUESTED_MESSAGE } });
    // Once the database is free, the background work sends the link.
    const mail = await smtp.waitForMail(client.email, since);
    expect(resetLinkIn(mail.raw)).toContain(`${PUBLIC_URL}/reset-password?token=`);
  });

  it('lets the link work until an hour has passed, and not after', async () => {
    const client = await registerClient(app);
    const stale = await requestResetToken(client.email);
    clock.advance(RESET_TTL_MS + 1);
    expect((await confirm(stale, 'too late for this')).json()).toEqual(linkInvalid);
    expect(await meStatus(await loginClient(app, client.email, client.password))).toBe(200);

    const fresh = await requestResetToken(client.email);
    const sibling = await requestResetToken(client.email);
    clock.advance(RESET_TTL_MS - 1000);
    expect((await confirm(fresh, 'just in time!')).statusCode).toBe(200);
    expect(await meStatus(await loginClient(app, client.email, 'just in time!'))).toBe(200);
    // Setting the password retires every other link the client was sent, even one still within its hour.
    expect((await confirm(sibling, 'from another link')).json()).toEqual(linkInvalid);
  });

  it('uses a link once even when it is confirmed twice at the same moment', async () => {
    const client = await registerClient(app);
    const token = await requestResetToken(client.email);
    const answers = await Promise.all([confirm(token, 'first of two'), confirm(token, 'second of two')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
  });

  it('checks the new password before using the link up, and refuses forged links', async () => {
    const client = await registerClient(app);
    const token = await requestResetToken(client.email);
    const mismatch = await confirm(token, 'new password 1', 'new password 2');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json()).toMatchObject({ error: { password_confirmation: ['Пароли не совпадают'] } });
    const short = await confirm(token, 'short');
    expect(short.json()).toMatchObject({ error: { password: ['Пароль должен содержать не менее 8 символов'] } });

    for (const forged of [newToken(), token.slice(1), hashToken(token)]) {
      const response = await confirm(forged, 'forged attempt');
      expect(response.statusCode, forged).toBe(422);
      expect(response.json()).toEqual(linkInvalid);
    }
    expect((await confirm(token, 'the real change')).statusCode).toBe(200);
  });
});

describe('client-change-password', () => {
  const change = (token: string, current: string, password: string) =>
    callShop(app, 'client-change-password', {
      token,
      body: { current_password: current, password, password_confirmation: password },
    });

  it('refuses a wrong current password with 422 on current_password, changing nothing', async () => {
    const client = await registerClient(app);
    const response = await change(client.token, 'not my password', 'whatever new one');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Проверьте правильность заполнения полей',
      error: { current_password: [WRONG_CURRENT_PASSWORD_MESSAGE] },
    });
    expect(await meStatus(await loginClient(app, client.email, client.password))).toBe(200);
  });

  it('sets the new password, keeps the current session, ends the others and retires reset links', async () => {
    const client = await registerClient(app);
    const otherDevice = await loginClient(app, client.email, client.password);
    const pendingLink = await requestResetToken(client.email);

    const response = await change(client.token, client.password, 'changed on purpose');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { success: true } });

    expect(await meStatus(client.token)).toBe(200);
    expect(await meStatus(otherDevice)).toBe(401);
    expect(
      (await callShop(app, 'client-login', { body: { email: client.email, password: client.password } })).statusCode,
    ).toBe(422);
    expect(await meStatus(await loginClient(app, client.email, 'changed on purpose'))).toBe(200);
    expect((await confirm(pendingLink, 'sneaky reset')).json()).toEqual(linkInvalid);
  });
});

describe('password reset without SMTP_URL: the outbox', () => {
  it('writes the reset e-mail to DATA_DIR/outbox with a working link, and logs the file, not the link', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'detal-outbox-'));
    const outboxApp = await buildTestAppWithClock(database, { smtpUrl: undefined, dataDir, publicUrl: PUBLIC_URL });
    try {
      const client = await registerClient(outboxApp.app);
      const response = await callShop(outboxApp.app, 'client-reset-password', { body: { email: client.email } });
      expect(response.json()).toEqual({ data: { message: RESET_REQUESTED_MESSAGE } });

      const folder = path.join(dataDir, OUTBOX_FOLDER);
      const deadline = Date.now() + 10_000;
      let files: string[] = [];
      while (files.length === 0 && Date.now() < deadline) {
        files = await readdir(folder).catch(() => []);
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(files).toHaveLength(1);
      const raw = await readFile(path.join(folder, files[0]!), 'utf8');
      expect(headerOf(raw, 'to')).toBe(client.email);
      const token = new URL(resetLinkIn(raw)).searchParams.get('token')!;

      const logged = outboxApp.logs.find((line) => line.msg === 'e-mail written to the outbox (SMTP_URL is not set)');
      expect(logged).toMatchObject({ mail: { to: client.email, file: path.join(folder, files[0]!) } });
      expect(JSON.stringify(outboxApp.logs)).not.toContain(token);

      const confirmed = await callShop(outboxApp.app, 'client-reset-password-confirm', {
        body: { token, password: 'from the outbox', password_confirmation: 'from the outbox' },
      });
      expect(confirmed.statusCode).toBe(200);
    } finally {
      await outboxApp.app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
