import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { PER_ADDRESS_MAX, PER_EMAIL_MAX } from './limits.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  buildTestAppWithClock,
  callShop,
  freshAddress,
  newRegistration,
  registerClient,
} from '../../../test/helpers/clients.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestAppWithClock(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const tooMany = { message: 'Слишком много запросов. Подождите немного и попробуйте снова', error: 'too_many_requests' };

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(tooMany);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('limits per e-mail (10 per 15 minutes), whatever address the attempts come from', () => {
  it('client-login: the 11th attempt on one e-mail answers 429, even with the right password and in another case', async () => {
    const client = await registerClient(app, { email: 'Guessed@Example.ru' });
    for (let attempt = 0; attempt < PER_EMAIL_MAX; attempt += 1) {
      const response = await callShop(app, 'client-login', {
        body: { email: 'guessed@example.ru', password: `guess number ${attempt}` },
      });
      expect(response.statusCode).toBe(422);
    }
    expectLimited(
      await callShop(app, 'client-login', { body: { email: 'GUESSED@example.ru', password: client.password } }),
    );
    // Another e-mail is not affected.
    const other = await registerClient(app);
    expect(
      (await callShop(app, 'client-login', { body: { email: other.email, password: other.password } })).statusCode,
    ).toBe(200);
  });

  it('client-reset-password: no more than 10 links per e-mail', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= PER_EMAIL_MAX; attempt += 1) {
      statuses.push(
        (await callShop(app, 'client-reset-password', { body: { email: 'flooded@example.ru' } })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(PER_EMAIL_MAX).fill(200), 429]);
  });

  it('client-registration: the 11th attempt with one e-mail answers 429', async () => {
    for (let attempt = 0; attempt < PER_EMAIL_MAX; attempt += 1) {
      // The first registers; the next ones are refused as taken, and still count.
      const response = await callShop(app, 'client-registration', {
        body: newRegistration({ email: 'registrar@example.ru' }),
      });
      expect(response.statusCode).toBe(attempt === 0 ? 200 : 422);
    }
    expectLimited(
      await callShop(app, 'client-registration', { body: newRegistration({ email: 'registrar@example.ru' }) }),
    );
  });
});

describe('limits per client address (30 per 15 minutes and endpoint)', () => {
  it('client-login: the 31st attempt from one address answers 429 before the body is even read', async () => {
    const remoteAddress = freshAddress();
    for (let attempt = 0; attempt < PER_ADDRESS_MAX; attempt += 1) {
      // Even requests that fail validation count: the limit runs first.
      const body = attempt % 2 === 0 ? { email: `sprayed-${attempt}@example.ru` } : { email: 'x', password: 'y' };
      expect((await callShop(app, 'client-login', { remoteAddress, body })).statusCode).toBe(422);
    }
    expectLimited(
      await callShop(app, 'client-login', { remoteAddress, body: { email: 'a@b.ru', password: 'right one' } }),
    );
    // Other addresses, and other endpoints from this address, go on.
    expect((await callShop(app, 'client-login', { body: { email: 'a@b.ru', password: 'x' } })).statusCode).toBe(422);
    expect(
      (await callShop(app, 'client-reset-password', { remoteAddress, body: { email: 'a@b.ru' } })).statusCode,
    ).toBe(200);
  });

  it('client-reset-password-confirm is limited per address too', async () => {
    const remoteAddress = freshAddress();
    const statuses = new Set<number>();
    for (let attempt = 0; attempt < PER_ADDRESS_MAX; attempt += 1) {
      const response = await callShop(app, 'client-reset-password-confirm', {
        remoteAddress,
        body: { token: 'x'.repeat(43), password: 'password1', password_confirmation: 'password1' },
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([422]);
    expectLimited(await callShop(app, 'client-reset-password-confirm', { remoteAddress, body: {} }));
  });
});

describe('client-change-password: limited per client', () => {
  it('answers 429 on the 11th attempt of one client, from any address', async () => {
    const client = await registerClient(app);
    for (let attempt = 0; attempt < PER_EMAIL_MAX; attempt += 1) {
      const response = await callShop(app, 'client-change-password', {
        token: client.token,
        body: { current_password: `guess ${attempt}`, password: 'new password', password_confirmation: 'new password' },
      });
      expect(response.statusCode).toBe(422);
    }
    expectLimited(
      await callShop(app, 'client-change-password', {
        token: client.token,
        body: { current_password: client.password, password: 'new password', password_confirmation: 'new password' },
      }),
    );
  });
});
