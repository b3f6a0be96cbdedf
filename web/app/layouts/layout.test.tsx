import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Outlet, ScrollRestoration, useParams } from 'react-router';
import DefaultLayout from './default.tsx';
import { searchPath } from '../features/search/ArticleSearch.tsx';
import { readToken, setToken } from '../lib/api/token.ts';
import { EMPTY_BASKET, basketIds, forgetBasket, rememberBasket } from '../features/basket/held-basket.ts';
import { renderRoutes, template } from '../../test/render.tsx';
import { SUGGEST_DEBOUNCE_MS } from '../features/search/use-article-suggestions.ts';
import { rememberVisitorSearch, visitorSearchHistory } from '../features/search/search-history.ts';

function SearchResult() {
  const { article } = useParams();
  return <h1>Результат: {article}</h1>;
}

function BrandResult() {
  const { article, brand_name: brandName } = useParams();
  return (
    <h1>
      Бренд: {brandName} {article}
    </h1>
  );
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
              { path: 'search/:brand_name/:article', Component: BrandResult },
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
    const box = await screen.findByRole('combobox', { name: 'Поиск по артикулу' });
    fireEvent.change(box, { target: { value: '  OC 90 ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Результат: OC 90');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('OC 90');
  });

  it('does not navigate for blank input', async () => {
    renderApp('/');
    const box = await screen.findByRole('combobox');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Первая');
  });

  it('focuses the box when "/" is pressed anywhere on the page', async () => {
    renderApp('/second');
    const box = await screen.findByRole('combobox');
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
    const box = await screen.findByRole('combobox');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(media).toHaveBeenCalledWith('(min-width: 48em)');
  });

  it('leaves the focus alone on a phone and on other pages', async () => {
    screenWidth(false);
    const phone = renderApp('/');
    const box = await screen.findByRole('combobox');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).not.toBe(box);
    phone.unmount();

    screenWidth(true);
    renderApp('/second');
    const other = await screen.findByRole('combobox');
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
    // Under load the router's first loaders may settle after the click and close the menu (it closes on each
    // navigation): click again until it stays open.
    const menu = await waitFor(
      () => {
        if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
        return screen.getByRole('navigation', { name: 'Меню магазина' });
      },
      { timeout: 5000 },
    );
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

/** products-suggest answered from `parts` (brand, article, description) for every prefix; the calls are kept. */
function answerSuggestions(parts: readonly (readonly [string, string, string])[], delayMs = 0) {
  const calls: { url: string; signal: AbortSignal | null | undefined }[] = [];
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ url, signal: init?.signal });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const suggestions = parts.map(([brand, article, description]) => ({
      brand_name: brand,
      article,
      normalized_article: article.replace(/[^A-Za-z0-9]/g, '').toUpperCase(),
      description,
    }));
    return new Response(JSON.stringify({ data: { normalized_article: 'OC9', suggestions } }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return { calls, fetchSpy };
}

describe('header suggestions', () => {
  const parts = [
    ['KNECHT', 'OC 90', 'Фильтр масляный'],
    ['MAHLE', 'OC 90', 'Фильтр масляный Mahle'],
  ] as const;

  it('asks once after a pause in typing, aborting the request a newer input replaces', async () => {
    const { calls } = answerSuggestions(parts, 300);
    renderApp('/second');
    const box = await screen.findByRole('combobox', { name: 'Поиск по артикулу' });
    fireEvent.input(box, { target: { value: 'o' } });
    fireEvent.input(box, { target: { value: 'oc' } });
    fireEvent.input(box, { target: { value: 'oc9' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toContain('products-suggest?article=oc9');
    // A newer input while the answer is on its way: the first request is aborted, never shown.
    await new Promise((resolve) => setTimeout(resolve, 10));
    fireEvent.input(box, { target: { value: 'oc90' } });
    expect(calls[0]!.signal?.aborted).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(2));
    const list = await screen.findByRole('listbox', { name: 'Подсказки' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['OC 90KNECHTФильтр масляный', 'OC 90MAHLEФильтр масляный Mahle']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });

  it('asks nothing under two letters or digits', async () => {
    const { calls } = answerSuggestions(parts);
    renderApp('/second');
    const box = await screen.findByRole('combobox', { name: 'Поиск по артикулу' });
    fireEvent.input(box, { target: { value: 'o-' } });
    await new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 50));
    expect(calls).toHaveLength(0);
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrows, opens the highlighted part with Enter, and closes with Escape', async () => {
    answerSuggestions(parts);
    renderApp('/second');
    const box = await screen.findByRole('combobox', { name: 'Поиск по артикулу' });
    fireEvent.input(box, { target: { value: 'oc9' } });
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Бренд: MAHLE OC 90');
  });

  it("shows a visitor's history in the empty box and keeps each search page visited", async () => {
    rememberVisitorSearch('W 712/75', null, new Date('2026-11-20T10:00:00Z'));
    rememberVisitorSearch('ос-90', 'KNECHT', new Date('2026-11-21T10:00:00Z'));
    renderApp('/search/HU%20719');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Результат: HU 719');
    await waitFor(() =>
      expect(visitorSearchHistory().map((entry) => entry.article)).toEqual(['HU 719', 'ос-90', 'W 712/75']),
    );

    const box = await screen.findByRole('combobox', { name: 'Поиск по артикулу' });
    fireEvent.change(box, { target: { value: '' } });
    fireEvent.focus(box);
    const history = await screen.findByRole('listbox', { name: 'История поиска' });
    expect(
      within(history)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['HU 719', 'ос-90KNECHT', 'W 712/75']);
    fireEvent.click(within(history).getAllByRole('option')[1]!);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Бренд: KNECHT ос-90');
  });
});
