import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_REQUIRED_MESSAGE, BASKET_NOT_FOUND_MESSAGE, calendarDayIn, PAST_DATE_MESSAGE } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import { bills, offers, orderItems, orders } from '../../../db/schema/index.ts';
import { HttpError } from '../../../http/errors.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { newBasketKey } from '../../basket/basket-key.ts';
import { insertBasket, insertClient } from '../../../../test/fixtures/baskets.ts';
import { LINES_NOT_IN_BASKET_MESSAGE, NOT_YOUR_BASKET_MESSAGE } from './basket-choice.ts';
import { ORDER_CHANGED_MESSAGE, OrderChangedError } from './line-changes.ts';
import {
  placeOrder,
  submissionKeyOf,
  UNKNOWN_ADDRESS_MESSAGE,
  UNKNOWN_DELIVERY_METHOD_MESSAGE,
  type CheckoutOptions,
} from './place-order.ts';
import { buildPreorder } from './preorder.ts';
import { findOrder } from '../queries.ts';
import {
  basketLinesOf,
  countsOf,
  createCheckoutScene,
  step2Input,
  step2Request,
  stockOf,
  writeDeliveryMethods,
  type CheckoutScene,
  type Step2Input,
} from '../../../../test/fixtures/orders.ts';

/** 15 June 2030, 01:30 in Moscow while it is still the 14th in UTC. */
const NOW = new Date('2030-06-14T22:30:00Z');
const options: CheckoutOptions = { timeZone: 'Europe/Moscow', now: () => NOW };

/** What a failed call threw, for assertions on its status and body. */
async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw new Error(`Expected an HttpError, got ${String(error)}`);
  return error;
}

