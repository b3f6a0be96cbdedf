import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PHONE_MESSAGE, shopEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { clientSessions, clients } from '../../db/schema/index.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { EMAIL_TAKEN_MESSAGE, LOGIN_FAILED_MESSAGE } from './service.ts';
import { hashToken, newToken } from '../../shared/secret-token.ts';
import { SESSION_TTL_MS } from './token-lifetimes.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  buildTestAppWithClock,
  callShop,
  loginClient,
  newRegistration,
  registerClient,
  type TestClock,
} from '../../../test/helpers/clients.ts';

let database: Database;
let app: FastifyInstance;
let clock: TestClock;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, clock } = await buildTestAppWithClock(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const validationBody = (fields: Record<string, string[]>) => ({
  message: 'Проверьте правильность заполнения полей',
  error: fields,
});

async function meStatus(token: string | null): Promise<number> {
  return (await callShop(app, 'client-me', { token })).statusCode;
}

describe('client-registration', () => {
  it('creates the client, signs them in and answers a 256-bit token with their own basket', async () => {
    const body = newRegistration({
      email: '  New.Client@Example.ru ',
      phone_number: '8 (999) 123 45 67',
      middle_name: '',
      company_name: null,
    });
    const response = await callShop(app, 'client-registration', { body });
    expect(response.statusCode).toBe(200);
    const payload = shopEndpoints['client-registration'].response.parse(response.json());
    const { access_token: token, basket_id: basketId, basket_key: basketKey } = payload.data.client;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(basketId).toBeGreaterThan(0);
    expect(basketKey.length).toBeGreaterThanOrEqual(22);

    const me = await callShop(app, 'client-me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      data: {
        client: {
          id: expect.any(Number),
          email: 'New.Client@Example.ru',
          first_name: 'Иван',
          last_name: 'Петров',
          middle_name: null,
          company_name: null,
          phone_number: '+79991234567',
        },
      },
    });
  });

  it('keeps only the SHA-256 of the token and an scrypt hash of the password', async () => {
    const client = await registerClient(app);
    const [stored] = await database.db.select().from(clients).where(eq(clients.email, client.email));
    expect(stored!.passwordHash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
    expect(stored!.passwordHash).not.toContain(client.password);
    const sessions = await database.db.select().from(clientSessions).where(eq(clientSessions.clientId, stored!.id));
    expect(sessions.map((session) => session.tokenHash)).toEqual([hashToken(client.token)]);
    const dump = JSON.stringify(await database.db.execute(sql`select * from client_sessions`));
    expect(dump).not.toContain(client.token);
    expect(sessions[0]!.expiresAt.getTime() - sessions[0]!.createdAt.getTime()).toBe(SESSION_TTL_MS);
  });

  it.each([
    ['an invalid e-mail', { email: 'client@' }, { email: ['Введите корректный e-mail'] }],
    ['a missing e-mail', { email: undefined }, { email: ['Введите e-mail'] }],
    [
      'a short password',
      { password: 'short', password_confirmation: 'short' },
      { password: ['Пароль должен содержать не менее 8 символов'] },
    ],
    [
      'a password over 128 characters',
      { password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
      { password: ['Пароль должен содержать не более 128 символов'] },
    ],
    [
      'a confirmation that differs',
      { password_confirmation: 'correct horse 43' },
      { password_confirmation: ['Пароли не совпадают'] },
    ],
    ['a missing confirmation', { password_confirmation: undefined }, { password_confirmation: ['Повторите пароль'] }],
    ['a blank first name', { first_name: '   ' }, { first_name: ['Введите имя'] }],
    ['a missing last name', { last_name: undefined }, { last_name: ['Введите фамилию'] }],
    [
      'a first name over 100 characters',
      { first_name: 'И'.repeat(101) },
      { first_name: ['Должно содержать не более 100 символов'] },
    ],
    ['a missing phone', { phone_number: '' }, { phone_number: ['Введите номер телефона'] }],
    ['a phone that is not Russian', { phone_number: '+380 44 123 45 67' }, { phone_number: [INVALID_PHONE_MESSAGE] }],
    ['a phone with letters', { phone_number: '8 999 ABC-45-67' }, { phone_number: [INVALID_PHONE_MESSAGE] }],
    ['a phone too short', { phone_number: '+7 999 123-45' }, { phone_number: [INVALID_PHONE_MESSAGE] }],
  ])('answers 422 naming the field for %s', async (_case, change, fields) => {
    const response = await callShop(app, 'client-registration', { body: newRegistration(change) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(validationBody(fields));
  });

  it('answers 422 on email for an e-mail already registered in another case, and creates nothing', async () => {
    const first = await registerClient(app, { email: 'Duplicate.Case@Example.ru' });
    const [{ total: before }] = (await database.db.execute(sql`select count(*)::int as total from clients`)).rows as [
      { total: number },
    ];
    for (const email of ['duplicate.case@example.ru', 'DUPLICATE.CASE@EXAMPLE.RU', ' Duplicate.Case@Example.ru ']) {
      const response = await callShop(app, 'client-registration', { body: newRegistration({ email }) });
      expect(response.statusCode, email).toBe(422);
      expect(response.json()).toEqual(validationBody({ email: [EMAIL_TAKEN_MESSAGE] }));
    }
    const [{ total: after }] = (await database.db.execute(sql`select count(*)::int as total from clients`)).rows as [
      { total: number },
    ];
    expect(after).toBe(before);
    expect(await meStatus(first.token)).toBe(200);
  });

  it('lets exactly one of two simultaneous registrations of one e-mail through', async () => {
    const email = `race-${Date.now()}@example.ru`;
    const responses = await Promise.all([
      callShop(app, 'client-registration', { body: newRegistration({ email }) }),
      callShop(app, 'client-registration', { body: newRegistration({ email: email.toUpperCase() }) }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
    expect(responses.find((response) => response.statusCode === 422)!.json()).toEqual(
      validationBody({ email: [EMAIL_TAKEN_MESSAGE] }),
    );
  });
});

describe('the anonymous basket at registration and login', () => {
  let offerIds: number[];

  beforeAll(async () => {
    const brandId = await insertBrand(database.db, 'MANN-FILTER');
    const supplierId = await insertSupplier(database.db, 'Склад Москва');
    offerIds = await insertOffers(database.db, brandId, supplierId, [
      { article: 'W 712/75', price: '512.40', quantity: 5 },
      { article: 'HU 719/7X', price: '1290.00', quantity: 2 },
    ]);
  });

  async function anonymousBasketWith(offerId: number, quantity: number) {
    const response = await callShop(app, 'basket-add-item', {
      body: { basket_id: null, basket_key: null, item: { id: offerId }, quantity },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { basket_id: number; basket_key: string } }).data;
  }

  async function basketLines(ref: { basket_id: number; basket_key: string }, token: string | null = null) {
    const response = await callShop(app, 'basket-show', { body: ref, token });
    return {
      status: response.statusCode,
      body: response.json() as { data?: { items: Array<{ offer_id: number; quantity_in_basket: number }> } },
    };
  }

  it('registration takes the anonymous basket into the new client basket; the old key stops working', async () => {
    const anonymous = await anonymousBasketWith(offerIds[0]!, 2);
    const client = await registerClient(app, anonymous);
    expect(client.basket_id).not.toBe(anonymous.basket_id);
    // A client's basket answers only with the client's token (the basket module asks the session).
    const own = await basketLines({ basket_id: client.basket_id, basket_key: client.basket_key }, client.token);
    expect(own.body.data?.items.map((item) => [item.offer_id, item.quantity_in_basket])).toEqual([[offerIds[0], 2]]);
    expect((await basketLines(anonymous)).status).toBe(404);
  });

  it('login merges the anonymous basket into the client basket (same offer: quantities add, capped at stock)', async () => {
    const client = await registerClient(app, await anonymousBasketWith(offerIds[1]!, 1));
    const anonymous = await anonymousBasketWith(offerIds[1]!, 2);
    const response = await callShop(app, 'client-login', {
      body: { email: client.email, password: client.password, ...anonymous },
    });
    expect(response.statusCode).toBe(200);
    const { client: signedIn } = (
      response.json() as { data: { client: { access_token: string; basket_id: number; basket_key: string } } }
    ).data;
    expect({ basket_id: signedIn.basket_id, basket_key: signedIn.basket_key }).toEqual({
      basket_id: client.basket_id,
      basket_key: client.basket_key,
    });
    const own = await basketLines(
      { basket_id: signedIn.basket_id, basket_key: signedIn.basket_key },
      signedIn.access_token,
    );
    expect(own.body.data?.items.map((item) => [item.offer_id, item.quantity_in_basket])).toEqual([[offerIds[1], 2]]);
    expect((await basketLines(anonymous)).status).toBe(404);
  });

  it('login without a basket answers the client basket, the same one on every device', async () => {
    const client = await registerClient(app);
    const response = await callShop(app, 'client-login', { body: { email: client.email, password: client.password } });
    expect((response.json() as { data: { client: { basket_id: number } } }).data.client.basket_id).toBe(
      client.basket_id,
    );
  });
});

describe('client-login', () => {
  it('signs in with the e-mail in any case and answers a new token next to the other sessions', async () => {
    const client = await registerClient(app, { email: 'Login.Case@Example.ru' });
    const token = await loginClient(app, ' LOGIN.case@example.RU ', client.password);
    expect(token).not.toBe(client.token);
    expect(await meStatus(token)).toBe(200);
    expect(await meStatus(client.token)).toBe(200);
  });

  it('answers one generic 422 for a wrong password and for an unknown e-mail, and issues no session', async () => {
    const client = await registerClient(app);
    const [{ total: before }] = (await database.db.execute(sql`select count(*)::int as total from client_sessions`))
      .rows as [{ total: number }];
    const wrongPassword = await callShop(app, 'client-login', {
      body: { email: client.email, password: 'not the one' },
    });
    const unknownEmail = await callShop(app, 'client-login', {
      body: { email: 'nobody-here@example.ru', password: client.password },
    });
    const expected = { message: LOGIN_FAILED_MESSAGE, error: { _: [LOGIN_FAILED_MESSAGE] } };
    expect([wrongPassword.statusCode, unknownEmail.statusCode]).toEqual([422, 422]);
    expect(wrongPassword.json()).toEqual(expected);
    expect(unknownEmail.json()).toEqual(expected);
    const [{ total: after }] = (await database.db.execute(sql`select count(*)::int as total from client_sessions`))
      .rows as [{ total: number }];
    expect(after).toBe(before);
  });

  it('spends the same scrypt work on an unknown e-mail as on a wrong password', async () => {
    const client = await registerClient(app);
    const timeOf = async (email: string) => {
      const started = performance.now();
      await callShop(app, 'client-login', { body: { email, password: 'wrong password' } });
      return performance.now() - started;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      known.push(await timeOf(client.email));
      unknown.push(await timeOf(`unknown-${round}@example.ru`));
    }
    // Without the dummy hash an unknown e-mail would answer in a couple of milliseconds, against ~90 ms of scrypt.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.3);
  });
});

describe('client-me: the session check', () => {
  it('answers 401 once the token is 24 h old, and 200 just before', async () => {
    const client = await registerClient(app);
    clock.advance(SESSION_TTL_MS - 1000);
    expect(await meStatus(client.token)).toBe(200);
    clock.advance(1000);
    expect(await meStatus(client.token)).toBe(401);
    // A fresh login gives a fresh day.
    expect(await meStatus(await loginClient(app, client.email, client.password))).toBe(200);
  });

  it("clears a client's expired sessions when they sign in again, so the table does not grow", async () => {
    const client = await registerClient(app);
    await callShop(app, 'client-logout', { token: client.token });
    const stillOpen = await loginClient(app, client.email, client.password);
    const clientIdOf = async () =>
      (await database.db.select({ id: clients.id }).from(clients).where(eq(clients.email, client.email)))[0]!.id;
    const sessionsOf = async () =>
      database.db
        .select()
        .from(clientSessions)
        .where(eq(clientSessions.clientId, await clientIdOf()));
    expect(await sessionsOf()).toHaveLength(2);
    clock.advance(SESSION_TTL_MS);
    const fresh = await loginClient(app, client.email, client.password);
    expect((await sessionsOf()).map((session) => session.tokenHash)).toEqual([hashToken(fresh)]);
    expect(await meStatus(stillOpen)).toBe(401);
  });

  it('answers 401 to forged, malformed, missing and placeholder tokens, in the contract error body', async () => {
    const client = await registerClient(app);
    const forged = newToken();
    const lookalike = client.token.slice(0, -1) + (client.token.endsWith('A') ? 'B' : 'A');
    for (const token of [forged, lookalike, 'not-a-token', hashToken(client.token), null]) {
      const response = await callShop(app, 'client-me', { token });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toEqual({ message: 'Требуется вход в личный кабинет', error: 'unauthorized' });
    }
    const bare = await app.inject({ method: 'GET', url: '/api/v1/shop/client-me' });
    expect(bare.statusCode).toBe(401);
  });
});

describe('client-logout', () => {
  it('revokes the token it is called with and no other', async () => {
    const client = await registerClient(app);
    const second = await loginClient(app, client.email, client.password);
    const response = await callShop(app, 'client-logout', { token: client.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { success: true } });
    expect(await meStatus(client.token)).toBe(401);
    expect(await meStatus(second)).toBe(200);
    const [revoked] = await database.db
      .select({ revokedAt: clientSessions.revokedAt })
      .from(clientSessions)
      .where(eq(clientSessions.tokenHash, hashToken(client.token)));
    expect(revoked!.revokedAt).toBeInstanceOf(Date);
    // Logging out twice: the token is no session any more.
    expect((await callShop(app, 'client-logout', { token: client.token })).statusCode).toBe(401);
  });
});
