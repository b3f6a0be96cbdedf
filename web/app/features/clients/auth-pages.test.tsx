import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notificationsStore } from '../../ui/index.ts';
import { Outlet } from 'react-router';
import { INVALID_PHONE_MESSAGE } from '@detal/contract/browser';
import type { ClientProfile } from '@detal/contract';
import DefaultLayout from '../../layouts/default.tsx';
import AccountPage from '../../routes/account.tsx';
import { accountAction } from './account-action.ts';
import { passwordResetAction } from './password-reset-action.ts';
import { registrationAction } from './registration-action.ts';
import { callShop } from '../../lib/api/index.ts';
import { readToken } from '../../lib/api/token.ts';
import LoginPage from '../../routes/login.tsx';
import { signInAction } from './sign-in-action.ts';
import RegisterPage from '../../routes/register.tsx';
import ResetPasswordPage from '../../routes/reset-password.tsx';
import { EMPTY_BASKET, basketIds, forgetBasket, rememberBasket } from '../basket/held-basket.ts';
import { sendJson, startServer } from '../../../test/http-server.ts';
import type { ReceivedRequest, TestServer } from '../../../test/http-server.ts';
import { renderRoutes, template } from '../../../test/render.tsx';

/** The client pages in the browser, against a real HTTP server that answers as a test scripts it. */

const SHOP_PREFIX = '/api/v1/shop/';
type Answer = [status: number, body: unknown];
let server: TestServer;
let answers: Record<string, Answer> = {};
const realFetch = globalThis.fetch;

const client: ClientProfile = {
  id: 7,
  email: 'ivan@example.ru',
  first_name: 'Иван',
  last_name: 'Петров',
  middle_name: null,
  company_name: null,
  phone_number: '+79991234567',
};
const TOKEN = 'A'.repeat(43);
const signedIn = { client: { access_token: TOKEN, basket_id: 90, basket_key: 'own-basket-key' } };
const basket = { basket_id: 90, basket_key: 'own-basket-key', total_positions_in_basket: 2, items: [] };

