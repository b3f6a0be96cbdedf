import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  RECONCILIATION_PERIOD_MESSAGE,
  accountSchema,
  basketAddItemRequestSchema,
  basketChangeQuantityRequestSchema,
  basketSchema,
  billDownloadRequestSchema,
  billListFiltersSchema,
  catalogGroupSchema,
  changePasswordRequestSchema,
  dataEnvelope,
  deliveryAddressSaveRequestSchema,
  loginRequestSchema,
  newsPreviewSchema,
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  orderListFiltersSchema,
  orderSchema,
  paginatedList,
  preorderSchema,
  registrationRequestSchema,
  resetPasswordConfirmRequestSchema,
  searchRequestSchema,
  searchResultSchema,
  shopEndpoints,
  step1RequestSchema,
  step2RequestSchema,
  techEndpoints,
  templateSchema,
  basketItemSchema,
  searchItemSchema,
} from './index.ts';

/** Field path -> messages of a failed parse. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

describe('Russian messages', () => {
  it("zod's defaults are Russian for every importer once the contract is loaded", () => {
    const ownSchema = z.object({ count: z.number() });
    expect(errorsOf(ownSchema, { count: 'x' }).count?.[0]).toMatch(/^Неверный ввод/);
  });
});

describe('registrationRequestSchema', () => {
  const valid = {
    email: ' Client@Example.ru ',
    password: 'secret-pass',
    password_confirmation: 'secret-pass',
    first_name: ' Иван ',
    last_name: 'Петров',
    middle_name: '',
    phone_number: '+7 999 123-45-67',
  };

  it('accepts a registration, trims it and normalizes the phone', () => {
    expect(registrationRequestSchema.parse(valid)).toEqual({
      ...valid,
      email: 'Client@Example.ru',
      phone_number: '+79991234567',
      first_name: 'Иван',
      middle_name: null,
      company_name: null,
      is_business: false,
      inn: null,
      payer: null,
    });
  });

  it('reports every field in Russian, the mismatch on password_confirmation', () => {
    expect(
      errorsOf(registrationRequestSchema, {
        email: 'client@',
        password: 'short',
        password_confirmation: 'other',
        phone_number: '',
      }),
    ).toEqual({
      email: ['Введите корректный e-mail'],
      password: ['Пароль должен содержать не менее 8 символов'],
      password_confirmation: ['Пароли не совпадают'],
      first_name: ['Введите имя'],
      last_name: ['Введите фамилию'],
      phone_number: ['Введите номер телефона'],
    });
  });

  it('asks for the missing e-mail and password', () => {
    const errors = errorsOf(registrationRequestSchema, {
      ...valid,
      email: '',
      password: '',
      password_confirmation: '',
    });
    expect(errors).toEqual({ email: ['Введите e-mail'], password: ['Введите пароль'] });
  });

  it('caps the password at 128 characters', () => {
    const long = 'x'.repeat(129);
    expect(errorsOf(registrationRequestSchema, { ...valid, password: long, password_confirmation: long })).toEqual({
      password: ['Пароль должен содержать не более 128 символов'],
    });
  });

  it('takes the anonymous basket only as a pair', () => {
    expect(registrationRequestSchema.safeParse({ ...valid, basket_id: 5, basket_key: 'k' }).success).toBe(true);
    expect(errorsOf(registrationRequestSchema, { ...valid, basket_id: 5 })).toEqual({
      basket_key: ['Укажите номер и ключ корзины вместе'],
    });
  });
});

describe('loginRequestSchema and the account requests', () => {
  it('login: remember defaults to false; any non-empty password is checked by the server', () => {
    expect(loginRequestSchema.parse({ email: 'a@b.ru', password: 'x' })).toEqual({
      email: 'a@b.ru',
      password: 'x',
      remember: false,
    });
    expect(errorsOf(loginRequestSchema, { email: 'a@b.ru' })).toEqual({ password: ['Введите пароль'] });
  });

  it('reset confirmation and password change check the confirmation', () => {
    expect(
      errorsOf(resetPasswordConfirmRequestSchema, { token: 't', password: 'new-password', password_confirmation: 'x' }),
    ).toEqual({ password_confirmation: ['Пароли не совпадают'] });
    expect(
      changePasswordRequestSchema.safeParse({
        current_password: 'old',
        password: 'new-password',
        password_confirmation: 'new-password',
      }).success,
    ).toBe(true);
  });

  it('a delivery address needs its text', () => {
    expect(deliveryAddressSaveRequestSchema.parse({ address: ' Москва, ул. Ленина, 1 ' })).toEqual({
      address: 'Москва, ул. Ленина, 1',
    });
    expect(errorsOf(deliveryAddressSaveRequestSchema, { id: 3, address: ' ' })).toEqual({
      address: ['Введите адрес доставки'],
    });
  });
});

describe('searchRequestSchema', () => {
  it('trims the article and fills the defaults', () => {
    expect(searchRequestSchema.parse({ article: '  oc 90 ', brand_name: '' })).toEqual({
      article: 'oc 90',
      analogs: true,
      sort: 'price',
    });
    expect(
      searchRequestSchema.parse({
        article: 'OC90',
        brand_name: 'MAHLE',
        sort: 'delivery',
        in_stock: true,
        max_delivery: 0,
      }),
    ).toEqual({
      article: 'OC90',
      brand_name: 'MAHLE',
      analogs: true,
      sort: 'delivery',
      in_stock: true,
      max_delivery: 0,
    });
  });

  it('rejects an empty or oversized article in Russian', () => {
    expect(errorsOf(searchRequestSchema, { article: '   ' })).toEqual({ article: ['Введите артикул'] });
    expect(errorsOf(searchRequestSchema, {})).toEqual({ article: ['Введите артикул'] });
    expect(errorsOf(searchRequestSchema, { article: 'x'.repeat(65) })).toEqual({
      article: ['Артикул должен содержать не более 64 символов'],
    });
    expect(searchRequestSchema.safeParse({ article: ` ${'x'.repeat(64)} ` }).success).toBe(true);
    expect(errorsOf(searchRequestSchema, { article: 'oc90', sort: 'name', max_delivery: -1 })).toEqual({
      sort: ['Сортировка: price или delivery'],
      max_delivery: ['Срок поставки не может быть отрицательным'],
    });
  });
});

describe('basket requests', () => {
  it('add-item: null ids start a new basket, quantity defaults to 1', () => {
    expect(basketAddItemRequestSchema.parse({ basket_id: null, basket_key: null, item: { id: 7, price: 1 } })).toEqual({
      basket_id: null,
      basket_key: null,
      item: { id: 7 },
      quantity: 1,
    });
  });

  it('add-item: rejects a half basket reference and a zero quantity', () => {
    expect(errorsOf(basketAddItemRequestSchema, { basket_id: 3, item: { id: 7 }, quantity: 0 })).toEqual({
      quantity: ['Количество должно быть не меньше 1'],
      basket_key: ['Укажите номер и ключ корзины вместе'],
    });
    expect(errorsOf(basketAddItemRequestSchema, {})).toEqual({ item: ['Не указан товар'] });
  });

  it('changes-quantity: only a step of 1 or -1', () => {
    const ref = { id: 1, basket_id: 2, basket_key: 'k' };
    expect(basketChangeQuantityRequestSchema.parse({ ...ref, quantity_in_basket: -1 }).quantity_in_basket).toBe(-1);
    expect(errorsOf(basketChangeQuantityRequestSchema, { ...ref, quantity_in_basket: 2 })).toEqual({
      quantity_in_basket: ['Количество меняется на 1 или -1'],
    });
  });
});

describe('order requests', () => {
  const ref = { basket_id: 1, basket_key: 'k' };
  const step2 = {
    ...ref,
    itemsForOrder: [10, 11],
    client_shops_email: 'client@example.ru',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: null,
    company_name: 'ООО Ромашка',
    phone_number: '+79991234567',
    delivery_method_id: 2,
    delivery_address_id: 4,
  };

  it('step 1 needs at least one basket line', () => {
    expect(step1RequestSchema.parse({ ...ref, itemsForOrder: [3] })).toEqual({ ...ref, itemsForOrder: [3] });
    expect(errorsOf(step1RequestSchema, { ...ref, itemsForOrder: [] })).toEqual({
      itemsForOrder: ['Выберите позиции для заказа'],
    });
    expect(errorsOf(step1RequestSchema, { ...ref, itemsForOrder: [0] })).toEqual({
      'itemsForOrder.0': ['Некорректный идентификатор'],
    });
  });

  it('step 2 delivers the desired time in 24-hour form', () => {
    const parsed = step2RequestSchema.parse({
      ...step2,
      desired_date: '2030-01-15',
      desired_time: '7:05 pm',
      comment: ' ',
    });
    expect(parsed.desired_time).toBe('19:05');
    expect(parsed.desired_date).toBe('2030-01-15');
    expect(parsed.comment).toBeNull();
  });

  it('step 2 rejects a bad date, time and a double address', () => {
    expect(
      errorsOf(step2RequestSchema, {
        ...step2,
        desired_date: '15.01.2030',
        desired_time: '25:00',
        delivery_address: 'Москва',
      }),
    ).toEqual({
      desired_date: ['Введите дату в формате ГГГГ-ММ-ДД'],
      desired_time: ['Введите время в формате чч:мм'],
    });
    expect(errorsOf(step2RequestSchema, { ...step2, delivery_address: 'Москва' })).toEqual({
      delivery_address: ['Выберите сохранённый адрес или введите новый, но не оба'],
    });
  });

  it('list filters: per_page default, date range order, null means any', () => {
    expect(orderListFiltersSchema.parse({ status: null })).toEqual({ status: null, per_page: 20 });
    expect(errorsOf(orderListFiltersSchema, { date_from: '2024-05-02', date_to: '2024-05-01' })).toEqual({
      date_to: ['Дата «по» не может быть раньше даты «с»'],
    });
    expect(errorsOf(orderListFiltersSchema, { status: 'lost' })).toEqual({ status: ['Неизвестный статус заказа'] });
  });

  it('every status has its Russian name', () => {
    expect(Object.keys(ORDER_STATUS_NAMES).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(ORDER_STATUS_NAMES.ordered).toBe('Заказан у поставщика');
    expect(ORDER_STATUS_NAMES.canceled).toBe('Отменён');
  });
});

describe('bill requests', () => {
  it('filters and download', () => {
    expect(billListFiltersSchema.parse({ paid: false })).toEqual({ paid: false, per_page: 20 });
    expect(billDownloadRequestSchema.parse({ billId: 12 })).toEqual({ billId: 12 });
    expect(errorsOf(billDownloadRequestSchema, {})).toEqual({ billId: ['Обязательное поле'] });
  });
});

// Sample answers as the server sends them: parsed by the web, encoded by the server's serializer.
const offer = {
  id: 101,
  article: 'OC 90',
  brand_name: 'MAHLE',
  description: 'Фильтр масляный',
  delivery: 2,
  supplier_name: 'Склад Москва',
  delivery_probability: 90,
  price: 640.5,
  quantity: 12,
  weight: 0.35,
};
/** (issue 33) «обычно 4 дн., вовремя 92 %». */
const deliveryStats = { median_days: 4, on_time_percent: 92, lines: 37 };
const basketItem = {
  ...offer,
  id: 5,
  offer_id: 101,
  quantity_in_basket: 2,
  price_changed: false,
  delivery_stats: deliveryStats,
};
const order = {
  id: 42,
  created_at: '2024-05-31T21:30:00.000Z',
  status: 'new',
  status_name: 'Новый',
  delivery_method: { id: 1, name: 'Самовывоз', price: 0, description: 'Из магазина' },
  delivery_address: null,
  desired_date: '2024-06-03',
  desired_time: '10:00',
  comment: null,
  total_price: 1281,
  count_position: 1,
  bill_id: 7,
  payer: null,
  items: [
    {
      id: 1,
      article: 'OC 90',
      brand_name: 'MAHLE',
      description: 'Фильтр масляный',
      supplier_name: null,
      delivery: null,
      price: 640.5,
      quantity: 2,
      status: 'new',
      status_name: 'Новый',
      expected_day: null,
    },
  ],
};

