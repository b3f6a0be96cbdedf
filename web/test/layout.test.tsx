import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Outlet, ScrollRestoration, useParams } from 'react-router';
import DefaultLayout from '../app/layouts/default.tsx';
import { searchPath } from '../app/components/ArticleSearch.tsx';
import { hydrateClientStores } from '../app/stores/hydrate.ts';
import { useAuthStore } from '../app/stores/auth.ts';
import { EMPTY_BASKET, useBasketStore } from '../app/stores/basket.ts';
import { renderRoutes, template } from './render.tsx';

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
function renderApp(pathname: string, { serverSignedIn = false, scrollRestoration = false } = {}) {
  return renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        HydrateFallback: () => null,
        loader: () => ({ template, signedIn: serverSignedIn, techCatalogUrl: null }),
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
  useBasketStore.setState(EMPTY_BASKET);
  useAuthStore.setState({ signedIn: false, hydrated: false });
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
    vi
      .spyOn(window, 'matchMedia')
      .mockImplementation((query: string) => ({
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

describe('header state (hydration-safe)', () => {
  it("shows the server's answer first, then the stored basket count and the cookie's session", async () => {
    localStorage.setItem(
      'detal-basket',
      JSON.stringify({ state: { basket_id: 7, basket_key: 'k', total_positions_in_basket: 3 }, version: 0 }),
    );
    renderApp('/second', { serverSignedIn: true });
    expect(await screen.findByRole('link', { name: 'Кабинет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Корзина 0 позиций' })).toBeTruthy();

    await act(() => hydrateClientStores());

    expect(screen.getByRole('link', { name: 'Корзина 3 позиции' })).toBeTruthy();
    expect(useBasketStore.getState()).toMatchObject({ basket_id: 7, basket_key: 'k' });
    // No token cookie in this browser: the session the server assumed is gone.
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
  });

  it('follows sign-in and sign-out at once; sign-out forgets the basket ids', async () => {
    renderApp('/second');
    await act(() => hydrateClientStores());
    act(() => useBasketStore.getState().setBasket({ basket_id: 1, basket_key: 'a', total_positions_in_basket: 2 }));
    act(() => useAuthStore.getState().signIn('fresh-token', false));
    expect(screen.getByRole('link', { name: 'Кабинет' }).getAttribute('href')).toBe('/account');
    expect(document.cookie).toContain('token=fresh-token');

    act(() => useAuthStore.getState().signOut());
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(document.cookie).not.toContain('token=');
    expect(useBasketStore.getState()).toMatchObject(EMPTY_BASKET);
    expect(JSON.parse(localStorage.getItem('detal-basket') ?? '{}').state).toEqual(EMPTY_BASKET);
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
