import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAbcpSite, type AbcpSite, type AbcpSiteArticle } from '../../../../../test/helpers/abcp-server.ts';
import { SupplierChannelError } from '../../supplier-channel.ts';
import { AbcpChannel, MAX_ORDER_POSITIONS, ORDERS_PER_CALL, type AbcpChannelSettings } from './abcp-channel.ts';
import { statusMapFromCatalogue } from './abcp-status-map.ts';

/*
 * The ABCP adapter against a local ABCP site (test/helpers/abcp-server.ts) over real HTTP: the site checks the
 * login and the password's MD5 on every call, keeps the basket and the orders, and the test moves the orders'
 * positions through the site's statuses. The site listens on 127.0.0.1, which the outbound policy refuses unless
 * allowed (SUPPLIER_SOURCES_ALLOWED_HOSTS), as for a supplier on the shop's own network.
 */

const LOGIN = 'shop@example.ru';
const PASSWORD = 'Пароль-поставщика-731';
const PASSWORD_MD5 = createHash('md5').update(PASSWORD, 'utf8').digest('hex');

const OIL_FILTER: AbcpSiteArticle = {
  brand: 'MANN-FILTER',
  number: 'W 712/75',
  description: 'Фильтр масляный',
  price: 1234.56,
  availability: 14,
  packing: 1,
  deliveryPeriod: 24,
  deliveryPeriodMax: 48,
  supplierCode: '54325',
  itemKey: 'HFGJKfkdjghreiHJhfdjKhjskhfk',
  supplierDescription: 'Склад Москва',
};
const OIL_FILTER_ONLINE: AbcpSiteArticle = {
  ...OIL_FILTER,
  price: 999.9,
  availability: -10,
  deliveryPeriod: 120,
  deliveryPeriodMax: 168,
  supplierCode: '61001',
  itemKey: 'ZZonlineKey001',
  supplierDescription: 'Онлайн-склад',
};
const SPARK_PLUGS: AbcpSiteArticle = {
  brand: 'NGK',
  number: 'BKR6E',
  description: 'Свеча зажигания',
  price: 310,
  availability: -3,
  packing: 4,
  deliveryPeriod: 0,
  deliveryPeriodMax: 0,
  supplierCode: '54325',
  itemKey: 'NgkKey004',
  supplierDescription: 'Склад Москва',
};

const STATUSES = [
  { id: '101', name: 'Ожидает обработки' },
  { id: '102', name: 'Заказано' },
  { id: '103', name: 'Пришло на склад' },
  { id: '104', name: 'Отказ поставщика' },
  { id: '105', name: 'Особый статус сайта' },
];

let site: AbcpSite;
let allowedHosts: string[];

function channel(overrides: Partial<AbcpChannelSettings> = {}): AbcpChannel {
  return new AbcpChannel({
    credentials: { baseUrl: site.url, login: LOGIN, password: PASSWORD },
    order: { paymentMethodId: '37', shipmentMethodId: '4323', shipmentAddressId: '0' },
    statusMap: statusMapFromCatalogue(STATUSES.map(({ id, name }) => ({ code: id, name }))).map,
    outbound: { allowedHosts },
    timeoutMs: 5_000,
    ...overrides,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<SupplierChannelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SupplierChannelError) return error;
    throw error;
  }
  throw new Error('expected a SupplierChannelError');
}

beforeAll(async () => {
  site = await startAbcpSite({
    login: LOGIN,
    password: PASSWORD,
    articles: [OIL_FILTER, OIL_FILTER_ONLINE, SPARK_PLUGS],
    statuses: STATUSES,
    initialStatusId: '101',
    paymentMethods: [{ id: '37', name: 'Безналичный расчёт' }],
    shipmentMethods: [{ id: '4323', name: 'Самовывоз' }],
    shipmentAddresses: [{ id: '788', name: 'Москва, ул. Примерная, 1' }],
  });
  allowedHosts = ['127.0.0.1'];
});

afterAll(async () => {
  await site.close();
});

beforeEach(() => {
  site.misbehave(null);
  site.basket.length = 0;
  site.requests.length = 0;
});

