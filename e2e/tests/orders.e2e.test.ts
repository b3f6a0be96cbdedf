import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';
import { kopecksOf, registerClient } from '../src/shop-client.ts';

/*
 * The checkout journey: a signed-in client finds a part, puts it into the basket, turns the basket line into an
 * order in two steps (the form at /orders/create), lands on the order with its confirmation and finds it in the
 * order list.
 */

const baseUrl = inject('baseUrl');
/** «сегодня», «завтра», «к 28 ноября» or «к 12 января 2027»: a ready day in words (issue 17, point 6). */
const READY_WORDS =
  /^(сегодня|завтра|к \d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)( \d{4})?)$/;
const PASSWORD = 'orders-e2e-password';

let browser: Browser;
/** The order the journey placed, for the ownership check. */
let placedOrderId = 0;

const registerOrdersClient = () =>
  registerClient(baseUrl, {
    emailPrefix: 'orders',
    password: PASSWORD,
    profile: { first_name: 'Андрей', last_name: 'Кузнецов', phone_number: '8 (916) 555-12-34' },
  });

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('checkout in Chromium', () => {
  it('search -> basket -> step 1 -> step 2 -> the order page -> the order in /orders', async () => {
    const email = await registerOrdersClient();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signIn(page, email);

    // Search from the header and add the first offer of the requested brand.
    const searchBox = page.getByRole('combobox', { name: 'Поиск по артикулу' });
    await searchBox.fill('oc-90');
    await searchBox.press('Enter');
    await page
      .getByRole('list', { name: 'Бренды с артикулом OC 90' })
      .getByRole('link', { name: /^KNECHT/ })
      .click();
    const offers = page.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    await offers.waitFor();
    // Beside the first offer's days, the day it is expected in words, the same one the basket and checkout show.
    const searchReady = offers.getByRole('row').nth(1).locator('[data-ready-day]');
    const readyDay = await searchReady.getAttribute('data-ready-day');
    expect(readyDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await searchReady.innerText()).toMatch(READY_WORDS);
    const [year, month, day] = readyDay!.split('-');
    expect(await searchReady.getAttribute('title')).toBe(`Ожидаемая готовность: ${day}.${month}.${year}`);
    const readyWords = await searchReady.innerText();
    await offers.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('link', { name: 'Корзина 1 позиция' }).waitFor();

    // The basket: the line is chosen for the order; the order button runs step 1 on /orders/create.
    await page.getByRole('link', { name: 'Корзина 1 позиция' }).click();
    await page.waitForURL(`${baseUrl}/cart`);
    const basketLines = page.getByRole('table').filter({ has: page.getByLabel('Выбрать все позиции') });
    const basketReady = basketLines.locator(`[data-ready-day="${readyDay}"]`);
    expect(await basketReady.innerText()).toBe(readyWords);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/orders\/create\?items=\d+$/);
    const form = page.getByRole('form', { name: 'Оформление заказа' });
    await form.getByRole('button', { name: 'Подтвердить заказ' }).waitFor();

    // Step 1 prefilled the contact data from the account (the phone as the account keeps it).
    expect(await form.getByLabel('Фамилия').inputValue()).toBe('Кузнецов');
    expect(await form.getByLabel('Телефон').inputValue()).toBe('+79165551234');
    expect(await form.getByLabel('E-mail').inputValue()).toBe(email);
    const lines = form.getByRole('table', { name: 'Состав заказа' });
    expect(await lines.getByRole('row').count()).toBe(2);
    expect(await lines.getByRole('row').nth(1).innerText()).toContain('KNECHT OC 90');
    const goods = kopecksOf(await form.getByTestId('order-total').innerText());
    // The line's day beside its days, and the order's: the latest of its lines (here its one line).
    expect(await lines.locator(`[data-ready-day="${readyDay}"]`).innerText()).toBe(readyWords);
    const orderReady = form.getByTestId('order-ready');
    expect(await orderReady.getAttribute('data-ready-day')).toBe(readyDay);
    expect(await orderReady.innerText()).toBe(`Заказ будет готов ${readyWords}`);

    // The form checks itself first: one error per field.
    await form.getByLabel('Телефон').fill('12345');
    await form.getByText('Транспортная компания').click();
    await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await form.getByText('Введите российский номер телефона, например +7 999 123-45-67').waitFor();
    await form.getByText('Укажите адрес доставки').waitFor();
    expect(page.url()).toMatch(/\/orders\/create\?items=/);

    // Step 2: a transport company to a new address, a desired time, a comment.
    await form.getByLabel('Телефон').fill('+7 916 555-12-34');
    await form.getByLabel('Адрес доставки').fill('г. Тула, ул. Ленина, д. 2, офис 14');
    await form.getByLabel('Желаемое время').fill('10:30');
    await form.getByLabel('Комментарий к заказу').fill('Позвонить за час');
    // 600,00 ₽ for the transport company on top of the goods.
    expect(kopecksOf(await form.getByTestId('order-total').innerText())).toBe(goods + 60_000);
    // On a wide screen the total and the confirm button stay in view wherever the form is scrolled to.
    for (const field of ['Фамилия', 'Адрес доставки', 'Комментарий к заказу']) {
      await form.getByLabel(field).scrollIntoViewIfNeeded();
      for (const part of [form.getByTestId('order-total'), form.getByRole('button', { name: 'Подтвердить заказ' })]) {
        const box = await part.boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= 900, `${field}: ${JSON.stringify(box)}`).toBe(true);
      }
    }
    await form.getByRole('button', { name: 'Подтвердить заказ' }).click();

    // The order page with its confirmation, its line and the delivery chosen.
    await page.waitForURL(/\/orders\/(\d+)\?created=1$/);
    const orderId = Number(/\/orders\/(\d+)/.exec(page.url())![1]);
    placedOrderId = orderId;
    await page.getByRole('heading', { level: 1, name: `Заказ № ${orderId}` }).waitFor();
    await page.getByRole('status').getByText('Заказ оформлен').waitFor();
    const orderLines = page.getByRole('table', { name: 'Состав заказа' });
    expect(await orderLines.getByRole('row').nth(1).innerText()).toMatch(/KNECHT OC 90[\s\S]*Новый/);
    await page.getByText('г. Тула, ул. Ленина, д. 2, офис 14').waitFor();
    await page.getByText('Позвонить за час').waitFor();
    expect(kopecksOf(await page.getByTestId('order-total').innerText())).toBe(goods + 60_000);
    await page.getByRole('button', { name: /^Скачать счёт № \d+ в PDF$/ }).waitFor();
    // The ordered line left the basket.
    await page.getByRole('link', { name: 'Корзина 0 позиций' }).waitFor();

    // The order in the list, newest first, with its label, status and total.
    await page.getByRole('link', { name: '← Все заказы' }).click();
    await page.waitForURL(`${baseUrl}/orders`);
    const row = page.getByRole('table', { name: 'Заказы' }).locator(`[data-order-id="${orderId}"]`);
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`Заказ № ${orderId}`);
    expect(rowText).toContain('Новый');
    expect(rowText).toContain('1 позиция');
    expect(rowText).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(kopecksOf(rowText.split('\n').pop() ?? '')).toBe(goods + 60_000);

    // Filtered by another status, it is not listed; the detail opens from the list.
    await page.getByLabel('Статус').selectOption('issued');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL(/\/orders\?.*status=issued/);
    await page.getByText('Заказов с такими условиями нет.').waitFor();
    await page.getByRole('link', { name: 'Сбросить' }).click();
    await page.getByRole('link', { name: `Заказ № ${orderId}` }).click();
    await page.waitForURL(`${baseUrl}/orders/${orderId}`);
    expect(await page.getByRole('status').count()).toBe(0);

    // On a phone the list is a card per order.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/orders`);
    const card = page.getByRole('list', { name: 'Заказы' }).locator(`[data-order-id="${orderId}"]`);
    expect(await card.isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Заказы' }).isVisible()).toBe(false);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('another client has no orders, and the first client\u2019s order is a 404 page for them', async () => {
    const email = await registerOrdersClient();
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await signIn(page, email);
    await page.goto(`${baseUrl}/orders`);
    await page.getByText('Заказов пока нет.').waitFor();
    expect(placedOrderId).toBeGreaterThan(0);
    const response = await page.goto(`${baseUrl}/orders/${placedOrderId}`);
    expect(response?.status()).toBe(404);
    await page.getByText('Page Not Found').first().waitFor();
    await context.close();
  });
});
