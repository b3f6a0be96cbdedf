import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, UNSTORABLE_TEXT_MESSAGE, type ErrorBody } from '@detal/contract';
import type { Database } from '../db/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { callShop, newRegistration, registerClient } from '../../test/helpers/clients.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

/**
 * The audit's 500s (issue 16): a NUL character in a text field and a basket id past PostgreSQL's integer reached
 * the database, which refused them with an error the API answered as 500. Both are now a 422 naming the field,
 * and nothing is written.
 */

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

const clientCount = async () =>
  Number((await database.db.execute<{ n: string }>(sql`select count(*)::text as n from clients`)).rows[0]!.n);

describe('a NUL character in a text field', () => {
  it.each(['first_name', 'last_name', 'middle_name', 'company_name', 'email', 'password'])(
    'registration refuses it in %s with a 422 naming the field, and registers nobody',
    async (field) => {
      const before = await clientCount();
      const body = newRegistration();
      const value = `${String(body[field as keyof typeof body])}\u0000`;
      const response = await callShop(app, 'client-registration', {
        body: { ...body, [field]: value, ...(field === 'password' ? { password_confirmation: value } : {}) },
      });
      expect(response.statusCode).toBe(422);
      const { error } = response.json<ErrorBody>();
      expect(Object.keys(error as Record<string, string[]>)).toContain(field);
      expect(await clientCount()).toBe(before);
    },
  );

  it('the account update and a delivery address refuse it too, with the shared message', async () => {
    const client = await registerClient(app);
    const update = await callShop(app, 'client-update-account', {
      token: client.token,
      body: { first_name: 'Ив\u0000ан', last_name: 'Петров', phone_number: '+7 999 123-45-67' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json<ErrorBody>().error).toMatchObject({ first_name: [UNSTORABLE_TEXT_MESSAGE] });

    const address = await callShop(app, 'client-delivery-address-save', {
      token: client.token,
      body: { address: 'Москва, ул. Ленина\u0000, 1' },
    });
    expect(address.statusCode).toBe(422);
    expect(address.json<ErrorBody>().error).toMatchObject({ address: [UNSTORABLE_TEXT_MESSAGE] });
  });

  it('a content slug with NUL is a 422, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/shop/page/a%00b' });
    expect(response.statusCode).toBe(422);
  });
});

describe('an id past PostgreSQL integer', () => {
  const tooLarge = INT4_MAX + 1;
  it.each([
    ['basket-show', {}],
    ['basket-cleaning-all-items', {}],
    ['basket-delete-item', { id: 1 }],
    ['basket-changes-quantity-in-item', { id: 1, quantity_in_basket: 1 }],
  ] as const)('%s answers 422 on basket_id', async (path, extra) => {
    const response = await callShop(app, path, { body: { basket_id: tooLarge, basket_key: 'x'.repeat(32), ...extra } });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().error).toHaveProperty('basket_id');
  });

  it('basket-add-item answers 422 on basket_id and on the offer id', async () => {
    const response = await callShop(app, 'basket-add-item', {
      body: { basket_id: tooLarge, basket_key: 'x'.repeat(32), item: { id: tooLarge }, quantity: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<ErrorBody>().error as Record<string, string[]>).sort()).toEqual([
      'basket_id',
      'item.id',
    ]);
  });
});