describe('findOffers (search/articles)', () => {
  it("reads the supplier's offers exactly: kopecks, stock or its note, packing, hours, warehouse", async () => {
    const offers = await channel().findOffers('W712/75', 'mann-filter');
    expect(offers.map(({ offerKey: _key, ...offer }) => offer)).toEqual([
      {
        brand: 'MANN-FILTER',
        number: 'W 712/75',
        description: 'Фильтр масляный',
        priceKopecks: 123456,
        available: 14,
        availabilityNote: null,
        packing: 1,
        deliveryHours: 24,
        deliveryHoursMax: 48,
        warehouse: 'Склад Москва',
      },
      {
        brand: 'MANN-FILTER',
        number: 'W 712/75',
        description: 'Фильтр масляный',
        priceKopecks: 99990,
        available: null,
        availabilityNote: 'под заказ',
        packing: 1,
        deliveryHours: 120,
        deliveryHoursMax: 168,
        warehouse: 'Онлайн-склад',
      },
    ]);
    const [request] = site.requests;
    expect(request?.method).toBe('GET');
    expect(request?.operation).toBe('search/articles');
    expect(Object.fromEntries(request!.params)).toEqual({
      userlogin: LOGIN,
      userpsw: PASSWORD_MD5,
      number: 'W712/75',
      brand: 'mann-filter',
      useOnlineStocks: '1',
    });
  });

  it('answers no offers when the site finds nothing (its «object not found»)', async () => {
    expect(await channel().findOffers('NOSUCH', 'MANN-FILTER')).toEqual([]);
  });

  it('asks only the offline warehouses when told so', async () => {
    await channel({ useOnlineStocks: false }).findOffers('BKR6E', 'NGK');
    expect(site.requests[0]?.params.get('useOnlineStocks')).toBe('0');
  });
});

describe('placeOrder (basket/content, basket/add, basket/order)', () => {
  it('orders the lines the supplier takes and says why it refused the others', async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    const [plugs] = await channel().findOffers('BKR6E', 'NGK');
    const placed = await channel().placeOrder({
      reference: 'PO-15',
      comment: 'Заказ магазина',
      lines: [
        { lineRef: 'line-1', offerKey: filter!.offerKey, quantity: 3, comment: 'для клиента 12' },
        // Plugs come in fours: the site refuses 3.
        { lineRef: 'line-2', offerKey: plugs!.offerKey, quantity: 3 },
      ],
    });
    expect(placed.supplierOrderNumbers).toHaveLength(1);
    const [orderNumber] = placed.supplierOrderNumbers;
    const order = site.orders.get(orderNumber!)!;
    expect(placed.lines).toEqual([
      {
        lineRef: 'line-1',
        accepted: true,
        supplierOrderNumber: orderNumber,
        supplierLineId: order.positions[0]!.positionId,
        quantity: 3,
        priceKopecks: 123456,
      },
      { lineRef: 'line-2', accepted: false, reason: 'Количество должно быть кратно 4' },
    ]);
    expect(order).toMatchObject({
      clientOrderNumber: 'PO-15',
      comment: 'Заказ магазина',
      paymentMethod: '37',
      shipmentMethod: '4323',
      shipmentAddress: '0',
    });
    expect(order.positions).toHaveLength(1);
    expect(order.positions[0]).toMatchObject({ itemKey: OIL_FILTER.itemKey, quantity: 3, comment: 'для клиента 12' });
    expect(site.basket).toEqual([]);
    expect(site.requests.map((request) => `${request.method} ${request.operation}`)).toEqual([
      'GET search/articles',
      'GET search/articles',
      'GET basket/content',
      'POST basket/add',
      'POST basket/order',
    ]);
    // POST parameters travel in the body, never in the URL.
    for (const request of site.requests.filter((candidate) => candidate.method === 'POST')) {
      expect(request.rawUrl).toBe(`/${request.operation}`);
      expect(request.params.get('userpsw')).toBe(PASSWORD_MD5);
    }
  });

  it('does not order into a basket that already holds positions (they would go along)', async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    site.basket.push({
      brand: 'NGK',
      number: 'BKR6E',
      itemKey: SPARK_PLUGS.itemKey,
      supplierCode: SPARK_PLUGS.supplierCode,
      quantity: 4,
      comment: 'положил менеджер на сайте',
    });
    const ordersBefore = site.orders.size;
    const failure = await failureOf(
      channel().placeOrder({ reference: 'PO-16', lines: [{ lineRef: 'a', offerKey: filter!.offerKey, quantity: 1 }] }),
    );
    expect(failure.kind).toBe('refused');
    expect(failure.message).toContain('В корзине на сайте поставщика уже лежат товары');
    expect(site.orders.size).toBe(ordersBefore);
    expect(site.basket).toHaveLength(1);
  });

  it('refuses more positions than ABCP takes into one order, before any call', async () => {
    // Offer keys as the adapter makes them (brand, number, itemKey, supplierCode), one per line.
    const lines = Array.from({ length: MAX_ORDER_POSITIONS + 1 }, (_, index) => ({
      lineRef: `line-${index}`,
      offerKey: Buffer.from(JSON.stringify(['NGK', 'BKR6E', `key-${index}`, '54325'])).toString('base64url'),
      quantity: 4,
    }));
    const failure = await failureOf(channel().placeOrder({ reference: 'PO-18', lines }));
    expect(failure.message).toBe('В одном заказе у поставщика на ABCP не больше 500 позиций: разделите заказ');
    expect(site.requests).toEqual([]);
  });

  it('clears what it put into the basket when the order did not go', async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    const failure = await failureOf(
      channel({ order: { paymentMethodId: '999' } }).placeOrder({
        reference: 'PO-17',
        lines: [{ lineRef: 'a', offerKey: filter!.offerKey, quantity: 1 }],
      }),
    );
    expect(failure.kind).toBe('refused');
    expect(failure.message).toBe('API поставщика ответило ошибкой 4: «Ошибка в параметре paymentMethod»');
    // The basket was empty before; what the failed order left in it is ours and is cleared.
    expect(site.basket).toEqual([]);
  });
});