describe('delivery_stats (issue 33)', () => {
  it('is on every search item and basket line: the figures, or null below the minimum; never left out', () => {
    const item = { ...offer, group: 'requested' };
    expect(searchItemSchema.parse({ ...item, delivery_stats: deliveryStats }).delivery_stats).toEqual(deliveryStats);
    expect(searchItemSchema.parse({ ...item, delivery_stats: null }).delivery_stats).toBeNull();
    expect(searchItemSchema.safeParse(item).success).toBe(false);
    const { delivery_stats: _left, ...withoutStats } = basketItem;
    expect(basketItemSchema.safeParse(withoutStats).success).toBe(false);
    // A share over 100 % or fractional days are not figures.
    expect(
      searchItemSchema.safeParse({ ...item, delivery_stats: { ...deliveryStats, on_time_percent: 101 } }).success,
    ).toBe(false);
    expect(
      searchItemSchema.safeParse({ ...item, delivery_stats: { ...deliveryStats, median_days: 2.5 } }).success,
    ).toBe(false);
  });
});

describe('response round trips', () => {
  const samples: [string, z.ZodType, unknown][] = [
    [
      'basket-show',
      shopEndpoints['basket-show'].response,
      { data: { basket_id: 1, basket_key: 'k', total_positions_in_basket: 1, items: [basketItem] } },
    ],
    [
      'products-search',
      shopEndpoints['products-search'].response,
      {
        data: {
          result_products_search: {
            article: 'oc-90',
            normalized_article: 'OC90',
            brand_name: 'MAHLE',
            brands: [
              {
                brand_name: 'MAHLE',
                article: 'OC 90',
                description: 'Фильтр',
                offers_count: 3,
                min_price: 640.5,
                min_delivery: 0,
              },
            ],
            items: [
              { ...offer, group: 'requested', delivery_stats: deliveryStats },
              { ...offer, id: 102, group: 'analog', delivery_stats: null },
            ],
          },
        },
      },
    ],
    [
      'basket-create-order-order-step1-from-items-post',
      shopEndpoints['basket-create-order-order-step1-from-items-post'].response,
      {
        data: {
          shop_id: 1,
          client_shops_id: 9,
          count_position_item: 1,
          count_total_price_item: 1281,
          basket_id: 1,
          items: [basketItem],
          delivery_method: [{ id: 1, name: 'Самовывоз', price: 0, description: '', needs_address: false }],
          client_shops: {
            email: 'a@b.ru',
            first_name: 'Иван',
            last_name: 'Петров',
            middle_name: null,
            company_name: null,
            phone_number: '+79991234567',
          },
          client_shops_delivery_address: [{ id: 4, address: 'Москва' }],
          payers: [],
          credit_hold: null,
        },
      },
    ],
    [
      'show-client-all-orders-post',
      shopEndpoints['show-client-all-orders-post'].response,
      { data: { data: [order], current_page: 1, last_page: 1, per_page: 20, total: 1 } },
    ],
    [
      'client-bill-all-post',
      shopEndpoints['client-bill-all-post'].response,
      {
        data: {
          data: [
            {
              id: 7,
              created_at: '2024-05-31T21:30:00+03:00',
              date_bill: '2024-05-31T21:30:00+03:00',
              clients_shops_orders_id: 42,
              price_sum: 1281,
              paid: false,
              revision: 1,
              revisions: [
                { revision: 0, issued_at: '2024-05-31T21:30:00+03:00', price_sum: 1500 },
                { revision: 1, issued_at: '2024-06-01T10:00:00+03:00', price_sum: 1281 },
              ],
            },
          ],
          current_page: 2,
          last_page: 1,
          per_page: 20,
          total: 1,
        },
      },
    ],
    [
      'create-order',
      shopEndpoints['create-order-order-step2-from-items-post'].response,
      { data: { orderForClient: { id: 42 }, credit_hold: null } },
    ],
    [
      'client-login',
      shopEndpoints['client-login'].response,
      { data: { client: { access_token: 't', basket_id: 1, basket_key: 'k' } } },
    ],
    ['client-logout', shopEndpoints['client-logout'].response, { data: { success: true } }],
    [
      'template',
      dataEnvelope(templateSchema),
      {
        data: {
          shop: {
            name: 'Деталь',
            phone: '+7 495 000-00-00',
            email: 'shop@example.ru',
            address: 'Москва',
            work_hours: '9–21',
          },
          menu: { header: [{ title: 'Новости', url: '/news' }], footer: [] },
          delivery_calendar: {
            now: '2026-11-25T07:00:00.000Z',
            time_zone: 'Europe/Moscow',
            working_weekdays: [1, 2, 3, 4, 5],
            holidays: ['2026-12-31'],
            orders_until: '18:00',
          },
        },
      },
    ],
    [
      'news-list',
      dataEnvelope(paginatedList(newsPreviewSchema)),
      {
        data: {
          data: [
            {
              id: 1,
              slug: 'open',
              title: 'Открытие',
              preview: 'Мы открылись',
              published_at: '2024-05-01T09:00:00Z',
              image_url: null,
            },
          ],
          current_page: 1,
          last_page: 1,
          per_page: 20,
          total: 1,
        },
      },
    ],
    [
      'get-all-groups',
      techEndpoints['get-all-groups'].response,
      {
        data: [
          {
            id: 1,
            name: 'Фильтры',
            parent_id: null,
            children: [{ id: 2, name: 'Масляные', parent_id: 1, children: [] }],
          },
        ],
      },
    ],
  ];

  it.each(samples)('%s parses and encodes unchanged', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
    expect(z.encode(schema, sample as never)).toEqual(sample);
  });

  it('rejects answers that break the contract', () => {
    expect(orderSchema.safeParse({ ...order, created_at: '2024-05-31T21:30:00' }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, total_price: 0.1 + 0.2 }).success).toBe(false);
    expect(orderSchema.safeParse({ ...order, status: 'lost' }).success).toBe(false);
    expect(
      basketSchema.safeParse({ basket_id: 1, basket_key: 'k', total_positions_in_basket: 1, items: [offer] }).success,
    ).toBe(false);
    expect(
      searchResultSchema.safeParse({
        article: 'x',
        normalized_article: 'X',
        brand_name: null,
        brands: [],
        items: [{ ...offer, group: 'other' }],
      }).success,
    ).toBe(false);
    expect(preorderSchema.safeParse({}).success).toBe(false);
    expect(accountSchema.safeParse({ client: { id: 1 }, delivery_addresses: [] }).success).toBe(false);
  });

  it('the catalogue tree is checked at every depth', () => {
    const tree = {
      id: 1,
      name: 'Фильтры',
      parent_id: null,
      children: [{ id: 2, name: 'Масляные', parent_id: 1, children: [{ id: 3, parent_id: 2, children: [] }] }],
    };
    expect(errorsOf(catalogGroupSchema, tree)).toEqual({
      'children.0.children.0.name': [expect.stringMatching(/^Неверный ввод/)],
    });
  });
});

