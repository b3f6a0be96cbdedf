import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { headerOf, resetLinkIn } from '../../server/test/helpers/mail-message.ts';
import { launchChromium } from '../src/chromium.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');

const email = `e2e-${Date.now()}@example.ru`;
const FIRST_PASSWORD = 'первый пароль 1';
const NEW_PASSWORD = 'второй пароль 2';
const DAY_SECONDS = 86_400;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  recordFailedApiCalls(page);
});

afterAll(async () => {
  await browser?.close();
});

const tokenCookie = async () => (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'token');
/** The header's account corner. */
const headerActions = (current: Page) => current.getByRole('navigation', { name: 'Корзина и кабинет' });
const accountLink = (current: Page) => headerActions(current).getByRole('link', { name: 'Кабинет: Анна Смирнова' });
const signInLink = (current: Page) => headerActions(current).getByRole('link', { name: 'Войти' });
const logoutButton = (current: Page) => headerActions(current).getByRole('button', { name: 'Выйти' });

/** The form's submit button, once the page has hydrated (it is disabled until then). */
async function submit(current: Page, name: string) {
  const button = current.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

/** The newest reset e-mail to `to` in the app's outbox (DATA_DIR/outbox), waiting for it to be written. */
async function resetMailFor(to: string, after: Set<string>): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((file) => !after.has(file));
    for (const file of files.sort().reverse()) {
      const raw = await readFile(path.join(outboxDir, file), 'utf8');
      if (headerOf(raw, 'to') === to) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} in ${outboxDir}`);
}

async function signIn(current: Page, password: string, remember: boolean) {
  await current.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await current.getByLabel(/^Пароль/).fill(password);
  if (remember) await current.getByRole('checkbox', { name: 'Запомнить меня на 24 часа' }).check();
  await submit(current, 'Войти');
}

describe('a client in Chromium: registration, sessions, password reset by e-mail', () => {
  it('registers and is signed in, with a session cookie and the name in the header', async () => {
    await page.goto(`${baseUrl}/register`);
    await page.getByRole('textbox', { name: 'Фамилия' }).fill('Смирнова');
    await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
    await page.getByRole('textbox', { name: 'Телефон' }).fill('8 (916) 555-12-34');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel(/^Пароль/).fill(FIRST_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(FIRST_PASSWORD);
    await submit(page, 'Зарегистрироваться');

    await page.waitForURL(`${baseUrl}/`);
    await accountLink(page).waitFor();
    const cookie = await tokenCookie();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    // Without "remember me": a session cookie.
    expect(cookie?.expires).toBe(-1);
  });

  it('logs out: the header offers to sign in, the token is gone and no longer works', async () => {
    const token = (await tokenCookie())!.value;
    await logoutButton(page).click();
    await signInLink(page).waitFor();
    expect(await tokenCookie()).toBeUndefined();
    const me = await fetch(`${baseUrl}/api/v1/shop/client-me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  });

  it('logs in with "remember me" for 24 hours, and stays signed in after a reload', async () => {
    await signInLink(page).click();
    await page.waitForURL(`${baseUrl}/login`);
    await signIn(page, FIRST_PASSWORD, true);
    await page.waitForURL(`${baseUrl}/`);
    await accountLink(page).waitFor();
    const expires = (await tokenCookie())!.expires;
    const inADay = Date.now() / 1000 + DAY_SECONDS;
    expect(Math.abs(expires - inADay)).toBeLessThan(120);

    await page.reload();
    await accountLink(page).waitFor();
    // The name comes from the server's session check, in the HTML before any script runs.
    const html = await (
      await fetch(`${baseUrl}/cart`, { headers: { cookie: `token=${(await tokenCookie())!.value}` } })
    ).text();
    expect(html).toContain('Кабинет: Анна Смирнова');
  });

  it('sends a signed-in client who opens /login to the home page', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.waitForURL(`${baseUrl}/`);
    await accountLink(page).waitFor();
  });

  it('resets the password through the link e-mailed to the outbox, once, and signs in with the new one', async () => {
    const earlierFiles = new Set(await readdir(outboxDir).catch(() => [] as string[]));
    await logoutButton(page).click();
    await signInLink(page).waitFor();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await page.waitForURL(`${baseUrl}/reset-password`);
    // The address changes before the new page is drawn: typing then would go to the sign-in form's own «E-mail».
    await page.getByRole('heading', { level: 1, name: 'Восстановление пароля' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await submit(page, 'Получить ссылку');
    await waitShown(page, page.getByRole('status').filter({ hasText: 'Если этот e-mail зарегистрирован' }));

    const link = resetLinkIn(await resetMailFor(email, earlierFiles));
    expect(link.startsWith(`${baseUrl}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Новый пароль' }).waitFor();
    await page.getByLabel('Новый пароль').fill(NEW_PASSWORD);
    await page.getByLabel('Повторите пароль').fill(NEW_PASSWORD);
    await submit(page, 'Сохранить пароль');
    await page.waitForURL(`${baseUrl}/login`);
    await waitShown(page, page.getByText('Пароль изменён. Войдите с новым паролем'));

    // The old password no longer works; the error notification carries the server's text.
    await signIn(page, FIRST_PASSWORD, false);
    await page.getByText('Неверный e-mail или пароль').first().waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);

    await page.getByLabel(/^Пароль/).fill(NEW_PASSWORD);
    await submit(page, 'Войти');
    await page.waitForURL(`${baseUrl}/`);
    await accountLink(page).waitFor();

    // The link was single-use.
    await page.goto(link);
    await page.getByLabel('Новый пароль').fill('третий пароль 3');
    await page.getByLabel('Повторите пароль').fill('третий пароль 3');
    await submit(page, 'Сохранить пароль');
    await page.getByRole('alert').filter({ hasText: 'Ссылка не подходит' }).waitFor();
  });

  it('ends a token the server no longer knows as an anonymous visitor on /login, without a loop', async () => {
    const stranger = await browser.newContext();
    await stranger.addCookies([{ name: 'token', value: 'A'.repeat(43), url: baseUrl }]);
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${baseUrl}/cart`);
    await strangerPage.waitForURL(`${baseUrl}/login?next=%2Fcart`);
    await strangerPage.getByRole('heading', { level: 1, name: 'Вход' }).waitFor();
    expect((await stranger.cookies(baseUrl)).find((cookie) => cookie.name === 'token')).toBeUndefined();
    await signInLink(strangerPage).waitFor();
    await stranger.close();
  });
});
