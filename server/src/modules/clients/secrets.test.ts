import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { buildTestAppWithClock, callShop, newRegistration } from '../../../test/helpers/clients.ts';
import { resetLinkIn } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';

/** Passwords no log line and no response may ever contain. */
const FIRST = 'Первый-Секрет-7731';
const SECOND = 'Второй-Секрет-9142';
const THIRD = 'Третий-Секрет-5520';
const WRONG = 'Неверный-Секрет-3310';
const SECRETS = [FIRST, SECOND, THIRD, WRONG];

let database: Database;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await database.close();
  await smtp.close();
});

function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) {
    expect(text.includes(secret), `${where} contains a password`).toBe(false);
    // Also not escaped as JSON would write non-ASCII.
    expect(text.includes(JSON.stringify(secret).slice(1, -1)), `${where} contains a password`).toBe(false);
  }
}

describe('passwords never appear in a log line or a response', () => {
  it('through registration, login, password change and reset, failed and successful', async () => {
    const { app, logs } = await buildTestAppWithClock(database, { smtpUrl: smtp.url });
    const responses: LightMyRequestResponse[] = [];
    const call = async (...args: Parameters<typeof callShop>) => {
      const response = await callShop(...args);
      responses.push(response);
      return response;
    };
    try {
      const email = 'secret-keeper@example.ru';
      await call(app, 'client-registration', {
        body: newRegistration({ email, password: FIRST, password_confirmation: WRONG }),
      });
      await call(app, 'client-registration', {
        body: newRegistration({ email, password: 'short', password_confirmation: FIRST }),
      });
      const registered = await call(app, 'client-registration', {
        body: newRegistration({ email, password: FIRST, password_confirmation: FIRST }),
      });
      expect(registered.statusCode).toBe(200);
      const token = (registered.json() as { data: { client: { access_token: string } } }).data.client.access_token;

      expect((await call(app, 'client-login', { body: { email, password: WRONG } })).statusCode).toBe(422);
      expect((await call(app, 'client-login', { body: { email, password: FIRST } })).statusCode).toBe(200);
      const wrongCurrent = await call(app, 'client-change-password', {
        token,
        body: { current_password: WRONG, password: SECOND, password_confirmation: SECOND },
      });
      expect(wrongCurrent.statusCode).toBe(422);
      const changed = await call(app, 'client-change-password', {
        token,
        body: { current_password: FIRST, password: SECOND, password_confirmation: SECOND },
      });
      expect(changed.statusCode).toBe(200);

      const since = smtp.received.length;
      await call(app, 'client-reset-password', { body: { email } });
      const resetToken = new URL(resetLinkIn((await smtp.waitForMail(email, since)).raw)).searchParams.get('token')!;
      const mismatch = await call(app, 'client-reset-password-confirm', {
        body: { token: resetToken, password: THIRD, password_confirmation: WRONG },
      });
      expect(mismatch.statusCode).toBe(422);
      const reset = await call(app, 'client-reset-password-confirm', {
        body: { token: resetToken, password: THIRD, password_confirmation: THIRD },
      });
      expect(reset.statusCode).toBe(200);
      expect((await call(app, 'client-login', { body: { email, password: THIRD } })).statusCode).toBe(200);

      // The logs were written (the test would prove nothing otherwise), and hold no password.
      expect(logs.filter((line) => line.msg === 'request completed').length).toBe(responses.length);
      expectNoSecret(JSON.stringify(logs), 'the log');
      responses.forEach((response, index) => expectNoSecret(response.body, `response ${index}`));
      // Nor does the e-mail.
      smtp.received.forEach((mail) => expectNoSecret(mail.raw, 'an e-mail'));
    } finally {
      await app.close();
    }
  });

  it('redacts the body of a request that fails with a 500, which the error handler logs', async () => {
    // A database that fails when a transaction starts: login and registration reach it after checking the input.
    const failing: Database = {
      ...database,
      db: new Proxy(database.db, {
        get(target, property, receiver) {
          if (property === 'transaction') return () => Promise.reject(new Error('connection terminated'));
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    };
    const { app, logs } = await buildTestApp(failing);
    try {
      const response = await callShop(app, 'client-registration', {
        body: newRegistration({ email: 'failing@example.ru', password: FIRST, password_confirmation: FIRST }),
      });
      expect(response.statusCode).toBe(500);
      expectNoSecret(response.body, 'the 500 response');
      const failure = logs.find((line) => line.msg === 'request failed');
      // The body's field names say what was sent; no value of it (not even the e-mail) reaches the log.
      expect(failure?.bodyFields).toEqual(expect.arrayContaining(['email', 'password', 'password_confirmation']));
      expect(JSON.stringify(logs)).not.toContain('failing@example.ru');
      expectNoSecret(JSON.stringify(logs), 'the log');
    } finally {
      await app.close();
    }
  });
});