describe('ordersWithReference (orders, newest first)', () => {
  it("finds an order placed before by the shop's reference, with its lines as quantities", async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    const [plugs] = await channel().findOffers('BKR6E', 'NGK');
    const first = await channel().placeOrder({
      reference: 'key-aaa',
      lines: [{ lineRef: 'a', offerKey: filter!.offerKey, quantity: 2 }],
    });
    await channel().placeOrder({
      reference: 'key-bbb',
      lines: [{ lineRef: 'b', offerKey: plugs!.offerKey, quantity: 4 }],
    });
    site.requests.length = 0;
    const found = await channel().ordersWithReference('key-aaa');
    expect(found).toEqual([
      {
        number: first.supplierOrderNumbers[0],
        lines: [expect.objectContaining({ brand: 'MANN-FILTER', number: 'W 712/75', ordered: 2, confirmed: 0 })],
      },
    ]);
    expect(site.requests.map((request) => [request.operation, request.params.get('format')])).toEqual([
      ['orders', 'p'],
    ]);
    expect(await channel().ordersWithReference('key-none')).toEqual([]);
  });
});

describe('readOrder (orders/list) and the status map', () => {
  it("follows the supplier's statuses as quantities", async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    const [plugs] = await channel().findOffers('BKR6E', 'NGK');
    const placed = await channel().placeOrder({
      reference: 'PO-20',
      lines: [
        { lineRef: 'filter', offerKey: filter!.offerKey, quantity: 3 },
        { lineRef: 'plugs', offerKey: plugs!.offerKey, quantity: 8 },
      ],
    });
    const orderNumber = placed.supplierOrderNumbers[0]!;
    const [filterLine, plugsLine] = placed.lines.map((line) => (line.accepted ? line.supplierLineId : ''));
    const quantities = async () =>
      (await channel().readOrder(orderNumber))!.lines.map((line) => ({
        id: line.supplierLineId,
        ordered: line.ordered,
        confirmed: line.confirmed,
        refused: line.refused,
        ready: line.ready,
        refusalReason: line.refusalReason,
        statusUnknown: line.statusUnknown,
      }));
    const line = (id: string, values: object) => ({
      id,
      ordered: 0,
      confirmed: 0,
      refused: 0,
      ready: 0,
      refusalReason: null,
      statusUnknown: false,
      ...values,
    });

    expect(await quantities()).toEqual([line(filterLine!, { ordered: 3 }), line(plugsLine!, { ordered: 8 })]);

    site.setPosition(orderNumber, filterLine!, { statusId: '102' });
    site.setPosition(orderNumber, plugsLine!, { statusId: '104' });
    expect(await quantities()).toEqual([
      line(filterLine!, { ordered: 3, confirmed: 3 }),
      line(plugsLine!, { ordered: 8, refused: 8, refusalReason: 'Отказ поставщика' }),
    ]);

    // The supplier cut the quantity and brought the rest.
    site.setPosition(orderNumber, filterLine!, { statusId: '103', quantity: 2 });
    expect((await quantities())[0]).toEqual(
      line(filterLine!, {
        ordered: 3,
        confirmed: 2,
        ready: 2,
        refused: 1,
        refusalReason: 'Поставщик уменьшил количество',
      }),
    );

    // A status the map does not know: nothing is invented, the line is flagged.
    site.setPosition(orderNumber, filterLine!, { statusId: '105', quantity: 3 });
    const [state] = (await channel().readOrder(orderNumber))!.lines;
    expect(state).toMatchObject({ ordered: 3, confirmed: 0, refused: 0, ready: 0, statusUnknown: true });
    expect(state?.supplierStatus).toEqual({ code: '105', name: 'Особый статус сайта' });
    expect(state?.priceKopecks).toBe(123456);
  });

  it('reads many orders a few calls at a time, leaving out those the supplier does not have', async () => {
    const [filter] = await channel().findOffers('W712/75', 'MANN-FILTER');
    const numbers: string[] = [];
    for (const reference of ['PO-40', 'PO-41']) {
      const placed = await channel().placeOrder({
        reference,
        lines: [{ lineRef: 'a', offerKey: filter!.offerKey, quantity: 1 }],
      });
      numbers.push(...placed.supplierOrderNumbers);
    }
    const asked = [...numbers, ...Array.from({ length: ORDERS_PER_CALL }, (_, index) => `9${index}`)];
    site.requests.length = 0;
    const states = await channel().readOrders(asked);
    expect(states.map((state) => state.supplierOrderNumber)).toEqual(numbers);
    expect(
      site.requests.map((request) => [...request.params.keys()].filter((key) => key.startsWith('orders')).length),
    ).toEqual([ORDERS_PER_CALL, asked.length - ORDERS_PER_CALL]);
  });

  it('answers null for an order the supplier does not have', async () => {
    expect(await channel().readOrder('404404')).toBeNull();
  });

  it("builds a supplier's map from its own status list, naming what it did not recognise", async () => {
    const catalogue = await channel().positionStatuses();
    expect(statusMapFromCatalogue(catalogue)).toEqual({
      map: {
        '101': { stage: 'ordered' },
        '102': { stage: 'confirmed' },
        '103': { stage: 'ready' },
        '104': { stage: 'refused', reason: 'Отказ поставщика' },
      },
      unrecognised: [{ code: '105', name: 'Особый статус сайта' }],
    });
  });

  it('lists the ids the order settings take (a site without pick-up offices answers none)', async () => {
    expect(await channel().orderOptions()).toEqual({
      paymentMethods: [{ id: '37', name: 'Безналичный расчёт' }],
      shipmentMethods: [{ id: '4323', name: 'Самовывоз' }],
      shipmentAddresses: [{ id: '788', name: 'Москва, ул. Примерная, 1' }],
      shipmentOffices: [],
    });
  });
});