beforeAll(async () => {
  server = await startServer((request, response) => {
    const path = request.url.slice(SHOP_PREFIX.length).split('?')[0] ?? '';
    const [status, body] = answers[path] ?? [500, { message: 'Нет ответа для этого теста', error: 'test' }];
    sendJson(response, status, body);
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.received.length = 0;
  answers = {
    'client-me': [200, { data: { client } }],
    'basket-show': [200, { data: basket }],
  };
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    realFetch(url.startsWith('/') ? server.origin + url : url, init),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  document.cookie = 'token=; Path=/; Max-Age=0';
  forgetBasket();
  notificationsStore.clean();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const callsTo = (path: string): Array<Record<string, unknown>> =>
  server.received
    .filter((request: ReceivedRequest) => request.url === SHOP_PREFIX + path)
    .map((request) => (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>);

const shown = () => {
  const { notifications } = notificationsStore.getState();
  return notifications.map((notification) => String(notification.message));
};

/** Pages inside the default layout (header with the account corner), as the app renders them. */
interface PageRoute {
  path: string;
  Component: () => React.ReactNode;
  loader?: () => unknown;
  action?: (args: { request: Request }) => unknown;
}

/** The root loader as the server runs it: the session check (client-me) when a token cookie is there. */
async function rootLoader() {
  const signedIn = readToken() !== null;
  const client = signedIn ? (await callShop('client-me')).client : null;
  return { template, signedIn, client, techCatalogUrl: null };
}

function renderPage(path: string, page: PageRoute) {
  return renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        HydrateFallback: () => null,
        loader: rootLoader,
        Component: () => <Outlet />,
        children: [
          {
            id: 'default',
            Component: DefaultLayout,
            children: [
              { index: true, Component: () => <h1>Главная</h1> },
              { path: 'orders', Component: () => <h1>Мои заказы</h1> },
              {
                path: 'login',
                Component: LoginPage,
                action: ({ request }) => signInAction(request),
                handle: { access: 'guest' },
              },
              page,
            ],
          },
        ],
      },
    ],
    [path],
  );
}

/** An input by its label's start: required fields' labels end with Mantine's asterisk. */
const field = (label: string | RegExp) =>
  screen.getByLabelText(typeof label === 'string' ? new RegExp(`^${label}`) : label, { selector: 'input, textarea' });
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = async (name: string) => {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
};

describe('/login', () => {
  const renderLogin = async (path = '/login') => {
    renderPage(path, { path: 'unused', Component: () => null });
    await screen.findByRole('heading', { level: 1, name: 'Вход' }, { timeout: 15_000 });
  };

  it('checks the form by the generic rules, one error per field, without calling the server', async () => {
    await renderLogin();
    await submit('Войти');
    expect(await screen.findByText('Введите e-mail')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    type('E-mail', 'ivan@');
    await submit('Войти');
    expect(await screen.findByText('Введите корректный e-mail')).toBeTruthy();
    expect(callsTo('client-login')).toEqual([]);
  });

  it('signs in with the anonymous basket, stores the token and the client basket, and returns to next', async () => {
    rememberBasket({ basket_id: 5, basket_key: 'anonymous-key', total_positions_in_basket: 1 });
    await renderLogin('/login?next=%2Forders');
    type('E-mail', ' ivan@example.ru ');
    // A first try with a mistyped password is refused...
    answers['client-login'] = [
      422,
      { message: 'Неверный e-mail или пароль', error: { _: ['Неверный e-mail или пароль'] } },
    ];
    type(/^Пароль/, 'correct horse 24');
    await submit('Войти');
    await waitFor(() => expect(shown()).toEqual(['Неверный e-mail или пароль']));
    answers['client-login'] = [200, { data: signedIn }];
    type(/^Пароль/, 'correct horse 42');
    fireEvent.click(screen.getByLabelText('Запомнить меня на 24 часа'));
    await submit('Войти');

    // The orders route loads lazily: 15 s ran out once with the machine at load 13 (a whole suite beside helpers).
    expect(await screen.findByRole('heading', { name: 'Мои заказы' }, { timeout: 30_000 })).toBeTruthy();
    // ...and its notice does not stay over the page signed in to.
    expect(shown()).toEqual([]);
    expect(callsTo('client-login').slice(1)).toEqual([
      {
        email: 'ivan@example.ru',
        password: 'correct horse 42',
        remember: true,
        basket_id: 5,
        basket_key: 'anonymous-key',
      },
    ]);
    expect(document.cookie).toContain(`token=${TOKEN}`);
    await waitFor(() =>
      expect(basketIds()).toMatchObject({
        basket_id: 90,
        basket_key: 'own-basket-key',
        total_positions_in_basket: 2,
      }),
    );
    // The header names the client at once.
    expect(await screen.findByRole('link', { name: 'Кабинет: Иван Петров' }, { timeout: 15_000 })).toBeTruthy();
  }, 60_000);

  it('shows the server error text of a failed sign-in in a notification and stays signed out', async () => {
    answers['client-login'] = [
      422,
      { message: 'Неверный e-mail или пароль', error: { _: ['Неверный e-mail или пароль'] } },
    ];
    await renderLogin();
    type('E-mail', 'ivan@example.ru');
    type(/^Пароль/, 'wrong one');
    await submit('Войти');
    await waitFor(() => expect(shown()).toEqual(['Неверный e-mail или пароль']));
    // Also beside the fields, where the client looks.
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный e-mail или пароль');
    expect(document.cookie).not.toContain('token=');
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
  });
});

describe('/register', () => {
  const renderRegister = async () => {
    renderPage('/register', {
      path: 'register',
      Component: RegisterPage,
      action: ({ request }) => registrationAction(request),
    });
    await screen.findByRole('heading', { level: 1, name: 'Регистрация' }, { timeout: 15_000 });
  };

  it('asks for every required field and checks the phone and the confirmation before sending', async () => {
    await renderRegister();
    type('Телефон', '+380 44 123 45 67');
    type(/^Пароль/, 'long enough');
    type(/^Повторите пароль/, 'long enougH');
    await submit('Зарегистрироваться');
    expect(await screen.findByText(INVALID_PHONE_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Пароли не совпадают')).toBeTruthy();
    expect(screen.getByText('Введите фамилию')).toBeTruthy();
    expect(screen.getByText('Введите имя')).toBeTruthy();
    expect(screen.getByText('Введите e-mail')).toBeTruthy();
    expect(callsTo('client-registration')).toEqual([]);
  });

  it('puts the server field errors under their fields (e-mail taken)', async () => {
    const taken = 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль';
    answers['client-registration'] = [
      422,
      { message: 'Проверьте правильность заполнения полей', error: { email: [taken] } },
    ];
    await renderRegister();
    type('Фамилия', 'Петров');
    type('Имя', 'Иван');
    type('Телефон', '8 (999) 123 45 67');
    type('E-mail', 'ivan@example.ru');
    type(/^Пароль/, 'long enough');
    type(/^Повторите пароль/, 'long enough');
    await submit('Зарегистрироваться');
    await waitFor(() => expect(field('E-mail').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(taken).length).toBeGreaterThan(0);
    expect(callsTo('client-registration')[0]).toMatchObject({
      email: 'ivan@example.ru',
      phone_number: '8 (999) 123 45 67',
    });
  });
});

describe('/reset-password', () => {
  const renderReset = async (path: string) => {
    renderPage(path, {
      path: 'reset-password',
      Component: ResetPasswordPage,
      action: ({ request }) => passwordResetAction(request),
    });
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  };

  it('asks for a link and shows the answer, the same for any e-mail', async () => {
    answers['client-reset-password'] = [
      200,
      { data: { message: 'Если этот e-mail зарегистрирован, мы отправили ссылку' } },
    ];
    await renderReset('/reset-password');
    type('E-mail', 'someone@example.ru');
    await submit('Получить ссылку');
    expect(await screen.findByText('Если этот e-mail зарегистрирован, мы отправили ссылку')).toBeTruthy();
    expect(callsTo('client-reset-password')).toEqual([{ email: 'someone@example.ru' }]);
  });

  it('with ?token= sets the new password and sends the client to /login', async () => {
    answers['client-reset-password-confirm'] = [200, { data: { success: true } }];
    await renderReset('/reset-password?token=the-link-token');
    expect(await screen.findByRole('heading', { name: 'Новый пароль' })).toBeTruthy();
    type(/^Новый пароль/, 'new password 1');
    type(/^Повторите пароль/, 'new password 1');
    await submit('Сохранить пароль');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
    expect(callsTo('client-reset-password-confirm')).toEqual([
      { token: 'the-link-token', password: 'new password 1', password_confirmation: 'new password 1' },
    ]);
    expect(shown()).toContain('Пароль изменён. Войдите с новым паролем');
  });

  it('explains a dead link and offers a new one', async () => {
    const dead = 'Ссылка для смены пароля недействительна или устарела. Запросите новую';
    answers['client-reset-password-confirm'] = [422, { message: dead, error: { token: [dead] } }];
    await renderReset('/reset-password?token=used-up');
    type(/^Новый пароль/, 'new password 1');
    type(/^Повторите пароль/, 'new password 1');
    await submit('Сохранить пароль');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(dead);
    fireEvent.click(screen.getByRole('link', { name: 'Получить новую ссылку' }));
    expect(await screen.findByRole('button', { name: 'Получить ссылку' })).toBeTruthy();
  });
});

describe('/account and logout', () => {
  const tver = { id: 3, address: 'Тверь, Советская ул., 10' };
  const renderAccount = async () => {
    renderPage('/account', {
      path: 'account',
      Component: AccountPage as never,
      loader: async () => ({
        ...(await callShop('client-show-account')),
        ...(await callShop('client-payer-all-post', { body: { archived: false } })),
      }),
      action: ({ request }) => accountAction(request),
    });
    await screen.findByRole('heading', { level: 1, name: 'Личный кабинет' }, { timeout: 15_000 });
  };

  beforeEach(() => {
    document.cookie = `token=${TOKEN}; Path=/`;
    answers['client-payer-all-post'] = [200, { data: { payers: [] } }];
    answers['client-show-account'] = [
      200,
      { data: { client, delivery_addresses: [tver], notify_status_emails: true } },
    ];
    rememberBasket({ basket_id: 90, basket_key: 'own-basket-key', total_positions_in_basket: 2 });
  });

  it('saves the profile and shows the new name in the header', async () => {
    const renamed = { ...client, first_name: 'Пётр' };
    answers['client-update-account'] = [200, { data: { client: renamed } }];
    await renderAccount();
    fireEvent.change(await screen.findByDisplayValue('Иван'), { target: { value: 'Пётр' } });
    // What the server stores from now on, as the page and the header load it again.
    answers['client-me'] = [200, { data: { client: renamed } }];
    answers['client-show-account'] = [
      200,
      { data: { client: renamed, delivery_addresses: [tver], notify_status_emails: true } },
    ];
    await submit('Сохранить');
    // The router loads the root (the header) and the page again after the action.
    expect(await screen.findByRole('link', { name: 'Кабинет: Пётр Петров' }, { timeout: 15_000 })).toBeTruthy();
    expect(callsTo('client-update-account')[0]).toMatchObject({
      first_name: 'Пётр',
      last_name: 'Петров',
      notify_status_emails: true,
    });
  });

  it('turns the status e-mails off with the profile, and shows them off as stored', async () => {
    answers['client-update-account'] = [200, { data: { client } }];
    await renderAccount();
    const box = screen.getByRole('checkbox', { name: /Сообщать по e-mail об изменении статусов/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    answers['client-show-account'] = [
      200,
      { data: { client, delivery_addresses: [tver], notify_status_emails: false } },
    ];
    await submit('Сохранить');
    await waitFor(() => expect(callsTo('client-update-account')).toHaveLength(1), { timeout: 15_000 });
    expect(callsTo('client-update-account')[0]).toMatchObject({ notify_status_emails: false });
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: /Сообщать по e-mail об изменении статусов/ }) as HTMLInputElement)
          .checked,
      ).toBe(false),
    );
  });

  it('adds and deletes delivery addresses', async () => {
    const khimki = { id: 4, address: 'Химки, Заводская ул., 5' };
    answers['client-delivery-address-save'] = [200, { data: khimki }];
    answers['client-delivery-address-delete'] = [200, { data: { success: true } }];
    await renderAccount();
    await screen.findByText('Новый адрес');
    type('Новый адрес', khimki.address);
    answers['client-show-account'] = [
      200,
      { data: { client, delivery_addresses: [tver, khimki], notify_status_emails: true } },
    ];
    await submit('Добавить адрес');
    expect(await screen.findByText(khimki.address, {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect((field('Новый адрес') as HTMLTextAreaElement).value).toBe(''));
    answers['client-show-account'] = [
      200,
      { data: { client, delivery_addresses: [khimki], notify_status_emails: true } },
    ];
    fireEvent.click(screen.getByRole('button', { name: 'Удалить адрес: Тверь, Советская ул., 10' }));
    await waitFor(() => expect(screen.queryByText('Тверь, Советская ул., 10')).toBeNull(), { timeout: 15_000 });
    expect(callsTo('client-delivery-address-delete')).toEqual([{ id: 3 }]);
  });

  it('logs out from a session page: the server revokes, the browser forgets token and basket, home is shown', async () => {
    answers['client-logout'] = [200, { data: { success: true } }];
    await renderAccount();
    fireEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    expect(await screen.findByRole('heading', { name: 'Главная' }, { timeout: 15_000 })).toBeTruthy();
    expect(server.received.some((request) => request.url === `${SHOP_PREFIX}client-logout`)).toBe(true);
    expect(document.cookie).not.toContain('token=');
    expect(basketIds()).toMatchObject(EMPTY_BASKET);
    expect(screen.getByRole('link', { name: 'Войти' })).toBeTruthy();
  });
});