// Issue 31: the client's ledger view and the reconciliation act's request.
describe('client ledger and reconciliation act', () => {
  it('round-trips the client ledger answer', () => {
    const sample = {
      data: {
        today: '2026-11-27',
        accounts: [
          {
            id: 3,
            client_id: 9,
            payer_id: 4,
            name: 'ООО «Ромашка»',
            balance: '-12000.00',
            debt: '12000.00',
            overdue: '2000.00',
            oldest_due: '2026-11-01',
            stop: { kind: 'auto', reason: 'Просроченный долг более 30 дн.', at: '2026-11-20T00:00:00.000Z' },
            credit_limit: '50000.00',
            available: '0.00',
            open_debits: [
              { entry_id: 11, due_on: '2026-11-01', open: '2000.00', overdue: true },
              { entry_id: 12, due_on: '2026-12-01', open: '10000.00', overdue: false },
            ],
          },
        ],
      },
    };
    const schema = shopEndpoints['client-ledger-post'].response;
    expect(schema.parse(sample)).toEqual(sample);
    expect(z.encode(schema, sample as never)).toEqual(sample);
  });

  it('takes a period of one ledger and refuses a reversed or malformed one in Russian', () => {
    const schema = shopEndpoints['client-reconciliation-download-post'].body;
    expect(schema.parse({ account_id: 3, date_from: '2026-11-01', date_to: '2026-11-30' })).toEqual({
      account_id: 3,
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    const reversed = schema.safeParse({ account_id: 3, date_from: '2026-11-30', date_to: '2026-11-01' });
    expect(reversed.success).toBe(false);
    expect(z.flattenError(reversed.error!).fieldErrors).toEqual({ date_to: [RECONCILIATION_PERIOD_MESSAGE] });
    const malformed = schema.safeParse({ account_id: 3, date_from: '01.11.2026', date_to: '2026-11-30' });
    expect(z.flattenError(malformed.error!).fieldErrors).toEqual({ date_from: ['Введите дату в формате ГГГГ-ММ-ДД'] });
    expect(schema.safeParse({ date_from: '2026-11-01', date_to: '2026-11-30' }).success).toBe(false);
  });
});