describe('failures the staff read', () => {
  it('a wrong password: «credentials», in Russian, without the login or the password', async () => {
    const failure = await failureOf(
      channel({ credentials: { baseUrl: site.url, login: LOGIN, password: 'wrong' } }).findOffers('W712/75', 'MANN'),
    );
    expect(failure.kind).toBe('credentials');
    expect(failure.message).toBe(
      'Поставщик не принял логин или пароль API (ошибка 102: «Ошибка аутентификации пользователя»)',
    );
  });

  it('an unreachable host', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await failureOf(
      channel({ credentials: { baseUrl: `http://127.0.0.1:${port}`, login: LOGIN, password: PASSWORD } }).findOffers(
        'W712/75',
        'MANN',
      ),
    );
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toBe(`Сервер 127.0.0.1:${port} не принимает соединения`);
  });

  it('a site that does not answer in time', async () => {
    site.misbehave('silent');
    const failure = await failureOf(channel({ timeoutMs: 300 }).findOffers('W712/75', 'MANN'));
    expect(failure.kind).toBe('unreachable');
    expect(failure.message).toMatch(/^API поставщика \(127\.0\.0\.1:\d+\) не ответило вовремя$/);
  });

  it.each([
    ['html', /^Сервер 127\.0\.0\.1:\d+ ответил не как API ABCP \(не JSON\): проверьте адрес API поставщика$/],
    ['http500', /^API поставщика 127\.0\.0\.1:\d+ ответило ошибкой HTTP 500$/],
    ['wrong_shape', /^API поставщика ответило на search\/articles не так, как описано в документации ABCP$/],
  ] as const)('an unexpected answer (%s)', async (how, message) => {
    site.misbehave(how);
    const failure = await failureOf(channel().findOffers('W712/75', 'MANN-FILTER'));
    expect(failure.kind).toBe('unexpected_answer');
    expect(failure.message).toMatch(message);
  });

  it('an address that is not an API address', async () => {
    const failure = await failureOf(
      channel({
        credentials: { baseUrl: `${site.url}/?userlogin=x`, login: LOGIN, password: PASSWORD },
      }).findOffers('A', 'B'),
    );
    expect(failure.message).toBe(
      'Адрес API поставщика указывается без логина, пароля и параметров: они задаются отдельно',
    );
  });
});

