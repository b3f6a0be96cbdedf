// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SHOP_API_PREFIX } from '@detal/contract/browser';
import type { Account, ClientProfile } from '@detal/contract';
import { FIREFOX, ssrHarnessPerFile } from '../../../test/ssr-harness.ts';

/** The session check on the server: client-me in the root loader whenever a token cookie comes along. */

const client: ClientProfile = {
  id: 7,
  email: 'ivan@example.ru',
  first_name: 'Иван',
  last_name: 'Петров',
  middle_name: null,
  company_name: 'Автосервис «Колесо»',
  phone_number: '+79991234567',
};
const account: Account = {
  client,
  delivery_addresses: [{ id: 3, address: 'Москва, Складская ул., 1' }],
  notify_status_emails: false,
};
const template = {
  shop: { name: 'Деталь', phone: '', email: '', address: '', work_hours: '' },
  menu: { header: [], footer: [] },
};
const unauthorized = () =>
  Response.json({ message: 'Требуется вход в личный кабинет', error: 'unauthorized' }, { status: 401 });

/** What the API thinks of the token: a live session, a dead one (401), or no answer it can give (500). */
let session: 'live' | 'dead' | 'broken' = 'live';
const calls: string[] = [];

async function apiFetch(request: Request): Promise<Response> {
  const endpoint = new URL(request.url).pathname.replace(SHOP_API_PREFIX, '');
  calls.push(endpoint);
  if (endpoint === 'template') return Response.json({ data: template });
  if (session === 'broken') return Response.json({ message: 'Сбой', error: 'internal_error' }, { status: 500 });
  const hasToken = request.headers.get('authorization') === 'Bearer live-token';
  if (session === 'dead' || !hasToken) return unauthorized();
  if (endpoint === 'client-me') return Response.json({ data: { client } });
  if (endpoint === 'client-show-account') return Response.json({ data: account });
  if (endpoint === 'client-payer-all-post') return Response.json({ data: { payers: [] } });
  return Response.json({ message: 'Не найдено', error: 'not_found' }, { status: 404 });
}

const harness = ssrHarnessPerFile();

beforeEach(() => {
  session = 'live';
  calls.length = 0;
});

const get = (pathname: string, cookie?: string) =>
  harness().handle(
    new Request(`http://shop.test${pathname}`, {
      headers: { 'user-agent': FIREFOX, ...(cookie ? { cookie } : {}) },
    }),
    { apiFetch },
  );

const expectTokenCleared = (response: Response) =>
  expect(response.headers.get('set-cookie')).toMatch(/^token=; Path=\/; SameSite=Lax; Max-Age=0/);

describe('the session check when the app starts', () => {
  it('asks client-me only when a token cookie came, and renders the client name in the header', async () => {
    const anonymous = await get('/cart');
    expect(anonymous.status).toBe(200);
    expect(calls).not.toContain('client-me');
    expect(await anonymous.text()).toContain('>Войти<');

    const signedIn = await get('/cart', 'token=live-token');
    expect(signedIn.status).toBe(200);
    expect(calls).toContain('client-me');
    const html = await signedIn.text();
    expect(html).toContain('aria-label="Кабинет: Иван Петров"');
    expect(html).toContain('aria-label="Выйти"');
  });

  it('removes a token the API refuses and sends the visitor to /login, back to the page afterwards', async () => {
    session = 'dead';
    for (const [pathname, target] of [
      ['/cart', '/login?next=%2Fcart'],
      ['/search/OC90?sort=price', '/login?next=%2Fsearch%2FOC90%3Fsort%3Dprice'],
      ['/account', '/login?next=%2Faccount'],
      ['/register', '/login?next=%2Fregister'],
    ] as const) {
      const response = await get(pathname, 'token=dead-token');
      expect(response.status, pathname).toBe(302);
      expect(response.headers.get('location'), pathname).toBe(target);
      expectTokenCleared(response);
    }
  });

  it('ends a dead token on /login as an anonymous visitor instead of looping', async () => {
    session = 'dead';
    const first = await get('/login?next=%2Forders', 'token=dead-token');
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/login?next=%2Forders');
    expectTokenCleared(first);
    // The browser follows without the cleared cookie: the login page renders.
    const second = await get('/login?next=%2Forders');
    expect(second.status).toBe(200);
    expect(await second.text()).toMatch(/<h1[^>]*>Вход<\/h1>/);
  });

  it('keeps the visitor signed in, without a name, when the API cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session = 'broken';
    const response = await get('/cart', 'token=live-token');
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('aria-label="Кабинет"');
    expect(html).toContain('aria-label="Выйти"');
  });
});

describe('the account page on the server', () => {
  it("renders the client's profile and saved addresses", async () => {
    const response = await get('/account', 'token=live-token');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Личный кабинет<\/h1>/);
    expect(html).toContain('value="Петров"');
    expect(html).toContain('value="+79991234567"');
    expect(html).toContain('value="ivan@example.ru"');
    expect(html).toContain('Москва, Складская ул., 1');
    expect(html).toContain('Смена пароля');
    // The status e-mails as stored: off.
    expect(html).toMatch(/<input[^>]*name="notify_status_emails"(?![^>]*checked)[^>]*>/);
    expect(html).toContain('Сообщать по e-mail об изменении статусов заказов');
  });

  it('sends a visitor without a token to /login first, without asking the API for the account', async () => {
    const response = await get('/account');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?next=%2Faccount');
    expect(calls).not.toContain('client-show-account');
  });
});
