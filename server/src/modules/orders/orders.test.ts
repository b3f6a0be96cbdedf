import { Registry } from 'prom-client';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPLACEMENT_BOTH_MESSAGE,
  REPLACEMENT_DAYS_MESSAGE,
  REPLACEMENT_PERCENT_MESSAGE,
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_CALENDAR,
  expectedReadyDay,
  ADDRESS_REQUIRED_MESSAGE,
  BASKET_NOT_FOUND_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  PAST_DATE_MESSAGE,
  PER_PAGE_MAX,
  SHOP_API_PREFIX,
  shopEndpoints,
  type Order,
  type Paginated,
  type Preorder,
  type ShopEndpointPath,
} from '@detal/contract';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { bills, orderItems, orders, offers } from '../../db/schema/index.ts';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { registerEndpoints } from '../../http/routes.ts';
import { sessionResolverOf } from '../clients/sessions.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { freshAddress, registerClient, type RegisteredClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertTestOffers } from '../../../test/fixtures/baskets.ts';
import { LINES_NOT_IN_BASKET_MESSAGE } from './checkout/basket-choice.ts';
import { ORDER_CHANGED_MESSAGE } from './checkout/line-changes.ts';
import { UNKNOWN_DELIVERY_METHOD_MESSAGE } from './checkout/place-order.ts';
import { createOrdersHandlers, INVALID_IDEMPOTENCY_KEY_MESSAGE, ORDER_NOT_FOUND_MESSAGE } from './handlers.ts';
import { countsOf, stockOf, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';

interface Answer<T = unknown> {
  status: number;
  body: T;
}

interface CallOptions {
  token?: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

/** POSTs a shop endpoint as the web does: bearer (or the anonymous placeholder), JSON body. */
async function call<T = unknown>(
  app: FastifyInstance,
  path: ShopEndpointPath,
  body: unknown,
  { token = null, query, headers }: CallOptions = {},
): Promise<Answer<T>> {
  const response = await app.inject({
    method: 'POST',
    url: SHOP_API_PREFIX + shopEndpoints[path].path,
    query,
    remoteAddress: freshAddress(),
    headers: { authorization: `Bearer ${token ?? '0000000'}`, ...headers },
    payload: body as object,
  });
  return { status: response.statusCode, body: response.json() as T };
}

const data = <T>(answer: Answer<unknown>): T => (answer.body as { data: T }).data;

/** A date far enough ahead never to be in the past while the suite runs. */
const FUTURE_DATE = '2099-12-31';

describe('orders API', () => {
  let database: Database;
  let app: FastifyInstance;
  let offerIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await writeDeliveryMethods(database.db);
    // Stock of each is plenty unless a test changes it.
    offerIds = await insertTestOffers(database.db, [
      { article: 'API-1', price: '1234.50', quantity: 1000 },
      { article: 'API-2', price: '99.99', quantity: 1000 },
      { article: 'API-3', price: '10.00', quantity: 1000 },
    ]);
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A new client with these offers in their basket (through the basket API); answers the basket line ids. */
  async function clientWithBasket(lines: ReadonlyArray<[offerIndex: number, quantity: number]>) {
    const client = await registerClient(app);
    for (const [index, quantity] of lines) {
      const added = await call(
        app,
        'basket-add-item',
        { basket_id: client.basket_id, basket_key: client.basket_key, item: { id: offerIds[index] }, quantity },
        { token: client.token },
      );
      expect(added.status).toBe(200);
    }
    const shown = await call(app, 'basket-show', basketOf(client), { token: client.token });
    const items = data<{ items: Array<{ id: number; offer_id: number }> }>(shown).items;
    const lineIds = lines.map(([index]) => items.find((item) => item.offer_id === offerIds[index])!.id);
    return { client, lineIds };
  }

  const basketOf = (client: RegisteredClient) => ({ basket_id: client.basket_id, basket_key: client.basket_key });

  const form = (client: RegisteredClient, itemsForOrder: number[], overrides: Record<string, unknown> = {}) => ({
    ...basketOf(client),
    itemsForOrder,
    client_shops_email: 'buyer@example.ru',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: null,
    company_name: null,
    phone_number: '+7 999 123-45-67',
    delivery_method_id: 3,
    delivery_address: 'г. Тула, ул. Ленина, д. 2',
    desired_date: FUTURE_DATE,
    desired_time: '10:00',
    comment: null,
    ...overrides,
  });

  const step1 = (client: RegisteredClient, itemsForOrder: number[]) =>
    call(
      app,
      'basket-create-order-order-step1-from-items-post',
      { ...basketOf(client), itemsForOrder },
      { token: client.token },
    );

  const step2 = (client: RegisteredClient, body: object, headers?: Record<string, string>) =>
    call(app, 'create-order-order-step2-from-items-post', body, { token: client.token, headers });

  const orderIdOf = (answer: Answer) => data<{ orderForClient: { id: number } }>(answer).orderForClient.id;

  const showOrder = (client: RegisteredClient, id: number) =>
    call(app, 'show-client-order-post', { id }, { token: client.token });

  const basketLineIds = async (client: RegisteredClient) =>
    data<{ items: Array<{ id: number }> }>(
      await call(app, 'basket-show', basketOf(client), { token: client.token }),
    ).items.map((item) => item.id);

  const clientIdOf = async (client: RegisteredClient) =>
    data<{ client: { id: number } }>(
      await app
        .inject({
          method: 'GET',
          url: `${SHOP_API_PREFIX}client-me`,
          headers: { authorization: `Bearer ${client.token}` },
        })
        .then((response) => ({ status: response.statusCode, body: response.json() as unknown })),
    ).client.id;

  it('every orders endpoint answers 401 without a session', async () => {
    for (const path of [
      'basket-create-order-order-step1-from-items-post',
      'create-order-order-step2-from-items-post',
      'show-client-all-orders-post',
      'show-client-order-post',
    ] as const) {
      const answer = await call(app, path, {});
      expect({ path, status: answer.status }).toEqual({ path, status: 401 });
    }
  });

  it('step 1 answers the preorder of the chosen lines, as the contract shapes it', async () => {
    const { client, lineIds } = await clientWithBasket([
      [0, 2],
      [1, 1],
      [2, 3],
    ]);
    const answer = await step1(client, [lineIds[0]!, lineIds[2]!]);
    expect(answer.status).toBe(200);
    expect(shopEndpoints['basket-create-order-order-step1-from-items-post'].response.parse(answer.body)).toEqual(
      answer.body,
    );
    const preorder = data<Preorder>(answer);
    expect(preorder).toMatchObject({
      shop_id: 1,
      client_shops_id: await clientIdOf(client),
      count_position_item: 2,
      count_total_price_item: 2499,
      basket_id: client.basket_id,
      client_shops: {
        email: client.email,
        first_name: 'Иван',
        last_name: 'Петров',
        middle_name: 'Сергеевич',
        company_name: 'Автосервис «Колесо»',
        phone_number: '+79991234567',
      },
      client_shops_delivery_address: [],
    });
    expect(preorder.items.map((item) => [item.id, item.price, item.quantity_in_basket])).toEqual([
      [lineIds[0], 1234.5, 2],
      [lineIds[2], 10, 3],
    ]);
    expect(preorder.delivery_method.map((method) => [method.id, method.price, method.needs_address])).toEqual([
      [1, 0, false],
      [2, 350, true],
      [3, 600, true],
    ]);
  });

  it('step 1 refuses lines not in that basket (422) and a wrong basket key (404)', async () => {
    const { client, lineIds } = await clientWithBasket([[0, 1]]);
    const other = await clientWithBasket([[1, 1]]);
    const foreign = await step1(client, [lineIds[0]!, other.lineIds[0]!]);
    expect(foreign).toEqual({
      status: 422,
      body: { message: expect.any(String), error: { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] } },
    });
    const wrongKey = await call(
      app,
      'basket-create-order-order-step1-from-items-post',
      { basket_id: client.basket_id, basket_key: 'x'.repeat(32), itemsForOrder: lineIds },
      { token: client.token },
    );
    expect(wrongKey).toEqual({ status: 404, body: { message: BASKET_NOT_FOUND_MESSAGE, error: 'not_found' } });
    // Another client's basket with its own key is not the caller's basket either.
    const othersBasket = await call(
      app,
      'basket-create-order-order-step1-from-items-post',
      { ...basketOf(other.client), itemsForOrder: other.lineIds },
      { token: client.token },
    );
    expect(othersBasket.status).toBe(404);
    const beyondAnyId = await call(
      app,
      'basket-create-order-order-step1-from-items-post',
      { basket_id: 2_147_483_648, basket_key: client.basket_key, itemsForOrder: lineIds },
      { token: client.token },
    );
    // An id no integer column can hold is refused as input, naming the field (issue 16).
    expect(beyondAnyId).toMatchObject({ status: 422, body: { error: { basket_id: ['Некорректный идентификатор'] } } });
    expect((await step1(client, [])).status).toBe(422);
  });

  it('step 2 creates the order: it shows in the detail and the list, its bill is there, the basket lost those lines', async () => {
    const { client, lineIds } = await clientWithBasket([
      [0, 2],
      [1, 1],
      [2, 3],
    ]);
    const [stockBefore] = await Promise.all([stockOf(database.db, offerIds)]);
    const answer = await step2(
      client,
      form(client, [lineIds[0]!, lineIds[1]!], { desired_time: '7:05 PM', comment: ' Домофон 12 ' }),
    );
    expect(answer.status).toBe(200);
    expect(shopEndpoints['create-order-order-step2-from-items-post'].response.parse(answer.body)).toEqual(answer.body);
    const orderId = orderIdOf(answer);

    const shown = await showOrder(client, orderId);
    expect(shown.status).toBe(200);
    expect(shopEndpoints['show-client-order-post'].response.parse(shown.body)).toEqual(shown.body);
    expect(data<Order>(shown)).toMatchObject({
      id: orderId,
      status: 'new',
      status_name: 'Новый',
      delivery_method: { id: 3, name: 'Транспортная компания', price: 600 },
      delivery_address: 'г. Тула, ул. Ленина, д. 2',
      desired_date: FUTURE_DATE,
      desired_time: '19:05',
      comment: 'Домофон 12',
      // 1234.50 × 2 + 99.99 + 600.00
      total_price: 3168.99,
      count_position: 2,
      items: [
        { article: 'API-1', price: 1234.5, quantity: 2, status: 'new', status_name: 'Новый' },
        { article: 'API-2', price: 99.99, quantity: 1, status: 'new', status_name: 'Новый' },
      ],
    });

    const listed = await call(app, 'show-client-all-orders-post', {}, { token: client.token });
    expect(data<Paginated<Order>>(listed)).toEqual({
      data: [data<Order>(shown)],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 1,
    });

    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, orderId));
    expect(bill).toMatchObject({ priceSum: '3168.99', paid: false });
    expect(data<Order>(shown).bill_id).toBe(bill!.id);
    expect(await basketLineIds(client)).toEqual([lineIds[2]]);
    expect(await stockOf(database.db, offerIds)).toEqual([stockBefore[0]! - 2, stockBefore[1]! - 1, stockBefore[2]]);

    // (issue 29) A line's expected day: the order's day plus its delivery days on the shop's working calendar.
    expect(data<Order>(shown).items.map((line) => line.expected_day)).toEqual([null, null]);
    await database.db.update(orderItems).set({ deliveryDays: 2 }).where(eq(orderItems.orderId, orderId));
    const dated = data<Order>(await showOrder(client, orderId));
    const day = expectedReadyDay({
      now: new Date(dated.created_at),
      timeZone: DEFAULT_TIME_ZONE,
      deliveryDays: 2,
      calendar: DEFAULT_WORKING_CALENDAR,
    });
    expect(dated.items.map((line) => line.expected_day)).toEqual([day, day]);
  });

  it('step 2 refuses a bad replacement tolerance with a Russian message and writes nothing (issue 29)', async () => {
    const { client, lineIds } = await clientWithBasket([[0, 1]]);
    const clientId = await clientIdOf(client);
    const before = await countsOf(database.db, clientId);
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [
        { replacement_max_price_percent: 21, replacement_max_extra_days: 2 },
        { replacement_max_price_percent: [REPLACEMENT_PERCENT_MESSAGE] },
      ],
      [
        { replacement_max_price_percent: 2.5, replacement_max_extra_days: 2 },
        { replacement_max_price_percent: [REPLACEMENT_PERCENT_MESSAGE] },
      ],
      [
        { replacement_max_price_percent: 5, replacement_max_extra_days: -1 },
        { replacement_max_extra_days: [REPLACEMENT_DAYS_MESSAGE] },
      ],
      [
        { replacement_max_price_percent: 5, replacement_max_extra_days: 15 },
        { replacement_max_extra_days: [REPLACEMENT_DAYS_MESSAGE] },
      ],
      [
        { replacement_max_price_percent: '5', replacement_max_extra_days: 2 },
        { replacement_max_price_percent: [REPLACEMENT_PERCENT_MESSAGE] },
      ],
      [{ replacement_max_price_percent: 5 }, { replacement_max_extra_days: [REPLACEMENT_BOTH_MESSAGE] }],
    ];
    for (const [overrides, error] of cases) {
      const answer = await step2(client, form(client, lineIds, overrides));
      expect({ overrides, status: answer.status }).toEqual({ overrides, status: 422 });
      expect({ overrides, error: (answer.body as { error: object }).error }).toEqual({ overrides, error });
    }
    expect(await countsOf(database.db, clientId)).toEqual(before);
    // Within the bounds it is taken and kept on the order.
    const placed = await step2(
      client,
      form(client, lineIds, { replacement_max_price_percent: 20, replacement_max_extra_days: 0 }),
    );
    expect(placed.status).toBe(200);
    const [order] = await database.db
      .select({ percent: orders.replacementMaxPricePercent, days: orders.replacementMaxExtraDays })
      .from(orders)
      .where(eq(orders.id, orderIdOf(placed)));
    expect(order).toEqual({ percent: 20, days: 0 });
  });

  it('step 2 answers 422 naming each wrong field, and creates nothing', async () => {
    const { client, lineIds } = await clientWithBasket([[0, 1]]);
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [{ client_shops_email: 'not-an-email' }, ['client_shops_email']],
      [{ phone_number: '12345' }, ['phone_number']],
      [{ phone_number: '+1 202 555 0100' }, ['phone_number']],
      [{ first_name: '  ' }, ['first_name']],
      [{ last_name: undefined }, ['last_name']],
      [{ delivery_method_id: 42 }, ['delivery_method_id']],
      [{ delivery_address: null }, ['delivery_address']],
      [{ delivery_address_id: 1 }, ['delivery_address']],
      [{ desired_date: '2020-01-01' }, ['desired_date']],
      [{ desired_date: '31.12.2099' }, ['desired_date']],
      [{ desired_time: '25:00' }, ['desired_time']],
      [{ desired_time: '13:00 pm' }, ['desired_time']],
      [{ itemsForOrder: [] }, ['itemsForOrder']],
    ];
    for (const [overrides, fields] of cases) {
      const answer = await step2(client, form(client, lineIds, overrides));
      expect({ overrides, status: answer.status }).toEqual({ overrides, status: 422 });
      expect({ overrides, fields: Object.keys((answer.body as { error: object }).error).sort() }).toEqual({
        overrides,
        fields,
      });
    }
    const messages = await step2(client, form(client, lineIds, { delivery_method_id: 42, desired_date: '2020-01-01' }));
    expect((messages.body as { error: object }).error).toEqual({
      delivery_method_id: [UNKNOWN_DELIVERY_METHOD_MESSAGE],
      desired_date: [PAST_DATE_MESSAGE],
    });
    const noAddress = await step2(client, form(client, lineIds, { delivery_method_id: 2, delivery_address: '' }));
    expect((noAddress.body as { error: object }).error).toEqual({ delivery_address: [ADDRESS_REQUIRED_MESSAGE] });
    const badKey = await step2(client, form(client, lineIds), { [IDEMPOTENCY_KEY_HEADER]: 'k'.repeat(201) });
    expect(badKey).toEqual({
      status: 422,
      body: { message: expect.any(String), error: { [IDEMPOTENCY_KEY_HEADER]: [INVALID_IDEMPOTENCY_KEY_MESSAGE] } },
    });
    expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await basketLineIds(client)).toEqual(lineIds);
  });

  it('409 on a changed price lists old and new price and creates nothing; the basket shows the new price and the resubmit passes', async () => {
    const [offerId] = await insertTestOffers(database.db, [{ article: 'PRICE-1', price: '500.00', quantity: 10 }]);
    offerIds.push(offerId!);
    const { client, lineIds } = await clientWithBasket([[offerIds.length - 1, 2]]);
    await database.db.update(offers).set({ price: '550.50' }).where(eq(offers.id, offerId!));

    const changed = await step2(client, form(client, lineIds));
    expect(changed).toEqual({
      status: 409,
      body: {
        message: ORDER_CHANGED_MESSAGE,
        error: {
          [`items.${lineIds[0]}`]: [expect.stringContaining('цена изменилась с 500,00\u00a0₽ на 550,50\u00a0₽')],
        },
      },
    });
    const clientId = await clientIdOf(client);
    expect(await countsOf(database.db, clientId)).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, [offerId!])).toEqual([10]);
    const basket = data<{ items: Array<{ price: number; price_changed: boolean }> }>(
      await call(app, 'basket-show', basketOf(client), { token: client.token }),
    );
    expect(basket.items).toEqual([expect.objectContaining({ price: 550.5, price_changed: false })]);

    const placed = await step2(client, form(client, lineIds));
    expect(placed.status).toBe(200);
    expect(data<Order>(await showOrder(client, orderIdOf(placed))).total_price).toBe(1701);
  });

  it('409 when the stock ran out, nothing created and the basket untouched', async () => {
    const [offerId] = await insertTestOffers(database.db, [{ article: 'STOCK-1', price: '70.00', quantity: 5 }]);
    offerIds.push(offerId!);
    const { client, lineIds } = await clientWithBasket([[offerIds.length - 1, 4]]);
    await database.db.update(offers).set({ quantity: 3 }).where(eq(offers.id, offerId!));
    const answer = await step2(client, form(client, lineIds));
    expect(answer).toEqual({
      status: 409,
      body: {
        message: ORDER_CHANGED_MESSAGE,
        error: { [`items.${lineIds[0]}`]: [expect.stringContaining('в наличии 3 шт., в заказе 4 шт.')] },
      },
    });
    expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, [offerId!])).toEqual([3]);
    expect(await basketLineIds(client)).toEqual(lineIds);
  });

  it('20 identical step-2 requests at once: one order, one bill, 20 answers with its id', async () => {
    const { client, lineIds } = await clientWithBasket([
      [0, 1],
      [2, 2],
    ]);
    const stockBefore = await stockOf(database.db, offerIds);
    const answers = await Promise.all(Array.from({ length: 20 }, () => step2(client, form(client, lineIds))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map(orderIdOf));
    expect(ids.size).toBe(1);
    expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 1, lines: 2, bills: 1 });
    const stockAfter = await stockOf(database.db, offerIds);
    expect(stockAfter[0]).toBe(stockBefore[0]! - 1);
    expect(stockAfter[2]).toBe(stockBefore[2]! - 2);
  });

  it('20 requests at once with one Idempotency-Key: one order', async () => {
    const { client, lineIds } = await clientWithBasket([[1, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => step2(client, form(client, lineIds), { [IDEMPOTENCY_KEY_HEADER]: 'click-1' })),
    );
    expect(new Set(answers.map(orderIdOf)).size).toBe(1);
    expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 1, lines: 1, bills: 1 });
  });

  it('after the order: its repeat answers the same id; ordering those lines anew (another key) is 422', async () => {
    const { client, lineIds } = await clientWithBasket([[0, 1]]);
    const first = await step2(client, form(client, lineIds));
    expect(first.status).toBe(200);
    const repeat = await step2(client, form(client, lineIds));
    expect(orderIdOf(repeat)).toBe(orderIdOf(first));
    const anew = await step2(client, form(client, lineIds), { [IDEMPOTENCY_KEY_HEADER]: 'a-new-submission' });
    expect(anew).toEqual({
      status: 422,
      body: { message: expect.any(String), error: { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] } },
    });
    expect((await step1(client, lineIds)).status).toBe(422);
    expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 1, lines: 1, bills: 1 });
  });

  it('an error injected after the order row is written: 500, no order, no bill, the basket intact', async () => {
    // The same routes on a second app sharing the database and sessions, with the failure hook set.
    const failing = Fastify();
    failing.setValidatorCompiler(validatorCompiler);
    failing.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(failing);
    const deps = {
      config: loadConfig({ NODE_ENV: 'test' }, { webBuildDir: null }),
      database,
      techCatalogKey: 'test',
      metrics: new Registry(),
    };
    let writtenOrderId = 0;
    const step2Path = 'create-order-order-step2-from-items-post';
    const handlers = createOrdersHandlers(deps, {
      afterOrderRow: (orderId) => {
        writtenOrderId = orderId;
        throw new Error('injected failure after the order row');
      },
    });
    registerEndpoints(
      failing,
      sessionResolverOf(database.db),
      SHOP_API_PREFIX,
      { [step2Path]: shopEndpoints[step2Path] },
      { [step2Path]: handlers[step2Path] },
    );
    await failing.ready();
    try {
      const { client, lineIds } = await clientWithBasket([
        [0, 1],
        [1, 2],
      ]);
      const stockBefore = await stockOf(database.db, offerIds);
      const answer = await call(failing, 'create-order-order-step2-from-items-post', form(client, lineIds), {
        token: client.token,
      });
      expect(answer.status).toBe(500);
      expect(writtenOrderId).toBeGreaterThan(0);
      expect(await database.db.select().from(orders).where(eq(orders.id, writtenOrderId))).toEqual([]);
      expect(await database.db.select().from(orderItems).where(eq(orderItems.orderId, writtenOrderId))).toEqual([]);
      expect(await database.db.select().from(bills).where(eq(bills.orderId, writtenOrderId))).toEqual([]);
      expect(await countsOf(database.db, await clientIdOf(client))).toEqual({ orders: 0, lines: 0, bills: 0 });
      expect(await stockOf(database.db, offerIds)).toEqual(stockBefore);
      expect(await basketLineIds(client)).toEqual(lineIds);
      expect((await step2(client, form(client, lineIds))).status).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('another client\u2019s order is 404, in the detail and through the id filter', async () => {
    const owner = await clientWithBasket([[0, 1]]);
    const orderId = orderIdOf(await step2(owner.client, form(owner.client, owner.lineIds)));
    const stranger = await registerClient(app);
    expect(await showOrder(stranger, orderId)).toEqual({
      status: 404,
      body: { message: ORDER_NOT_FOUND_MESSAGE, error: 'not_found' },
    });
    expect(await showOrder(stranger, 2_147_483_648)).toMatchObject({
      status: 422,
      body: { error: { id: ['Некорректный идентификатор'] } },
    });
    const filtered = await call(app, 'show-client-all-orders-post', { id: orderId }, { token: stranger.token });
    expect(data<Paginated<Order>>(filtered)).toMatchObject({ data: [], total: 0 });
    expect((await showOrder(owner.client, orderId)).status).toBe(200);
  });
});

describe('order list: pages and filters', () => {
  let database: Database;
  let app: FastifyInstance;
  let client: RegisteredClient;
  /** Ids of the 25 orders, oldest first. */
  let ids: number[];

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    client = await registerClient(app);
    const me = await app.inject({
      method: 'GET',
      url: `${SHOP_API_PREFIX}client-me`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    const clientId = (me.json() as { data: { client: { id: number } } }).data.client.id;
    // 25 orders a day apart from 1 March 2030 at 00:30 Moscow time (21:30 UTC the day before); every fifth in work.
    const rows = await database.db
      .insert(orders)
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          clientId,
          submissionKey: `seeded-${index}`,
          email: 'buyer@example.ru',
          firstName: 'Иван',
          lastName: 'Петров',
          phoneNumber: '+79991234567',
          deliveryMethodId: 1,
          deliveryMethodName: 'Самовывоз из магазина',
          deliveryPrice: '0.00',
          totalPrice: `${index + 1}00.00`,
          countPosition: 1,
          createdAt: new Date(Date.UTC(2030, 1, 28, 21, 30) + index * 86_400_000),
        })),
      )
      .returning({ id: orders.id });
    ids = rows.map((row) => row.id);
    // Every fifth order in work: its line is.
    await database.db.insert(orderItems).values(
      ids.map((orderId, index) => ({
        orderId,
        article: `SEED-${index}`,
        articleNormalized: `SEED${index}`,
        brandName: 'MANN-FILTER',
        price: `${index + 1}00.00`,
        quantity: 1,
        status: index % 5 === 4 ? 'in_work' : 'new',
      })),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = (body: object, page?: string) =>
    call<{ data: Paginated<Order> }>(app, 'show-client-all-orders-post', body, {
      token: client.token,
      ...(page === undefined ? {} : { query: { page } }),
    });

  const newestFirst = () => [...ids].reverse();

  it('pages newest first, 20 a page by default, each order with its lines', async () => {
    const first = await list({});
    expect(first.status).toBe(200);
    expect(shopEndpoints['show-client-all-orders-post'].response.parse(first.body)).toEqual(first.body);
    expect(first.body.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(first.body.data.data.map((order) => order.id)).toEqual(newestFirst().slice(0, 20));
    // Seeded without bills: an order without one says so.
    expect(first.body.data.data[0]).toMatchObject({
      total_price: 2500,
      bill_id: null,
      items: [{ article: 'SEED-24', price: 2500 }],
    });

    const second = await list({}, '2');
    expect(second.body.data).toMatchObject({ current_page: 2, last_page: 2, total: 25 });
    expect(second.body.data.data.map((order) => order.id)).toEqual(newestFirst().slice(20));
  });

  it('page 0 is 422; a page past the end is empty; per_page over 100 is capped at 100', async () => {
    for (const page of ['0', '-1', 'abc']) {
      const answer = await list({}, page);
      expect({ page, status: answer.status }).toEqual({ page, status: 422 });
    }
    expect((await list({ per_page: 0 })).status).toBe(422);
    const past = await list({ per_page: 10 }, '4');
    expect(past).toEqual({
      status: 200,
      body: { data: { data: [], current_page: 4, last_page: 3, per_page: 10, total: 25 } },
    });
    const capped = await list({ per_page: 500 });
    expect(capped.body.data).toMatchObject({ per_page: PER_PAGE_MAX, last_page: 1, total: 25 });
    expect(capped.body.data.data).toHaveLength(25);
  });

  it('filters by calendar days of the shop\u2019s time zone, status and id', async () => {
    // The first order is 1 March in Moscow although it is 28 February in UTC.
    const march1 = await list({ date_from: '2030-03-01', date_to: '2030-03-01' });
    expect(march1.body.data.data.map((order) => order.id)).toEqual([ids[0]]);
    const feb = await list({ date_to: '2030-02-28' });
    expect(feb.body.data.total).toBe(0);
    const range = await list({ date_from: '2030-03-03', date_to: '2030-03-05' });
    expect(range.body.data.data.map((order) => order.id)).toEqual([ids[4], ids[3], ids[2]]);
    const inWork = await list({ status: 'in_work' });
    expect(inWork.body.data.data.map((order) => order.id)).toEqual([ids[24], ids[19], ids[14], ids[9], ids[4]]);
    expect(inWork.body.data.data[0]).toMatchObject({ status: 'in_work', status_name: 'В работе' });
    const byId = await list({ id: ids[7], status: 'new' });
    expect(byId.body.data.data.map((order) => order.id)).toEqual([ids[7]]);
    expect((await list({ id: ids[4], status: 'new' })).body.data.total).toBe(0);
    expect((await list({ date_from: '2030-03-05', date_to: '2030-03-01' })).status).toBe(422);
    expect((await list({ status: 'shipped' })).status).toBe(422);
  });
});
