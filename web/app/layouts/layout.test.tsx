import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet, ScrollRestoration, useParams } from 'react-router';
import DefaultLayout from './default.tsx';
import { searchPath } from '../features/search/ArticleSearch.tsx';
import { readToken, setToken } from '../lib/api/token.ts';
import { EMPTY_BASKET, basketIds, forgetBasket, rememberBasket } from '../features/basket/held-basket.ts';
import { renderRoutes, template } from '../../test/render.tsx';

function SearchResult() {
  const { article } = useParams();
  return <h1>Результат: {article}</h1>;
}

function LongPage() {
  return (
    <div>
      <h1>Первая</h1>
      <Link to="/second">Вторая</Link>
      <Link to="/second#details">К подробностям</Link>
    </div>
  );
}

function SecondPage() {
  return (
    <div>
      <h1>Вторая страница</h1>
      <h2 id="details">Подробности</h2>
    </div>
  );
}

/** The app's frame as root.tsx builds it: scroll restoration at the root, the default layout around pages. */
function renderApp(pathname: string, { scrollRestoration = false } = {}) {
  return renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        HydrateFallback: () => null,
        // As the server's session check: signed in while the token cookie is there.
        loader: () => ({
          template,
          signedIn: readToken() !== null,
          awaitingBills: readToken() === null ? null : 2,
          techCatalogUrl: null,
        }),
        Component: () => (
          <>
            <Outlet />
            {scrollRestoration ? <ScrollRestoration /> : null}
          </>
        ),
        children: [
          {
            id: 'default',
            Component: DefaultLayout,
            children: [
              { index: true, Component: LongPage },
              { path: 'second', Component: SecondPage },
              { path: 'search/:article', Component: SearchResult },
              { path: 'catalog', Component: () => <h1>Каталог</h1> },
            ],
          },
        ],
      },
    ],
    [pathname],
  );
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'token=; Path=/; Max-Age=0';
  forgetBasket();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('header search', () => {
  it('builds /search/<trimmed input>, nothing for blank input', () => {
    expect(searchPath('  oc 90 ')).toBe('/search/oc%2090');
    expect(searchPath('W712/75')).toBe('/search/W712%2F75');
    expect(searchPath('   ')).toBeNull();
  });

  it('submits with Enter to the search page and shows the searched article there', async () => {
    renderApp('/');
    const box = await screen.findByRole('searchbox', { name: 'Поиск по артикулу' });
    fireEvent.change(box, { target: { value: '  OC 90 ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Результат: OC 90');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('OC 90');
  });

  it('does not navigate for blank input', async () => {
    renderApp('/');
    const box = await screen.findByRole('searchbox');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Первая');
  });

  it('focuses the box when "/" is pressed anywhere on the page', async () => {
    renderApp('/second');
    const box = await screen.findByRole('searchbox');
    expect(document.activeElement).not.toBe(box);
    fireEvent.keyDown(document.documentElement, { key: '/', code: 'Slash' });
    expect(document.activeElement).toBe(box);
  });

  const original = window.matchMedia.bind(window);
  const screenWidth = (desktop: boolean) =>
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...original(query),
      matches: desktop && query === '(min-width: 48em)',
    }));

  it('focuses the box on the home page of a desktop-wide screen', async () => {
    const media = screenWidth(true);
    renderApp('/');
    const box = await screen.findByRole('searchbox');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(media).toHaveBeenCalledWith('(min-width: 48em)');
  });

  it('leaves the focus alone on a phone and on other pages', async () => {
    screenWidth(false);
    const phone = renderApp('/');
    const box = await screen.findByRole('searchbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(box);
    phone.unmount();

    screenWidth(true);
    renderApp('/second');
    const other = await screen.findByRole('searchbox');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(other);
  });
});