describe('checkout service', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await writeDeliveryMethods(database.db);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Lines: 1234.50 × 2 (stock 5), 99.99 × 1 (stock 1), 10.00 × 3 (stock 10). */
  const standardScene = () =>
    createCheckoutScene(database.db, [
      { price: '1234.50', stock: 5, inBasket: 2 },
      { price: '99.99', stock: 1, inBasket: 1 },
      { price: '10.00', stock: 10, inBasket: 3 },
    ]);

  const place = (
    scene: CheckoutScene,
    input = step2Input(scene),
    key: string | null = null,
    extra: Partial<CheckoutOptions> = {},
  ) => placeOrder(database.db, scene.clientId, step2Request(input), key, { ...options, ...extra });

  it('knows the calendar day of the shop: 22:30 UTC on the 14th is the 15th in Moscow', () => {
    expect(calendarDayIn('Europe/Moscow', NOW)).toBe('2030-06-15');
    expect(calendarDayIn('UTC', NOW)).toBe('2030-06-14');
  });

  it('step 1 answers the preorder of the chosen lines: counts, exact total, methods, contact, addresses', async () => {
    const scene = await standardScene();
    const [first, , third] = scene.lineIds as [number, number, number];
    const preorder = await buildPreorder(database.db, scene.clientId, {
      ...scene.basket,
      itemsForOrder: [third, first, first],
    });
    expect(preorder).toMatchObject({
      shop_id: 1,
      client_shops_id: scene.clientId,
      count_position_item: 2,
      // 1234.50 × 2 + 10.00 × 3, summed in kopecks.
      count_total_price_item: 2499,
      basket_id: scene.basket.basket_id,
      delivery_method: [
        { id: 1, name: 'Самовывоз из магазина', price: 0, needs_address: false },
        { id: 2, name: 'Курьер по Москве', price: 350, needs_address: true },
        { id: 3, name: 'Транспортная компания', price: 600, needs_address: true },
      ],
      client_shops: {
        first_name: expect.stringMatching(/^Покупатель/),
        last_name: 'Тестов',
        phone_number: '+79990000000',
      },
      client_shops_delivery_address: [{ id: scene.addressId, address: 'г. Москва, ул. Тверская, д. 1, кв. 5' }],
    });
    expect(
      preorder.items.map((item) => [item.id, item.offer_id, item.price, item.quantity_in_basket, item.price_changed]),
    ).toEqual([
      [first, scene.offerIds[0], 1234.5, 2, false],
      [third, scene.offerIds[2], 10, 3, false],
    ]);
  });

  it('step 1 refuses lines of another basket (422), a wrong key and another client\u2019s basket (404), an anonymous basket (422)', async () => {
    const scene = await standardScene();
    const other = await standardScene();
    const foreignLine = await failure(
      buildPreorder(database.db, scene.clientId, {
        ...scene.basket,
        itemsForOrder: [scene.lineIds[0]!, other.lineIds[0]!],
      }),
    );
    expect([foreignLine.statusCode, foreignLine.error]).toEqual([
      422,
      { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] },
    ]);

    const wrongKey = await failure(
      buildPreorder(database.db, scene.clientId, {
        ...scene.basket,
        basket_key: newBasketKey(),
        itemsForOrder: scene.lineIds,
      }),
    );
    const othersBasket = await failure(
      buildPreorder(database.db, scene.clientId, { ...other.basket, itemsForOrder: other.lineIds }),
    );
    for (const error of [wrongKey, othersBasket]) {
      expect([error.statusCode, error.message]).toEqual([404, BASKET_NOT_FOUND_MESSAGE]);
    }

    const anonymousKey = newBasketKey();
    const anonymousId = await insertBasket(database.db, anonymousKey, null, [
      { offerId: scene.offerIds[0]!, quantity: 1, priceSeen: '1234.50' },
    ]);
    const anonymous = await failure(
      buildPreorder(database.db, scene.clientId, {
        basket_id: anonymousId,
        basket_key: anonymousKey,
        itemsForOrder: [1],
      }),
    );
    expect([anonymous.statusCode, anonymous.error]).toEqual([422, { basket_id: [NOT_YOUR_BASKET_MESSAGE] }]);
  });

  it('step 2 writes the order, its lines and its bill, takes the stock and empties those lines only', async () => {
    const scene = await standardScene();
    const [first, second, third] = scene.lineIds as [number, number, number];
    const { orderId, created } = await place(scene, step2Input(scene, [first, second]));
    expect(created).toBe(true);

    const order = await findOrder(database.db, scene.clientId, orderId);
    expect(order).toEqual({
      id: orderId,
      created_at: expect.any(String),
      status: 'new',
      status_name: 'Новый',
      delivery_method: {
        id: 2,
        name: 'Курьер по Москве',
        price: 350,
        description: 'В пределах МКАД, на следующий день после поступления заказа на склад.',
      },
      delivery_address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
      desired_date: null,
      desired_time: '19:30',
      comment: 'Позвонить за час',
      // 1234.50 × 2 + 99.99 + 350.00
      total_price: 2918.99,
      count_position: 2,
      items: [
        expect.objectContaining({ price: 1234.5, quantity: 2, status: 'new', status_name: 'Новый', delivery: null }),
        expect.objectContaining({ price: 99.99, quantity: 1, status: 'new', status_name: 'Новый' }),
      ],
      bill_id: expect.any(Number),
      payer: null,
    });
    const [stored] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(stored).toMatchObject({
      email: 'buyer@example.ru',
      phoneNumber: '+79991234567',
      middleName: null,
      companyName: 'ООО «Ромашка»',
      deliveryPrice: '350.00',
      totalPrice: '2918.99',
      // The app's clock, not the database's (a test clock moved past a due day dates the order on that day).
      createdAt: NOW,
    });
    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, orderId));
    expect(bill).toMatchObject({
      clientId: scene.clientId,
      priceSum: '2918.99',
      paid: false,
      paidAt: null,
      createdAt: NOW,
    });
    expect(order?.bill_id).toBe(bill!.id);
    const lines = await database.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => line.offerId).sort()).toEqual([scene.offerIds[0], scene.offerIds[1]].sort());

    expect(await stockOf(database.db, scene.offerIds)).toEqual([3, 0, 10]);
    expect((await basketLinesOf(database.db, scene.basket.basket_id)).map((line) => line.id)).toEqual([third]);
  });

  it('pick-up keeps no address; a new address text is kept as typed', async () => {
    const pickUp = await standardScene();
    const pickUpOrder = await place(pickUp, { ...step2Input(pickUp), delivery_method_id: 1, delivery_address: null });
    expect(await findOrder(database.db, pickUp.clientId, pickUpOrder.orderId)).toMatchObject({
      delivery_address: null,
      delivery_method: { id: 1, price: 0 },
      // 2469.00 + 99.99 + 30.00, no delivery charge
      total_price: 2598.99,
    });

    const newAddress = await standardScene();
    const typed = await place(newAddress, {
      ...step2Input(newAddress),
      delivery_method_id: 3,
      delivery_address_id: null,
      delivery_address: '  г. Тула, ул. Ленина, д. 2  ',
      desired_date: '2030-06-15',
    });
    expect(await findOrder(database.db, newAddress.clientId, typed.orderId)).toMatchObject({
      delivery_address: 'г. Тула, ул. Ленина, д. 2',
      desired_date: '2030-06-15',
      total_price: 3198.99,
    });
  });

  it('step 2 answers 422 for each form problem, every failing field at once, and creates nothing', async () => {
    const scene = await standardScene();
    const other = await standardScene();
    const cases: Array<[string, Step2Input, Record<string, string[]>]> = [
      [
        'unknown method',
        { ...step2Input(scene), delivery_method_id: 99 },
        { delivery_method_id: [UNKNOWN_DELIVERY_METHOD_MESSAGE] },
      ],
      [
        'courier without an address',
        { ...step2Input(scene), delivery_address_id: null, delivery_address: '   ' },
        { delivery_address: [ADDRESS_REQUIRED_MESSAGE] },
      ],
      [
        'another client\u2019s saved address',
        { ...step2Input(scene), delivery_address_id: other.addressId },
        { delivery_address_id: [UNKNOWN_ADDRESS_MESSAGE] },
      ],
      // The 14th is past in Moscow although UTC still has it.
      [
        'a past desired date',
        { ...step2Input(scene), desired_date: '2030-06-14' },
        { desired_date: [PAST_DATE_MESSAGE] },
      ],
      [
        'lines of another basket, and a past date',
        { ...step2Input(scene, [scene.lineIds[0]!, other.lineIds[0]!]), desired_date: '2029-12-31' },
        { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE], desired_date: [PAST_DATE_MESSAGE] },
      ],
    ];
    for (const [name, input, fields] of cases) {
      const error = await failure(place(scene, input));
      expect({ name, status: error.statusCode, error: error.error }).toEqual({ name, status: 422, error: fields });
    }
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, scene.offerIds)).toEqual([5, 1, 10]);
    expect(await basketLinesOf(database.db, scene.basket.basket_id)).toHaveLength(3);
  });

  it('a changed price: 409 listing old and new price, nothing created, the basket now shows the price; the resubmit passes', async () => {
    const scene = await standardScene();
    const [first, second] = scene.lineIds as [number, number];
    await database.db.update(offers).set({ price: '1300.00' }).where(eq(offers.id, scene.offerIds[0]!));

    const error = await failure(place(scene));
    expect(error).toBeInstanceOf(OrderChangedError);
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(ORDER_CHANGED_MESSAGE);
    expect((error as OrderChangedError).changes).toEqual([
      expect.objectContaining({
        lineId: first,
        priceSeen: '1234.50',
        price: '1300.00',
        quantityInBasket: 2,
        available: 5,
      }),
    ]);
    expect(error.error).toEqual({
      [`items.${first}`]: [
        expect.stringMatching(/ORD\d+-1: цена изменилась с 1\u00a0234,50\u00a0₽ на 1\u00a0300,00\u00a0₽$/),
      ],
    });
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, scene.offerIds)).toEqual([5, 1, 10]);
    expect(await basketLinesOf(database.db, scene.basket.basket_id)).toEqual([
      { id: first, quantity: 2, priceSeen: '1300.00' },
      { id: second, quantity: 1, priceSeen: '99.99' },
      { id: scene.lineIds[2], quantity: 3, priceSeen: '10.00' },
    ]);

    const { orderId } = await place(scene);
    // 1300.00 × 2 + 99.99 + 30.00 + 350.00
    expect(await findOrder(database.db, scene.clientId, orderId)).toMatchObject({ total_price: 3079.99 });
  });

  it('stock run out: 409 with what is left, nothing created, nothing changed', async () => {
    const scene = await standardScene();
    await database.db.update(offers).set({ quantity: 1 }).where(eq(offers.id, scene.offerIds[0]!));
    await database.db.update(offers).set({ quantity: 0 }).where(eq(offers.id, scene.offerIds[1]!));
    const before = await basketLinesOf(database.db, scene.basket.basket_id);

    const error = await failure(place(scene));
    expect(error.statusCode).toBe(409);
    expect(error.error).toEqual({
      [`items.${scene.lineIds[0]}`]: [expect.stringMatching(/: в наличии 1 шт\., в заказе 2 шт\.$/)],
      [`items.${scene.lineIds[1]}`]: [expect.stringMatching(/: товар закончился$/)],
    });
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, scene.offerIds)).toEqual([1, 0, 10]);
    expect(await basketLinesOf(database.db, scene.basket.basket_id)).toEqual(before);
  });

  it('20 identical submissions at once make one order and one bill, and all 20 answer its id', async () => {
    const scene = await standardScene();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(scene)));
    const ids = new Set(results.map((result) => result.orderId));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 1, lines: 3, bills: 1 });
    expect(await stockOf(database.db, scene.offerIds)).toEqual([3, 0, 7]);
  });

  it('20 submissions at once with one Idempotency-Key make one order', async () => {
    const scene = await standardScene();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(scene, step2Input(scene), 'checkout-20')));
    expect(new Set(results.map((result) => result.orderId)).size).toBe(1);
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 1, lines: 3, bills: 1 });
  });

  it('after the order: a repeat of the submission answers the same order; a new submission of those lines is 422', async () => {
    // Without a key, the same lines are the same submission (the digest of the basket's line ids).
    const plain = await standardScene();
    const first = await place(plain);
    expect(first.created).toBe(true);
    expect(await place(plain)).toEqual({ orderId: first.orderId, created: false });
    const withKey = await failure(place(plain, step2Input(plain), 'another-submission'));
    expect([withKey.statusCode, withKey.error]).toEqual([422, { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] }]);
    expect(await countsOf(database.db, plain.clientId)).toEqual({ orders: 1, lines: 3, bills: 1 });

    // With a key, the key is the submission: a repeat with it answers the order, without it is a new one.
    const keyed = await standardScene();
    const placed = await place(keyed, step2Input(keyed), 'first-try');
    expect(await place(keyed, step2Input(keyed), 'first-try')).toEqual({ orderId: placed.orderId, created: false });
    const withoutKey = await failure(place(keyed));
    expect([withoutKey.statusCode, withoutKey.error]).toEqual([422, { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] }]);
    expect(await countsOf(database.db, keyed.clientId)).toEqual({ orders: 1, lines: 3, bills: 1 });
  });

  it('an error after the order row is written leaves no order, no bill, the stock and the basket as they were', async () => {
    const scene = await standardScene();
    const before = await basketLinesOf(database.db, scene.basket.basket_id);
    let writtenOrderId = 0;
    const crash = new Error('injected failure after the order row');
    const outcome = await place(scene, step2Input(scene), null, {
      hooks: {
        afterOrderRow: (orderId) => {
          writtenOrderId = orderId;
          throw crash;
        },
      },
    }).catch((error: unknown) => error);
    expect(outcome).toBe(crash);
    expect(writtenOrderId).toBeGreaterThan(0);
    expect(await database.db.select().from(orders).where(eq(orders.id, writtenOrderId))).toEqual([]);
    expect(await database.db.select().from(bills).where(eq(bills.orderId, writtenOrderId))).toEqual([]);
    expect(await countsOf(database.db, scene.clientId)).toEqual({ orders: 0, lines: 0, bills: 0 });
    expect(await stockOf(database.db, scene.offerIds)).toEqual([5, 1, 10]);
    expect(await basketLinesOf(database.db, scene.basket.basket_id)).toEqual(before);

    // The submission was never placed: the same one now goes through.
    expect((await place(scene)).created).toBe(true);
  });

  it('two clients ordering the last pieces of one offer at once: one gets them, the other a 409, stock never negative', async () => {
    const first = await createCheckoutScene(database.db, [{ price: '500.00', stock: 3, inBasket: 2 }]);
    const secondClient = await insertClient(database.db);
    const key = newBasketKey();
    const basketId = await insertBasket(database.db, key, secondClient, [
      { offerId: first.offerIds[0]!, quantity: 2, priceSeen: '500.00' },
    ]);
    const [secondLine] = await basketLinesOf(database.db, basketId);
    const second: CheckoutScene = {
      clientId: secondClient,
      basket: { basket_id: basketId, basket_key: key },
      lineIds: [secondLine!.id],
      offerIds: first.offerIds,
      addressId: 0,
    };
    const pickUp = (scene: CheckoutScene) => ({
      ...step2Input(scene),
      delivery_method_id: 1,
      delivery_address_id: null,
    });
    const outcomes = await Promise.allSettled([place(first, pickUp(first)), place(second, pickUp(second))]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((rejected?.reason as HttpError).statusCode).toBe(409);
    expect(await stockOf(database.db, first.offerIds)).toEqual([1]);
  });

  it('the submission key: the header when sent, else the basket and the set of its lines', () => {
    expect(submissionKeyOf('abc', 1, [3, 2])).toBe('key:abc');
    expect(submissionKeyOf(null, 1, [3, 2, 3])).toBe(submissionKeyOf(null, 1, [2, 3]));
    expect(submissionKeyOf(null, 1, [2, 3])).not.toBe(submissionKeyOf(null, 2, [2, 3]));
    expect(submissionKeyOf(null, 1, [2, 3])).not.toBe(submissionKeyOf(null, 1, [2]));
    expect(submissionKeyOf(null, 1, [23])).not.toBe(submissionKeyOf(null, 1, [2, 3]));
  });
});
