import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, Outlet, useLocation } from 'react-router';
import type { BasketItem, Preorder } from '@detal/contract';
import OrderCreatePage, { HydrateFallback } from '../../routes/order-create.tsx';
import { rememberBasket } from '../basket/held-basket.ts';
import { serveBasketApi, shownNotifications } from '../../../test/basket-server.ts';
import { checkoutAction } from './checkout-action.ts';
import { loadCheckout } from './checkout-loader.ts';

const server = serveBasketApi();

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** /orders/create as the app mounts it, with its loader running in the browser as on a client navigation. */
function renderCheckout(path = '/orders/create?items=5,6') {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        {
          path: 'orders/create',
          Component: OrderCreatePage,
          HydrateFallback,
          loader: ({ request }) => loadCheckout(new URL(request.url)),
          action: ({ request }) => checkoutAction(request),
        },
        { path: 'orders/:id', Component: Where },
        { path: 'login', Component: Where },
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

const line = (id: number, price: number, quantity: number): BasketItem => ({
  id,
  offer_id: 500 + id,
  article: `ART-${id}`,
  brand_name: 'MANN',
  description: `Деталь ${id}`,
  delivery: 2,
  supplier_name: 'Склад Москва',
  delivery_probability: null,
  delivery_stats: null,
  price,
  quantity: 10,
  weight: null,
  quantity_in_basket: quantity,
  price_changed: false,
});

const preorderOf = (items: BasketItem[], total: number): Preorder => ({
  shop_id: 1,
  client_shops_id: 9,
  count_position_item: items.length,
  count_total_price_item: total,
  basket_id: 7,
  items,
  delivery_method: [
    { id: 1, name: 'Самовывоз из магазина', price: 0, description: 'Ул. Автозаводская, 17', needs_address: false },
    { id: 2, name: 'Курьер по Москве', price: 350, description: 'В пределах МКАД', needs_address: true },
  ],
  client_shops: {
    email: 'client@example.ru',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: null,
    company_name: null,
    phone_number: '+79991234567',
  },
  client_shops_delivery_address: [{ id: 11, address: 'Москва, Тверская, 1' }],
  payers: [],
  credit_hold: null,
});

/** A signed-in browser holding basket 7 (stored, and already read from storage in an earlier test or not). */
function signedInWithBasket() {
  document.cookie = 'token=test-token; path=/';
  const ids = { basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 2 };
  localStorage.setItem('detal-basket', JSON.stringify({ state: ids, version: 0 }));
  rememberBasket(ids);
}

const form = () => screen.getByRole('form', { name: 'Оформление заказа' });
const total = () => within(form()).getByTestId('order-total').textContent;

// Each test renders the whole page and waits for its loader and the server: generous limits for a busy machine.
const WAIT = { timeout: 8000 };

describe('/orders/create', { timeout: 30_000 }, () => {
  it('shows the preorder, and after a 409 the changes and the new prices; the resubmit opens the order', async () => {
    signedInWithBasket();
    let priceChanged = false;
    let submits = 0;
    server.respond((path) => {
      switch (path) {
        case 'basket-create-order-order-step1-from-items-post':
          return priceChanged
            ? [200, { data: preorderOf([line(5, 1300, 2), line(6, 99.99, 1)], 2699.99) }]
            : [200, { data: preorderOf([line(5, 1234.5, 2), line(6, 99.99, 1)], 2568.99) }];
        case 'create-order-order-step2-from-items-post':
          submits += 1;
          if (submits === 1) {
            priceChanged = true;
            return [
              409,
              {
                message: 'Цены или наличие изменились. Проверьте заказ и подтвердите его ещё раз',
                error: { 'items.5': ['MANN ART-5: цена изменилась с 1 234,50 ₽ на 1 300,00 ₽'] },
              },
            ];
          }
          return [200, { data: { orderForClient: { id: 42 } } }];
        case 'basket-show':
          return [200, { data: { basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 0, items: [] } }];
        default:
          return [500, { message: 'unexpected', error: 'test' }];
      }
    });
    renderCheckout();

    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    expect((screen.getByLabelText(/Фамилия/) as HTMLInputElement).value).toBe('Петров');
    expect(screen.getAllByText('MANN ART-5').length).toBeGreaterThan(0);
    // Pick-up first: goods only.
    expect(total()).toBe('2\u00a0568,99\u00a0₽');

    fireEvent.click(screen.getByRole('radio', { name: /Курьер по Москве/ }));
    expect(total()).toBe('2\u00a0918,99\u00a0₽');
    fireEvent.change(screen.getByLabelText('Желаемое время', { exact: false }), { target: { value: '7:30 pm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));

    const notice = await screen.findByTestId('checkout-notice', {}, WAIT);
    expect(notice.textContent).toContain('MANN ART-5: цена изменилась с 1 234,50 ₽ на 1 300,00 ₽');
    // Step 1 ran again: the current prices and total; the form keeps what was filled.
    await waitFor(() => expect(total()).toBe('3\u00a0049,99\u00a0₽'), WAIT);
    expect((screen.getByRole('radio', { name: /Курьер по Москве/ }) as HTMLInputElement).checked).toBe(true);
    // The page shows the 409 itself (handles: [409]): the error catalogue does not notify it as well.
    expect(shownNotifications()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect((await screen.findByTestId('location', {}, WAIT)).textContent).toBe('/orders/42?created=1');

    const submitted = server.calls().filter((call) => call.path === 'create-order-order-step2-from-items-post');
    expect(submitted).toHaveLength(2);
    expect(submitted[1]!.body).toEqual({
      basket_id: 7,
      basket_key: 'key-7',
      itemsForOrder: [5, 6],
      client_shops_email: 'client@example.ru',
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: null,
      company_name: null,
      phone_number: '+79991234567',
      delivery_method_id: 2,
      delivery_address_id: 11,
      delivery_address: null,
      desired_date: null,
      desired_time: '7:30 pm',
      comment: null,
      payer_id: null,
    });
  });

  it("shows each line's delivery probability beside its delivery days, and nothing when none is stated", async () => {
    signedInWithBasket();
    const items = [{ ...line(5, 100, 1), delivery_probability: 88 }, line(6, 50, 2)];
    server.respond(() => [200, { data: preorderOf(items, 200) }]);
    renderCheckout();
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    const table = screen.getByRole('table', { name: 'Состав заказа' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('2 дн.Вероятность поставки 88\u00A0%');
    expect(within(first!).getByTitle('Вероятность поставки 88 %')).toBeTruthy();
    expect(within(second!).queryByTitle(/Вероятность поставки/)).toBeNull();
    // The cards of small screens.
    const cards = screen.getByRole('list', { name: 'Состав заказа' });
    expect(within(cards).getAllByTitle('Вероятность поставки 88 %')).toHaveLength(1);
  });

  it('says «Без возврата» on the line whose supplier or brand sells it so (issue 32)', async () => {
    signedInWithBasket();
    server.respond(() => [200, { data: preorderOf([{ ...line(5, 100, 1), no_return: true }, line(6, 50, 2)], 200) }]);
    renderCheckout();
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    const table = screen.getByRole('table', { name: 'Состав заказа' });
    const [strict, open] = within(table).getAllByRole('row').slice(1);
    expect(within(strict!).getByText('Без возврата')).toBeTruthy();
    expect(within(open!).queryByText('Без возврата')).toBeNull();
  });

  it('says a held order before placing it, and promises no ready day: the lead time counts from its release', async () => {
    signedInWithBasket();
    server.respond(() => [
      200,
      {
        data: {
          ...preorderOf([line(5, 100, 1)], 100),
          credit_hold: { reason: 'stop', message: 'Заказ будет передан в работу после оплаты долга' },
        },
      },
    ]);
    renderCheckout();
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    expect(screen.getByRole('status').textContent).toBe('Заказ будет передан в работу после оплаты долга');
    expect(screen.getByTestId('order-ready-after-hold').textContent).toBe(
      'Срок готовности отсчитаем с передачи заказа в работу',
    );
    expect(screen.queryByTestId('order-ready')).toBeNull();
  });

  it('puts the server\u2019s 422 on the form fields', async () => {
    signedInWithBasket();
    server.respond((path) =>
      path === 'create-order-order-step2-from-items-post'
        ? [
            422,
            {
              message: 'Проверьте правильность заполнения полей',
              error: { delivery_address_id: ['Этого адреса нет среди ваших адресов доставки'] },
            },
          ]
        : [200, { data: preorderOf([line(5, 100, 1)], 100) }],
    );
    renderCheckout('/orders/create?items=5');
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    fireEvent.click(screen.getByRole('radio', { name: /Курьер по Москве/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(await screen.findByText('Этого адреса нет среди ваших адресов доставки', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(shownNotifications()).toEqual([]);
  });

  it('without saved addresses sends the typed one (the form offers no choice)', async () => {
    signedInWithBasket();
    server.respond((path) =>
      path === 'create-order-order-step2-from-items-post'
        ? [404, { message: 'Корзина не найдена', error: 'not found' }]
        : [200, { data: { ...preorderOf([line(5, 100, 1)], 100), client_shops_delivery_address: [] } }],
    );
    renderCheckout('/orders/create?items=5');
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    fireEvent.click(screen.getByRole('radio', { name: /Курьер по Москве/ }));
    fireEvent.change(screen.getByLabelText(/^Адрес доставки/), { target: { value: 'Тула, Ленина, 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect((await screen.findByTestId('checkout-notice', {}, WAIT)).textContent).toContain('Корзина не найдена');
    const submitted = server.calls().find((call) => call.path === 'create-order-order-step2-from-items-post');
    expect(submitted?.body).toMatchObject({ delivery_address_id: null, delivery_address: 'Тула, Ленина, 2' });
  });

  it('sends the replacement tolerance only when the client allows a replacement (issue 29)', async () => {
    signedInWithBasket();
    server.respond((path) =>
      path === 'create-order-order-step2-from-items-post'
        ? [404, { message: 'Корзина не найдена', error: 'not found' }]
        : [200, { data: preorderOf([line(5, 100, 1)], 100) }],
    );
    renderCheckout('/orders/create?items=5');
    await screen.findByRole('button', { name: 'Подтвердить заказ' }, WAIT);
    // Off by default: the limits are hidden.
    expect(screen.queryByLabelText(/Цена выше не более чем на/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Разрешаю замену/ }));
    expect((screen.getByLabelText(/Цена выше не более чем на/) as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText(/Срок дольше не более чем на/) as HTMLInputElement).value).toBe('2');
    fireEvent.change(screen.getByLabelText(/Срок дольше не более чем на/), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(await screen.findByText('Допуск по сроку — целое число дней от 0 до 14', {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Срок дольше не более чем на/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect((await screen.findByTestId('checkout-notice', {}, WAIT)).textContent).toContain('Корзина не найдена');
    const submitted = server.calls().find((call) => call.path === 'create-order-order-step2-from-items-post');
    expect(submitted?.body).toMatchObject({ replacement_max_price_percent: 5, replacement_max_extra_days: 3 });
  });

  it('says why there is nothing to order: lines gone from the basket, or no lines named', async () => {
    signedInWithBasket();
    server.respond(() => [
      422,
      {
        message: 'Проверьте правильность заполнения полей',
        error: { itemsForOrder: ['Некоторых позиций уже нет в корзине'] },
      },
    ]);
    renderCheckout();
    expect(await screen.findByText('Некоторых позиций уже нет в корзине', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в корзину' }).getAttribute('href')).toBe('/cart');
    // Step 1's refusal is the page's own message (handles: [404, 422]), not a notification too.
    expect(shownNotifications()).toEqual([]);

    renderCheckout('/orders/create?items=abc');
    expect(await screen.findByText('Выберите позиции в корзине и нажмите «Оформить заказ».', {}, WAIT)).toBeTruthy();
  });

  it('sends a visitor without a session to sign in first', async () => {
    document.cookie = 'token=; path=/; max-age=0';
    renderCheckout();
    expect((await screen.findByTestId('location', {}, WAIT)).textContent).toBe(
      `/login?next=${encodeURIComponent('/orders/create?items=5,6')}`,
    );
  });
});