describe('the outbound address policy (decision 0037) holds for the supplier API', () => {
  it('refuses an inside address that is not allowed, before anything is sent', async () => {
    const failure = await failureOf(channel({ outbound: { allowedHosts: [] } }).findOffers('W712/75', 'MANN'));
    expect(failure.kind).toBe('address_not_allowed');
    expect(failure.message).toContain('Адрес API поставщика не разрешён');
    expect(site.requests).toEqual([]);
  });

  it('refuses a name that resolves inside, checked where the connection is made', async () => {
    const port = new URL(site.url).port;
    const failure = await failureOf(
      channel({
        credentials: { baseUrl: `http://abcp-supplier.example:${port}`, login: LOGIN, password: PASSWORD },
        outbound: {
          allowedHosts: [],
          resolveHost: async () => [{ address: '127.0.0.1', family: 4 }],
        },
      }).findOffers('W712/75', 'MANN'),
    );
    expect(failure.kind).toBe('address_not_allowed');
    expect(site.requests).toEqual([]);
  });
});

describe('credentials stay secret', () => {
  it('never reach the log, an error or an answer', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'trace' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const logged = channel({ log });
    const answers: unknown[] = [];
    const errors: string[] = [];
    const [filter] = await logged.findOffers('W712/75', 'MANN-FILTER');
    answers.push(filter);
    const placed = await logged.placeOrder({
      reference: 'PO-30',
      lines: [{ lineRef: 'x', offerKey: filter!.offerKey, quantity: 1 }],
    });
    answers.push(placed, await logged.readOrder(placed.supplierOrderNumbers[0]!));
    for (const broken of [
      () => channel({ log, credentials: { baseUrl: site.url, login: LOGIN, password: 'wrong' } }).findOffers('A', 'B'),
      () => channel({ log, outbound: { allowedHosts: [] } }).findOffers('A', 'B'),
      // A silent site, not a 1 ms timeout: a quick local answer could beat that one and fail nothing.
      () => {
        site.misbehave('silent');
        return channel({ log, timeoutMs: 300 }).findOffers('A', 'B');
      },
    ]) {
      errors.push(await failureOf(broken()).then((error) => `${error.message} ${error.stack ?? ''}`));
    }
    site.misbehave(null);
    const output = lines.join('');
    expect(output).toContain('"operation":"search/articles"');
    expect(output).toContain('"kind":"credentials"');
    for (const text of [output, JSON.stringify(answers), errors.join('\n')]) {
      expect(text).not.toContain(PASSWORD);
      expect(text.toLowerCase()).not.toContain(PASSWORD_MD5);
      expect(text).not.toContain(LOGIN);
    }
  });
});
