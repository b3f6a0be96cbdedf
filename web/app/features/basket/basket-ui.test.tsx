import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub, MemoryRouter, Outlet, useLocation } from 'react-router';
import { notificationsStore } from '../../ui/index.ts';
import type { Basket, BasketItem } from '@detal/contract';
import CartPage from '../../routes/cart.tsx';
import { basketIds, rememberBasket } from './held-basket.ts';
import { AddToBasket } from './AddToBasket.tsx';
import { basketAction, boundedQuantity, isBasketWrite, loadBasketPage } from './basket-route.ts';
import type { AnalogOf } from './basket-api.ts';
import { HydrateFallback } from '../../routes/cart.tsx';
import { shownNotifications, serveBasketApi } from '../../../test/basket-server.ts';

const server = serveBasketApi();

function Where() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** The cart page as the app mounts it: root data (the server's view of the session), Mantine, TanStack Query. */
function renderCart(serverSignedIn = false) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      HydrateFallback: () => null,
      loader: () => ({ template: null, signedIn: serverSignedIn, techCatalogUrl: null }),
      Component: Outlet,
      children: [
        {
          path: 'cart',
          Component: CartPage,
          HydrateFallback,
          loader: () => loadBasketPage(),
          action: ({ request }) => basketAction(request),
          shouldRevalidate: ({ formAction, defaultShouldRevalidate }) =>
            isBasketWrite(formAction) || defaultShouldRevalidate,
        },
        { path: 'login', Component: Where },
        { path: 'orders/create', Component: Where },
        { path: 'search/:article', Component: Where },
      ],
    },
  ]);
  return render(<Stub initialEntries={['/cart']} />);
}

const line = (id: number, overrides: Partial<BasketItem> = {}): BasketItem => ({
  id,
  offer_id: 500 + id,
  article: `ART-${id}`,
  brand_name: 'MANN',
  description: `Деталь ${id}`,
  delivery: 3,
  supplier_name: 'Склад Москва',
  delivery_probability: null,
  delivery_stats: null,
  price: 512.4,
  quantity: 5,
  weight: null,
  quantity_in_basket: 1,
  price_changed: false,
  ...overrides,
});

/** A server keeping one basket's lines, answering every basket endpoint as the real one does. */
function serveBasket(initial: BasketItem[]) {
  let items = initial;
  const basket = (): Basket => ({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: items.length, items });
  const summary = () => {
    const { items: _items, ...rest } = basket();
    return rest;
  };
  server.respond((path, body) => {
    switch (path) {
      case 'basket-show':
        return [200, { data: basket() }];
      case 'basket-changes-quantity-in-item':
        items = items.map((item) =>
          item.id === body.id
            ? {
                ...item,
                quantity_in_basket: Math.min(
                  Math.max(item.quantity_in_basket + Number(body.quantity_in_basket), 1),
                  item.quantity,
                ),
              }
            : item,
        );
        return [200, { data: summary() }];
      case 'basket-set-item-quantity':
        items = items.map((item) =>
          item.id === body.id
            ? { ...item, quantity_in_basket: Math.min(Math.max(Number(body.quantity_in_basket), 1), item.quantity) }
            : item,
        );
        return [200, { data: summary() }];
      case 'basket-delete-item':
        items = items.filter((item) => item.id !== body.id);
        return [200, { data: summary() }];
      case 'basket-cleaning-all-items':
        items = [];
        return [200, { data: summary() }];
      default:
        return [500, { message: 'unexpected', error: 'test' }];
    }
  });
}

const hydrate = () => act(async () => undefined);

