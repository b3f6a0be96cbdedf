import { describe, expect, it } from 'vitest';
import {
  ADDRESS_REQUIRED_MESSAGE,
  INVALID_PHONE_MESSAGE,
  PAST_DATE_MESSAGE,
  REPLACEMENT_DAYS_MESSAGE,
  REPLACEMENT_PERCENT_MESSAGE,
  step2RequestSchema,
} from '@detal/contract';
import type { Preorder } from '@detal/contract';
import {
  chosenMethod,
  initialCheckoutValues,
  NEW_ADDRESS,
  orderChanges,
  parseLineIds,
  splitServerErrors,
  step2Body,
  validateCheckout,
} from './checkout-form.ts';
import { hasOrderFilters, orderFilterError, readOrderFilters } from './order-filters.ts';

const preorder: Preorder = {
  shop_id: 1,
  client_shops_id: 7,
  count_position_item: 1,
  count_total_price_item: 1281,
  basket_id: 3,
  items: [],
  delivery_method: [
    { id: 1, name: 'Самовывоз', price: 0, description: '', needs_address: false },
    { id: 2, name: 'Курьер', price: 350, description: '', needs_address: true },
  ],
  client_shops: {
    email: 'client@example.ru',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: null,
    company_name: 'ООО «Ромашка»',
    phone_number: '+79991234567',
  },
  client_shops_delivery_address: [{ id: 11, address: 'Москва, Тверская, 1' }],
  payers: [],
  credit_hold: null,
};

const basket = { basket_id: 3, basket_key: 'key' };
const TODAY = '2030-06-15';