describe('header state', () => {
  it("shows the root loader's session, and once hydrated the stored basket count", async () => {
    localStorage.setItem(
      'detal-basket',
      JSON.stringify({ state: { basket_id: 7, basket_key: 'k', total_positions_in_basket: 3 }, version: 0 }),
    );
    setToken('server-token', false);
    renderApp('/second');
    expect(await screen.findByRole('link', { name: 'Кабинет' })).toBeTruthy();
    // The count is read with useSyncExternalStore: 0 while hydrating server HTML, the stored count after.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Корзина 3 позиции' })).toBeTruthy());
    expect(basketIds()).toMatchObject({ basket_id: 7, basket_key: 'k' });
  });

  it('signs out from the header: the token and the basket ids are forgotten, the root loader runs again', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ data: { message: 'ok' } }, { headers: { 'Content-Type': 'application/json' } }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setToken('fresh-token', false);
    act(() => rememberBasket({ basket_id: 1, basket_key: 'a', total_positions_in_basket: 2 }));
    renderApp('/second');
    expect((await screen.findByRole('link', { name: 'Кабинет' })).getAttribute('href')).toBe('/account');

    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(await screen.findByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(document.cookie).not.toContain('token=');
    expect(basketIds()).toMatchObject(EMPTY_BASKET);
    expect(JSON.parse(localStorage.getItem('detal-basket') ?? '{}').state).toEqual(EMPTY_BASKET);
    vi.unstubAllGlobals();
  });
});

describe("the client's pages within reach", () => {
  it('puts orders and bills, with the count awaiting payment, in the header of a signed-in client', async () => {
    setToken('server-token', false);
    renderApp('/second');
    const corner = await screen.findByRole('navigation', { name: 'Корзина и кабинет' });
    expect(within(corner).getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/orders');
    expect(within(corner).getByRole('link', { name: 'Счета, 2 ждут оплаты' }).getAttribute('href')).toBe('/bills');
  });

  it('offers a visitor neither, and «Каталог» in the footer to everybody', async () => {
    renderApp('/second');
    const corner = await screen.findByRole('navigation', { name: 'Корзина и кабинет' });
    expect(within(corner).queryByRole('link', { name: 'Мои заказы' })).toBeNull();
    const footer = screen.getByRole('navigation', { name: 'Информация' });
    expect(within(footer).getByRole('link', { name: 'Каталог' }).getAttribute('href')).toBe('/catalog');
  });

  it('opens the phone menu: catalogue, pages, contacts, a tappable phone and the account; a link closes it', async () => {
    setToken('server-token', false);
    renderApp('/');
    const toggle = await screen.findByRole('button', { name: 'Меню' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const menu = await screen.findByRole('navigation', { name: 'Меню магазина' });
    const hrefOf = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href');
    expect([hrefOf('Каталог'), hrefOf('Контакты'), hrefOf('+7 (495) 123-45-67')]).toEqual([
      '/catalog',
      '/contacts',
      'tel:+74951234567',
    ]);
    expect([hrefOf('Профиль'), hrefOf('Мои заказы'), hrefOf('Счета, 2 ждут оплаты')]).toEqual([
      '/account',
      '/orders',
      '/bills',
    ]);
    fireEvent.click(within(menu).getByRole('link', { name: 'Каталог' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Меню магазина' })).toBeNull());
  });
});

describe('scrolling on navigation', () => {
  it('scrolls to the top on navigation, and to the anchor element when the URL has a hash', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrolledInto: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolledInto.push(this.id);
    });
    // ScrollRestoration renders its inline restore script, which React warns about outside server rendering.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/', { scrollRestoration: true });
    fireEvent.click(await screen.findByRole('link', { name: 'Вторая' }));
    await screen.findByRole('heading', { name: 'Вторая страница' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(scrolledInto).toEqual([]);

    fireEvent.click(await screen.findByRole('link', { name: 'Деталь' }));
    await screen.findByRole('heading', { name: 'Первая' });
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'К подробностям' }));
    await screen.findByRole('heading', { name: 'Подробности' });
    expect(scrolledInto).toEqual(['details']);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