describe('/cart', () => {
  it('shows a loading skeleton, never "empty", until the stored basket is known', async () => {
    localStorage.setItem(
      'detal-basket',
      JSON.stringify({ state: { basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 1 }, version: 0 }),
    );
    // What the server renders and the browser shows until its basket is read (the route's HydrateFallback).
    const fallback = render(<HydrateFallback />);
    expect(screen.getByRole('heading', { level: 1, name: 'Корзина' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Загружаем корзину…');
    expect(screen.queryByText('Корзина пуста')).toBeNull();
    fallback.unmount();

    serveBasket([line(1)]);
    renderCart();

    expect((await screen.findAllByText('MANN ART-1')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Корзина пуста')).toBeNull();
  });

  it('says the basket is empty and offers the search', async () => {
    await hydrate();
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeTruthy();
    const search = screen.getByRole('form', { name: 'Поиск запчастей по артикулу' });
    fireEvent.change(within(search).getByRole('textbox', { name: 'Артикул' }), { target: { value: 'oc 90' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Найти' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/search/oc%2090');
  });

  it('lists the lines with every field, the line totals, the total and the price-changed notice', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 2 });
    serveBasket([
      line(1, { quantity_in_basket: 2 }),
      line(2, {
        brand_name: 'KNECHT',
        article: 'OC 90',
        price: 1800.5,
        delivery: null,
        supplier_name: null,
        price_changed: true,
      }),
    ]);
    await hydrate();
    renderCart();
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('MANN ART-1');
    expect(first!.textContent).toContain('Деталь 1');
    expect(first!.textContent).toContain('Склад Москва');
    expect(first!.textContent).toContain('3 дн.');
    expect(first!.textContent).toContain('512,40\u00A0₽');
    expect(first!.textContent).toContain('1\u00A0024,80\u00A0₽');
    expect(second!.textContent).toContain('-');
    expect(second!.textContent).toContain('Цена изменилась');
    expect(first!.textContent).not.toContain('Цена изменилась');
    expect(screen.getByRole('alert').textContent).toContain('Цены некоторых товаров изменились');
    expect(screen.getByText(/^Итого:/).textContent).toBe('Итого: 2\u00A0825,30\u00A0₽');
  });

  it("shows each line's delivery probability beside its delivery days, in the table and on the cards", async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 2 });
    serveBasket([line(1, { delivery_probability: 92 }), line(2, { delivery: 7, delivery_probability: null })]);
    await hydrate();
    renderCart();
    const table = await screen.findByRole('table');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('3 дн.Вероятность поставки 92\u00A0%');
    expect(within(first!).getByTitle('Вероятность поставки 92 %')).toBeTruthy();
    // No probability stated: the days alone.
    expect(second!.textContent).toContain('7 дн.');
    expect(within(second!).queryByTitle(/Вероятность поставки/)).toBeNull();
    // The small screens' card of the line says the same.
    const card = screen.getByRole('article', { name: 'MANN ART-1, Склад Москва' });
    expect(within(card).getByTitle('Вероятность поставки 92 %').textContent).toBe('Вероятность поставки 92\u00A0%');
  });

  it('says «Без возврата» on the line whose supplier or brand sells it so, and on no other (issue 32)', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 2 });
    serveBasket([line(1, { no_return: true }), line(2)]);
    await hydrate();
    renderCart();
    const table = await screen.findByRole('table');
    const [strict, open] = within(table).getAllByRole('row').slice(1);
    expect(within(strict!).getByLabelText(/^Без возврата\. Поставщик или производитель не принимает/)).toBeTruthy();
    expect(within(open!).queryByText('Без возврата')).toBeNull();
  });

  it('tells which lines the stock no longer covers', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 3 });
    serveBasket([line(1, { quantity: 0 }), line(2, { quantity: 2, quantity_in_basket: 4 }), line(3)]);
    await hydrate();
    renderCart();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    const notices = rows.map((row) => [
      row.textContent?.includes('Нет в наличии'),
      row.textContent?.includes('В наличии только 2 шт.'),
    ]);
    expect(notices).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
    // Sold out: waits in the basket, not chosen for the order and not counted in its total.
    const soldOut = within(rows[0]!).getByRole('checkbox', {
      name: /^Выбрать для заказа: MANN ART-1/,
    }) as HTMLInputElement;
    expect([soldOut.checked, soldOut.disabled]).toEqual([false, true]);
    expect(screen.getByText('Выбрано 2 из 3')).toBeTruthy();
    expect(screen.getByText(/^Итого:/).textContent).toBe('Итого: 2\u00A0562,00\u00A0₽');
  });

  it('steps a quantity within the stock, deletes a line and clears the basket after confirming', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 2 });
    serveBasket([line(1, { quantity_in_basket: 4 }), line(2)]);
    await hydrate();
    renderCart();
    const table = await screen.findByRole('table');
    const plus = within(table).getByRole('button', { name: 'Увеличить количество: MANN ART-1, Склад Москва' });
    fireEvent.click(plus);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('2\u00A0562,00\u00A0₽'));
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() =>
      expect(server.calls().filter((call) => call.path === 'basket-changes-quantity-in-item')).toEqual([
        {
          path: 'basket-changes-quantity-in-item',
          body: { basket_id: 7, basket_key: 'key-7', id: 1, quantity_in_basket: 1 },
        },
      ]),
    );

    // A typed quantity goes in one request, kept within the stock (issue 26: 40 spark plugs are not 39 clicks).
    const box = within(table).getByRole('spinbutton', { name: 'Количество: MANN ART-2, Склад Москва' });
    fireEvent.change(box, { target: { value: '40' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(server.calls().filter((call) => call.path === 'basket-set-item-quantity')).toEqual([
        {
          path: 'basket-set-item-quantity',
          body: { basket_id: 7, basket_key: 'key-7', id: 2, quantity_in_basket: 5 },
        },
      ]),
    );
    // Text that is no whole number sends nothing and puts the quantity back.
    const again = within(table).getByRole('spinbutton', { name: 'Количество: MANN ART-2, Склад Москва' });
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.blur(again);
    expect(server.calls().filter((call) => call.path === 'basket-set-item-quantity')).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: 'Удалить: MANN ART-2, Склад Москва' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await waitFor(() => expect(basketIds().total_positions_in_basket).toBe(1));

    fireEvent.click(screen.getByRole('button', { name: 'Очистить корзину' }));
    const dialog = await screen.findByRole('dialog', { name: 'Очистить корзину?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Очистить' }));
    expect(await screen.findByRole('heading', { name: 'Корзина пуста' })).toBeTruthy();
    expect(server.calls().some((call) => call.path === 'basket-cleaning-all-items')).toBe(true);
    await waitFor(() => expect(basketIds().total_positions_in_basket).toBe(0));
  });

  it('sends a visitor to sign in first, and back to the basket after', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 1 });
    serveBasket([line(1)]);
    await hydrate();
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Оформить заказ' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login?next=%2Fcart');
  });

  it('sends a signed-in client to the order form with the chosen lines only', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 3 });
    serveBasket([line(1), line(2), line(3)]);
    await hydrate();
    renderCart(true);
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Выбрать для заказа: MANN ART-2, Склад Москва' }));
    expect(screen.getByText('Выбрано 2 из 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/orders/create?items=1,3');
  });

  it('disables ordering when no line is chosen', async () => {
    rememberBasket({ basket_id: 7, basket_key: 'key-7', total_positions_in_basket: 1 });
    serveBasket([line(1)]);
    await hydrate();
    renderCart();
    const table = await screen.findByRole('table');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Выбрать все позиции' }));
    expect((screen.getByRole('button', { name: 'Оформить заказ' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

/** The control on a page, with the basket action it submits to. */
function renderControl(stock: number, part?: string, analogOf?: AnalogOf) {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <AddToBasket offerId={501} stock={stock} part={part} analogOf={analogOf} /> },
    { path: '/cart', action: ({ request }) => basketAction(request) },
  ]);
  return render(<Stub initialEntries={['/']} />);
}

describe('AddToBasket', () => {
  it('adds the chosen quantity, bounded by the stock, and keeps the returned basket', async () => {
    server.respond(() => [200, { data: { basket_id: 3, basket_key: 'fresh', total_positions_in_basket: 1 } }]);
    renderControl(5);
    const quantity = screen.getByRole('spinbutton', { name: 'Количество' });
    // Past the stock the box takes the stock instead, and says why; the stock itself is accepted quietly.
    fireEvent.change(quantity, { target: { value: '50' } });
    expect((quantity as HTMLInputElement).value).toBe('5');
    expect(screen.getByRole('status').textContent).toBe('В наличии 5 шт.');
    fireEvent.change(quantity, { target: { value: '4' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(quantity, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    await waitFor(() => expect(basketIds().basket_id).toBe(3));
    expect(server.calls()).toEqual([
      { path: 'basket-add-item', body: { item: { id: 501 }, quantity: 5, basket_id: null, basket_key: null } },
    ]);
    expect(basketIds()).toMatchObject({ basket_key: 'fresh', total_positions_in_basket: 1 });
    expect(shownNotifications()).toEqual(['Добавлено в корзину: 5 шт. Открыть корзину']);
    // The row now says how many of the offer the basket holds.
    expect(await screen.findByText('в корзине: 5')).toBeTruthy();
  });

  it('sends the part searched with an analog it adds, so that the order line counts for the pair (issue 32)', async () => {
    server.respond(() => [200, { data: { basket_id: 3, basket_key: 'fresh', total_positions_in_basket: 1 } }]);
    renderControl(5, 'MAHLE OC 90', { article: 'OC90', brand_name: 'KNECHT' });
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    await waitFor(() => expect(server.calls()).toHaveLength(1));
    expect(server.calls()).toEqual([
      {
        path: 'basket-add-item',
        body: {
          item: { id: 501 },
          quantity: 1,
          basket_id: null,
          basket_key: null,
          analog_of: { article: 'OC90', brand_name: 'KNECHT' },
        },
      },
    ]);
  });

  it('names the part in the notice, links it to the basket, and keeps the focus on the button', async () => {
    server.respond(() => [200, { data: { basket_id: 3, basket_key: 'fresh', total_positions_in_basket: 1 } }]);
    renderControl(5, 'MANN W 712/75');
    const button = screen.getByRole('button', { name: 'В корзину' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() =>
      expect(shownNotifications()).toEqual(['Добавлено в корзину: MANN W 712/75, 1 шт. Открыть корзину']),
    );
    const { notifications } = notificationsStore.getState();
    render(<MemoryRouter>{notifications[0]?.message}</MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Открыть корзину' }).getAttribute('href')).toBe('/cart');
    expect(document.activeElement).toBe(button);
  });

  it('reads the quantity box as whole pieces within 1 and the stock', () => {
    expect([boundedQuantity('', 5), boundedQuantity(0, 5), boundedQuantity(7, 5), boundedQuantity('3', 5)]).toEqual([
      1, 1, 5, 3,
    ]);
    expect(boundedQuantity(2.7, 5)).toBe(2);
  });

  it('shows a refusal (409) under the control', async () => {
    const message = 'В корзине уже 5 шт. — это всё, что есть в наличии';
    server.respond(() => [409, { message, error: 'conflict' }]);
    renderControl(5);
    fireEvent.click(screen.getByRole('button', { name: 'В корзину' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(shownNotifications()).toEqual([]);
  });

  it('offers nothing to add when the offer is out of stock', () => {
    renderControl(0);
    expect(screen.getByText('Нет в наличии')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'В корзину' })).toBeNull();
  });
});
