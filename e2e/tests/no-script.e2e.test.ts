import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';

/*
 * The storefront with JavaScript turned off, as a slow phone sees it before its scripts arrive: search from the
 * header, open a brand, sort, and read the offers, all from server-rendered pages and plain GET forms; register
 * and sign in through the routes' server actions.
 */

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The delivery days of the offers table's rows, in the order shown. */
async function deliveryColumn(table: Locator): Promise<number[]> {
  const cells = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[5]?.textContent ?? ''));
  return cells.map((text) => Number.parseInt(text, 10));
}

describe('the storefront without JavaScript', () => {
  it('searches from the header, opens a brand, sorts by delivery and reads the offers', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/catalog`);
    const searchBox = page.getByRole('combobox', { name: 'Поиск по артикулу' });
    await searchBox.fill('oc-90');
    await searchBox.press('Enter');
    // The plain GET form lands on /search?article=… and is sent on to the search page's own address.
    await page.waitForURL(`${baseUrl}/search/oc-90`);
    await page
      .getByRole('list', { name: 'Бренды с артикулом OC 90' })
      .getByRole('link', { name: /^MAHLE/ })
      .click();
    await page.waitForURL(/\/search\/MAHLE\/OC(%20| )?90$/i);
    const offers = page.getByRole('table', { name: 'Предложения MAHLE OC 90' });
    await offers.waitFor();
    const rows = await offers.locator('tbody tr').allInnerTexts();
    expect(rows.length).toBeGreaterThan(1);
    // Cheapest first by default: here not the fastest first, so the sort below has something to change.
    const byPrice = await deliveryColumn(offers);
    expect(byPrice).not.toEqual([...byPrice].sort((left, right) => left - right));
    for (const row of rows) expect(row).toMatch(/MAHLE[\s\S]*OC 90[\s\S]*\d+ дн\.[\s\S]*₽/);

    // Sorting: the choice is a radio of the form, sent by its own button when there are no scripts.
    const controls = page.getByRole('form', { name: 'Сортировка и фильтры' });
    await controls.getByText('Быстрее').click();
    await controls.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(/[?&]sort=delivery/);
    expect(await controls.getByRole('radio', { name: 'Быстрее' }).isChecked()).toBe(true);
    const sorted = await deliveryColumn(page.getByRole('table', { name: 'Предложения MAHLE OC 90' }));
    expect(sorted.length).toBe(rows.length);
    expect(sorted).toEqual([...sorted].sort((left, right) => left - right));

    // The column headers sort too: plain links.
    await page.getByRole('table', { name: 'Предложения MAHLE OC 90' }).getByRole('link', { name: 'Цена' }).click();
    await page.waitForURL(/\/search\/MAHLE\/OC90$/);
    expect(await controls.getByRole('radio', { name: 'Дешевле' }).isChecked()).toBe(true);

    // A part's offers beyond the best three open as the page's target: NGK BKR6E has five.
    await page.goto(`${baseUrl}/search/NGK/BKR6E`);
    const ngk = page.getByRole('table', { name: 'Предложения NGK BKR6E' });
    const shownRows = () =>
      ngk.locator('tbody tr').evaluateAll((rows) => rows.filter((row) => (row as HTMLElement).offsetParent).length);
    // Three offers and the «ещё» row.
    expect(await shownRows()).toBe(4);
    await ngk.getByRole('link', { name: 'Ещё 2 предложения NGK BKR6E' }).click();
    await expect.poll(shownRows).toBe(5);
    await page.close();
  });

  it('searches from the home page box too, and a blank search stays home', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('searchbox', { name: 'Номер детали' }).fill('W 712/75');
    await page
      .getByRole('search', { name: 'Поиск запчасти по артикулу' })
      .getByRole('button', { name: 'Найти' })
      .click();
    // One brand has the article: the search goes straight to its full result.
    await page.waitForURL(/\/search\/MANN-FILTER\/W71275$/);
    await page.getByRole('table', { name: /^Предложения MANN-FILTER W 712\/75/ }).waitFor();
    const response = await page.goto(`${baseUrl}/search?article=+++`);
    expect(response?.url()).toBe(`${baseUrl}/`);
    await page.close();
  });

  it('registers, and signs in with a wrong then the right password, all without scripts', async () => {
    const email = `no-script-${Date.now()}@example.test`;
    const password = 'без скриптов 2026';
    const page = await context.newPage();
    await page.goto(`${baseUrl}/register?next=%2Forders`);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    // The server checks the fields as the browser would and answers the page with the messages under them.
    await page.getByText('Введите фамилию').waitFor();
    await page.getByLabel('Фамилия').fill('Сидоров');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Введите имя').waitFor();
    expect(await page.getByLabel('Фамилия').inputValue()).toBe('Сидоров');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    await page.getByLabel(/^Имя/).fill('Пётр');
    await page.getByLabel('Телефон').fill('+7 916 555-00-11');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Пароль/).fill(password);
    await page.getByLabel(/^Повторите пароль/).fill(password);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
    const session = (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'token');
    expect(session?.expires).toBe(-1);
    await context.clearCookies();

    await page.goto(`${baseUrl}/login?next=%2Fbills`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Пароль/).fill('не тот пароль');
    await page.getByRole('button', { name: 'Войти' }).click();
    expect((await page.getByRole('alert').innerText()).trim()).toBe('Неверный e-mail или пароль');
    expect((await context.cookies(baseUrl)).some((cookie) => cookie.name === 'token')).toBe(false);
    // The answer is a new page: the e-mail typed is back in its field, the password is not.
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel(/^Пароль/).inputValue()).toBe('');
    await page.getByLabel(/^Пароль/).fill(password);
    await page.getByLabel('Запомнить меня на 24 часа').check();
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`${baseUrl}/bills`);
    await page.getByRole('heading', { level: 1, name: 'Счета' }).waitFor();
    // «Запомнить меня»: the cookie lasts 24 hours.
    const remembered = (await context.cookies(baseUrl)).find((cookie) => cookie.name === 'token');
    expect(remembered!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await context.clearCookies();
    await page.close();
  });
});