describe('checkout form', () => {
  it('starts from the account: contact data, the first method, the first saved address', () => {
    expect(initialCheckoutValues(preorder)).toEqual({
      client_shops_email: 'client@example.ru',
      last_name: 'Петров',
      first_name: 'Иван',
      middle_name: '',
      company_name: 'ООО «Ромашка»',
      phone_number: '+79991234567',
      delivery_method_id: '1',
      address_choice: '11',
      delivery_address: '',
      desired_date: '',
      desired_time: '',
      comment: '',
      payer_id: '',
      // (issue 29) No replacement unless the client allows it; the limits offered first.
      replacement_allowed: '',
      replacement_max_price_percent: '5',
      replacement_max_extra_days: '2',
    });
    expect(initialCheckoutValues({ ...preorder, client_shops_delivery_address: [] }).address_choice).toBe(NEW_ADDRESS);
  });

  it('passes a filled form and builds the request the contract accepts', () => {
    const values = { ...initialCheckoutValues(preorder), desired_date: TODAY, desired_time: '7:30 pm', comment: ' ' };
    expect(validateCheckout(values, preorder.delivery_method, TODAY)).toEqual({});
    const body = step2Body(
      values,
      basket,
      [5, 6],
      chosenMethod(values, preorder.delivery_method)?.needs_address === true,
    );
    expect(body).toMatchObject({
      basket_id: 3,
      basket_key: 'key',
      itemsForOrder: [5, 6],
      middle_name: null,
      delivery_method_id: 1,
      // Pick-up: no address, even though one is chosen in the (hidden) address field.
      delivery_address_id: null,
      delivery_address: null,
      desired_date: TODAY,
      desired_time: '7:30 pm',
      comment: null,
    });
    expect(step2RequestSchema.safeParse(body).success).toBe(true);
    // The replacement limits go only when the client allows a replacement.
    expect(body).not.toHaveProperty('replacement_max_price_percent');
  });

  it('sends the replacement limits when allowed, and checks them as the contract does (issue 29)', () => {
    const allowed = { ...initialCheckoutValues(preorder), replacement_allowed: 'on' };
    const body = step2Body(allowed, basket, [5], false);
    expect(body).toMatchObject({ replacement_max_price_percent: 5, replacement_max_extra_days: 2 });
    expect(step2RequestSchema.parse(body)).toMatchObject({
      replacement_max_price_percent: 5,
      replacement_max_extra_days: 2,
    });
    expect(validateCheckout(allowed, preorder.delivery_method, TODAY)).toEqual({});
    const wrong = { ...allowed, replacement_max_price_percent: '25', replacement_max_extra_days: '1.5' };
    expect(validateCheckout(wrong, preorder.delivery_method, TODAY)).toEqual({
      replacement_max_price_percent: REPLACEMENT_PERCENT_MESSAGE,
      replacement_max_extra_days: REPLACEMENT_DAYS_MESSAGE,
    });
    // Not allowed: the limits are not checked (nor sent).
    expect(validateCheckout({ ...wrong, replacement_allowed: '' }, preorder.delivery_method, TODAY)).toEqual({});
    // The server's 422 on a limit shows at that field.
    expect(
      splitServerErrors({
        message: 'x',
        error: { replacement_max_extra_days: [REPLACEMENT_DAYS_MESSAGE] },
      }).fields,
    ).toEqual({ replacement_max_extra_days: REPLACEMENT_DAYS_MESSAGE });
  });

  it('sends the saved address or the new one, as the courier needs an address', () => {
    const courier = { ...initialCheckoutValues(preorder), delivery_method_id: '2' };
    expect(step2Body(courier, basket, [5], true)).toMatchObject({
      delivery_address_id: 11,
      delivery_address: null,
    });
    const typed = { ...courier, address_choice: NEW_ADDRESS, delivery_address: ' Тула, Ленина, 2 ' };
    expect(step2Body(typed, basket, [5], true)).toMatchObject({
      delivery_address_id: null,
      delivery_address: 'Тула, Ленина, 2',
    });
    expect(validateCheckout({ ...typed, delivery_address: '  ' }, preorder.delivery_method, TODAY)).toEqual({
      delivery_address: ADDRESS_REQUIRED_MESSAGE,
    });
  });

  it('shows one error per wrong field', () => {
    const values = {
      ...initialCheckoutValues(preorder),
      client_shops_email: 'not-an-email',
      first_name: ' ',
      phone_number: '12345',
      delivery_method_id: '99',
      desired_date: '2030-06-14',
      desired_time: '25:00',
    };
    expect(validateCheckout(values, preorder.delivery_method, TODAY)).toEqual({
      client_shops_email: 'Введите корректный e-mail',
      first_name: 'Введите имя',
      phone_number: INVALID_PHONE_MESSAGE,
      delivery_method_id: 'Выберите способ доставки',
      desired_date: PAST_DATE_MESSAGE,
      desired_time: 'Введите время в формате чч:мм',
    });
  });

  it('puts the server\u2019s 422 on the fields, and what is about the lines above the form', () => {
    const body = {
      message: 'Проверьте правильность заполнения полей',
      error: {
        delivery_address_id: ['Этого адреса нет среди ваших адресов доставки'],
        phone_number: [INVALID_PHONE_MESSAGE],
        itemsForOrder: ['Некоторых позиций уже нет в корзине'],
      },
    };
    expect(splitServerErrors(body)).toEqual({
      fields: { address_choice: 'Этого адреса нет среди ваших адресов доставки', phone_number: INVALID_PHONE_MESSAGE },
      general: ['Некоторых позиций уже нет в корзине'],
    });
  });

  it('reads what changed from a 409', () => {
    expect(
      orderChanges({
        message: 'Цены или наличие изменились',
        error: {
          'items.5': ['MANN OC 90: цена изменилась', 'MANN OC 90: в наличии 1 шт.'],
          'items.6': ['BOSCH 1: товар закончился'],
        },
      }),
    ).toEqual(['MANN OC 90: цена изменилась', 'MANN OC 90: в наличии 1 шт.', 'BOSCH 1: товар закончился']);
  });

  it('reads the chosen lines from ?items=', () => {
    expect(parseLineIds(new URLSearchParams('items=3,1,3'))).toEqual([3, 1]);
    for (const search of ['', 'items=', 'items=a,b', 'items=1,,2', 'items=0', 'items=-1']) {
      expect({ search, ids: parseLineIds(new URLSearchParams(search)) }).toEqual({ search, ids: null });
    }
  });
});

describe('order list filters', () => {
  it('reads the filters of the address, ignoring malformed ones', () => {
    const filters = readOrderFilters(new URLSearchParams('date_from=2030-01-01&date_to=bad&status=ready&id=42'));
    expect(filters).toEqual({ date_from: '2030-01-01', date_to: null, status: 'ready', id: 42 });
    expect(hasOrderFilters(filters)).toBe(true);
    const empty = readOrderFilters(new URLSearchParams('status=shipped&id=99999999999&date_from='));
    expect(empty).toEqual({ date_from: null, date_to: null, status: null, id: null });
    expect(hasOrderFilters(empty)).toBe(false);
  });

  it('names a reversed date range', () => {
    expect(orderFilterError({ date_from: '2030-02-01', date_to: '2030-01-01', status: null, id: null })).toMatch(
      /раньше/,
    );
    expect(orderFilterError({ date_from: '2030-01-01', date_to: '2030-01-01', status: null, id: null })).toBeNull();
  });
});
