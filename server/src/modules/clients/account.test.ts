import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PHONE_MESSAGE, shopEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { ADDRESS_NOT_FOUND_MESSAGE, MAX_DELIVERY_ADDRESSES, TOO_MANY_ADDRESSES_MESSAGE } from './service.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  buildTestAppWithClock,
  callShop,
  registerClient,
  type RegisteredClient,
} from '../../../test/helpers/clients.ts';

let database: Database;
let app: FastifyInstance;
let alice: RegisteredClient;
let bob: RegisteredClient;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestAppWithClock(database));
  alice = await registerClient(app, { email: 'alice@example.ru', first_name: 'Алиса', company_name: null });
  bob = await registerClient(app, { email: 'bob@example.ru', first_name: 'Борис' });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function accountOf(token: string) {
  const response = await callShop(app, 'client-show-account', { token });
  expect(response.statusCode).toBe(200);
  return shopEndpoints['client-show-account'].response.parse(response.json()).data;
}

const saveAddress = (token: string, body: Record<string, unknown>) =>
  callShop(app, 'client-delivery-address-save', { token, body });
const deleteAddress = (token: string, id: number) =>
  callShop(app, 'client-delivery-address-delete', { token, body: { id } });

describe('client-show-account and client-update-account', () => {
  it("shows the caller's own profile and addresses", async () => {
    const account = await accountOf(alice.token);
    expect(account).toEqual({
      client: {
        id: expect.any(Number),
        email: 'alice@example.ru',
        first_name: 'Алиса',
        last_name: 'Петров',
        middle_name: 'Сергеевич',
        company_name: null,
        phone_number: '+79991234567',
      },
      delivery_addresses: [],
      notify_status_emails: true,
    });
  });

  it('turns the status e-mails off and on with the profile; a body without the field leaves them as they are', async () => {
    const client = await registerClient(app, { email: 'statuses@example.ru' });
    const profile = {
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: null,
      company_name: null,
      phone_number: '+7 999 123-45-67',
    };
    const save = (body: Record<string, unknown>) =>
      callShop(app, 'client-update-account', { token: client.token, body });
    expect((await save({ ...profile, notify_status_emails: false })).statusCode).toBe(200);
    expect((await accountOf(client.token)).notify_status_emails).toBe(false);
    expect((await save(profile)).statusCode).toBe(200);
    expect((await accountOf(client.token)).notify_status_emails).toBe(false);
    // Another client's setting is their own.
    expect((await accountOf(bob.token)).notify_status_emails).toBe(true);
    const wrong = await save({ ...profile, notify_status_emails: 'нет' });
    expect(wrong.statusCode).toBe(422);
    expect((await accountOf(client.token)).notify_status_emails).toBe(false);
    expect((await save({ ...profile, notify_status_emails: true })).statusCode).toBe(200);
    expect((await accountOf(client.token)).notify_status_emails).toBe(true);
  });

  it('changes the profile of the token, normalizing the phone; ids and e-mail in the body change nothing', async () => {
    const bobBefore = await accountOf(bob.token);
    const response = await callShop(app, 'client-update-account', {
      token: alice.token,
      body: {
        id: bobBefore.client.id,
        client_id: bobBefore.client.id,
        email: 'taken-over@example.ru',
        first_name: ' Алиса ',
        last_name: 'Смирнова',
        middle_name: '',
        company_name: 'ИП Смирнова',
        phone_number: '8 (495) 123-45-67',
      },
    });
    expect(response.statusCode).toBe(200);
    const updated = {
      id: (await accountOf(alice.token)).client.id,
      email: 'alice@example.ru',
      first_name: 'Алиса',
      last_name: 'Смирнова',
      middle_name: null,
      company_name: 'ИП Смирнова',
      phone_number: '+74951234567',
    };
    expect(response.json()).toEqual({ data: { client: updated } });
    expect((await callShop(app, 'client-me', { token: alice.token })).json()).toEqual({ data: { client: updated } });
    expect((await accountOf(bob.token)).client).toEqual(bobBefore.client);
  });

  it('answers 422 per field for an invalid profile', async () => {
    const response = await callShop(app, 'client-update-account', {
      token: alice.token,
      body: { first_name: '', last_name: 'Смирнова', phone_number: '12-34' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { first_name: ['Введите имя'], phone_number: [INVALID_PHONE_MESSAGE] },
    });
  });
});

describe('delivery addresses', () => {
  it('adds, lists in order, changes and deletes the caller’s addresses', async () => {
    const first = await saveAddress(alice.token, { address: ' Москва, ул. Ленина, 1 ' });
    const second = await saveAddress(alice.token, { id: null, address: 'Химки, Заводская ул., 5' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const firstAddress = (first.json() as { data: { id: number; address: string } }).data;
    const secondAddress = (second.json() as { data: { id: number; address: string } }).data;
    expect(firstAddress.address).toBe('Москва, ул. Ленина, 1');
    expect((await accountOf(alice.token)).delivery_addresses).toEqual([firstAddress, secondAddress]);

    const changed = await saveAddress(alice.token, { id: firstAddress.id, address: 'Москва, ул. Ленина, 2' });
    expect(changed.json()).toEqual({ data: { id: firstAddress.id, address: 'Москва, ул. Ленина, 2' } });

    const removed = await deleteAddress(alice.token, secondAddress.id);
    expect(removed.json()).toEqual({ data: { success: true } });
    expect((await accountOf(alice.token)).delivery_addresses).toEqual([
      { id: firstAddress.id, address: 'Москва, ул. Ленина, 2' },
    ]);
  });

  it("answers 404 for another client's address, on change and on delete, and leaves it alone", async () => {
    const bobs = (await saveAddress(bob.token, { address: 'Тверь, Советская ул., 10' })).json() as {
      data: { id: number; address: string };
    };
    const notFound = { message: ADDRESS_NOT_FOUND_MESSAGE, error: 'not_found' };
    const takeOver = await saveAddress(alice.token, { id: bobs.data.id, address: 'Подменённый адрес' });
    expect(takeOver.statusCode).toBe(404);
    expect(takeOver.json()).toEqual(notFound);
    const deletion = await deleteAddress(alice.token, bobs.data.id);
    expect(deletion.statusCode).toBe(404);
    expect(deletion.json()).toEqual(notFound);
    expect((await accountOf(bob.token)).delivery_addresses).toEqual([bobs.data]);
    // An id no integer column can hold is refused as input (issue 16).
    expect((await deleteAddress(alice.token, 2 ** 40)).statusCode).toBe(422);
  });

  it('validates the address and caps how many a client keeps', async () => {
    const blank = await saveAddress(bob.token, { address: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ error: { address: ['Введите адрес доставки'] } });

    const carol = await registerClient(app);
    for (let index = 0; index < MAX_DELIVERY_ADDRESSES; index += 1) {
      expect((await saveAddress(carol.token, { address: `Адрес № ${index + 1}` })).statusCode).toBe(200);
    }
    const over = await saveAddress(carol.token, { address: 'Ещё один' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ error: { address: [TOO_MANY_ADDRESSES_MESSAGE] } });
    expect((await accountOf(carol.token)).delivery_addresses).toHaveLength(MAX_DELIVERY_ADDRESSES);
  });
});
