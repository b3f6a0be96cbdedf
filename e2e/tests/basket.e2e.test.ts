import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { formatLineTotal, type Basket, type BasketItem } from '@detal/contract';
import { launchChromium } from '../src/chromium.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const isBasketCall = (endpoint: string) => (response: Response) =>
  response.url().endsWith(`/api/v1/shop/${endpoint}`) && response.request().method() === 'POST';

/** The basket the cart page loaded, read from its basket-show answer. */
async function openCart(page: Page, open: () => Promise<unknown>): Promise<Basket> {
  const [shown] = await Promise.all([page.waitForResponse(isBasketCall('basket-show')), open()]);
  expect(shown.status()).toBe(200);
  return ((await shown.json()) as { data: Basket }).data;
}

const badge = (page: Page, positions: number) =>
  page.getByRole('link', { name: new RegExp(`^Корзина ${positions} позици`) });
/** As the basket page names a line to assistive technology. */
const lineName = (line: BasketItem) =>
  `${line.brand_name} ${line.article}${line.supplier_name ? `, ${line.supplier_name}` : ''}`;

describe('the basket in Chromium', () => {
  it('keeps what a visitor adds from search results across reloads, changes and sign-in, and forgets it at logout', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();

    // Two offers from the search results, each with its own "В корзину".
    await page.goto(`${baseUrl}/search/MAHLE/${encodeURIComponent('OC 90')}`);
    const offers = page.getByRole('table', { name: 'Предложения MAHLE OC 90' });
    const addButtons = offers.getByRole('button', { name: 'В корзину' });
    await addButtons.first().waitFor();
    expect(await addButtons.count()).toBeGreaterThanOrEqual(2);
    const addedOfferIds: number[] = [];
    for (const [index, positions] of [
      [0, 1],
      [1, 2],
    ] as const) {
      const [added] = await Promise.all([
        page.waitForResponse(isBasketCall('basket-add-item')),
        addButtons.nth(index).click(),
      ]);
      expect(added.status()).toBe(200);
      addedOfferIds.push((JSON.parse(added.request().postData() ?? '{}') as { item: { id: number } }).item.id);
      await badge(page, positions).waitFor();
      // The keyboard stays on the button just pressed, not thrown back to the page body.
      expect(await addButtons.nth(index).evaluate((button) => button === document.activeElement)).toBe(true);
    }

    // The basket page, reloaded: both lines are there.
    await openCart(page, () => page.getByRole('link', { name: /^Корзина \d+ позици/ }).click());
    await page.waitForURL(`${baseUrl}/cart`);
    const basket = await openCart(page, () => page.reload());
    expect(basket.items.map((line) => line.offer_id).sort()).toEqual([...addedOfferIds].sort());
    const table = page.getByRole('table');
    const [first, second] = basket.items as [BasketItem, BasketItem];
    const rowOf = (line: BasketItem) =>
      table.getByRole('row').filter({ has: page.getByRole('button', { name: `Удалить: ${lineName(line)}` }) });
    for (const line of [first, second]) await rowOf(line).waitFor();
    await badge(page, 2).waitFor();

    // One more piece of a line that has the stock for it; its line total follows.
    const stepped = basket.items.find((line) => line.quantity > 1) ?? first;
    const steppedRow = rowOf(stepped);
    await steppedRow.getByRole('button', { name: `Увеличить количество: ${lineName(stepped)}` }).click();
    await steppedRow.getByText(formatLineTotal(stepped.price, 2)).waitFor();
    const box = steppedRow.getByRole('spinbutton', { name: `Количество: ${lineName(stepped)}` });
    await expect.poll(() => box.inputValue()).toBe('2');
    // A quantity typed into the box: the whole stock at once, not a click a piece.
    await box.fill(String(stepped.quantity + 10));
    await box.press('Enter');
    await steppedRow.getByText(formatLineTotal(stepped.price, stepped.quantity)).waitFor();
    await expect.poll(() => box.inputValue()).toBe(String(stepped.quantity));
    // And back to two, typed, leaving the box by Tab.
    await box.fill('2');
    await box.press('Tab');
    await steppedRow.getByText(formatLineTotal(stepped.price, 2)).waitFor();

    // The other line deleted.
    const removed = stepped === first ? second : first;
    await table.getByRole('button', { name: `Удалить: ${lineName(removed)}` }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await badge(page, 1).waitFor();

    // Ordering needs an account: sign-in first, then registration from there, and back to the basket.
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(`${baseUrl}/login?next=%2Fcart`);
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    const email = `basket-${Date.now()}@example.ru`;
    await page.getByRole('textbox', { name: 'Фамилия' }).fill('Корзинкина');
    await page.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
    await page.getByRole('textbox', { name: 'Телефон' }).fill('+7 999 123-45-67');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel(/^Пароль/).fill('basket-pass-1');
    await page.getByLabel('Повторите пароль').fill('basket-pass-1');
    const afterSignIn = await openCart(page, async () => {
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await page.waitForURL(`${baseUrl}/cart`);
    });

    // Signed in: the same line, now in the client's own basket (the anonymous one was merged and deleted).
    expect(afterSignIn.basket_id).not.toBe(basket.basket_id);
    expect(afterSignIn.items).toMatchObject([{ offer_id: stepped.offer_id, quantity_in_basket: 2 }]);
    await rowOf(stepped).waitFor();
    await badge(page, 1).waitFor();

    // Logout forgets the basket ids: the badge is empty and so is the basket page.
    await page.getByRole('button', { name: 'Выйти' }).click();
    await badge(page, 0).waitFor();
    await page.getByRole('heading', { name: 'Корзина пуста' }).waitFor();

    // Signing in again brings the client's basket back.
    await page.goto(`${baseUrl}/login?next=%2Fcart`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel(/^Пароль/).fill('basket-pass-1');
    const backAgain = await openCart(page, async () => {
      await page.getByRole('button', { name: 'Войти' }).last().click();
      await page.waitForURL(`${baseUrl}/cart`);
    });
    expect(backAgain).toMatchObject({ basket_id: afterSignIn.basket_id, total_positions_in_basket: 1 });
    await badge(page, 1).waitFor();
    await context.close();
  });

  it('drops a basket whose key no longer works, quietly, and starts a new one on the next add', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addInitScript(() => {
      if (!localStorage.getItem('detal-basket')) {
        localStorage.setItem(
          'detal-basket',
          JSON.stringify({
            state: { basket_id: 2_000_000_000, basket_key: 'merged-away', total_positions_in_basket: 3 },
            version: 0,
          }),
        );
      }
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/cart`);
    await page.getByRole('heading', { name: 'Корзина пуста' }).waitFor();
    await badge(page, 0).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.goto(`${baseUrl}/search/MAHLE/${encodeURIComponent('OC 90')}`);
    // Below md the offers are cards; their add buttons are the visible ones.
    const [added] = await Promise.all([
      page.waitForResponse(isBasketCall('basket-add-item')),
      page.getByRole('button', { name: 'В корзину' }).first().click(),
    ]);
    expect(JSON.parse(added.request().postData() ?? '{}')).toMatchObject({ basket_id: null, basket_key: null });
    await badge(page, 1).waitFor();
    await context.close();
  });
});
