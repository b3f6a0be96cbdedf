import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Response } from 'playwright-core';
import type { Basket, BasketAddItemsResult } from '@detal/contract';
import { launchChromium } from '../src/chromium.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const isShopCall = (endpoint: string) => (response: Response) =>
  response.url().endsWith(`/api/v1/shop/${endpoint}`) && response.request().method() === 'POST';

// Five lines as a workshop pastes them: no brand (two brands have it), brand with a hyphen, cells, a tab line, a miss.
const LIST = ['OC 90', 'W 712/75 MANN-FILTER 2', 'bkr6e;ngk;4', '0 451 103 316\tBOSCH\t1', 'NOSUCH-999 3'].join('\n');

describe('search by list in Chromium', () => {
  it('finds a pasted list, lets the visitor pick a brand, and adds every chosen line to the basket at once', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Поиск по списку' }).click();
    await page.waitForURL(`${baseUrl}/search/list`);
    await page.getByRole('heading', { level: 1, name: 'Поиск по списку' }).waitFor();

    await page.getByRole('textbox', { name: /Список/ }).fill(LIST);
    await page.getByRole('button', { name: 'Найти', exact: true }).last().click();
    const found = page.getByRole('table', { name: 'Найденные позиции' });
    await found.waitFor();
    expect(await found.locator('tbody tr').count()).toBe(4);
    const missed = page.getByRole('list', { name: 'Не найденные строки' });
    expect(await missed.innerText()).toContain('NOSUCH-999 3');

    // The switch searches the same list again, the best offer now the fastest one.
    await page.getByText('Лучшее по сроку').click();
    await page.getByText(/Лучшее предложение — по сроку поставки/).waitFor();
    expect(await found.locator('tbody tr').count()).toBe(4);

    // OC 90 has two brands: nothing goes into the basket for it until one is picked.
    const addButton = page.getByRole('button', { name: /^Добавить выбранные в корзину/ });
    expect(await addButton.innerText()).toContain('(3)');
    await page.getByRole('combobox', { name: 'Бренд, строка 1, OC 90' }).selectOption('MAHLE');
    expect(await addButton.innerText()).toContain('(4)');

    const [answer] = await Promise.all([page.waitForResponse(isShopCall('basket-add-items')), addButton.click()]);
    expect(answer.status()).toBe(200);
    const added = ((await answer.json()) as { data: BasketAddItemsResult }).data;
    expect(added.items).toHaveLength(4);
    expect(added.total_positions_in_basket).toBe(4);
    await page.getByRole('status').filter({ hasText: 'Добавлено 4 позиции' }).waitFor();
    await page.getByRole('link', { name: /^Корзина 4 позиции/ }).waitFor();

    // The basket shows the four lines, with the brand picked for OC 90.
    const [shown] = await Promise.all([
      page.waitForResponse(isShopCall('basket-show')),
      page.getByRole('link', { name: 'Открыть корзину' }).click(),
    ]);
    const basket = ((await shown.json()) as { data: Basket }).data;
    expect(basket.items.map((item) => `${item.brand_name} ${item.article}`).sort()).toEqual([
      'BOSCH 0 451 103 316',
      'MAHLE OC 90',
      'MANN-FILTER W 712/75',
      'NGK BKR6E',
    ]);
    await context.close();
  });

  it('searches without scripts and says which lines were not found', async () => {
    const context = await browser.newContext({ viewport: { width: 768, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search/list`);
    await page.locator('textarea[name="text"]').fill('OC 90 KNECHT 2\nNOSUCH-1');
    await page.locator('form[aria-label="Поиск по списку"] button[type="submit"]').click();
    await page.getByRole('table', { name: 'Найденные позиции' }).waitFor();
    expect(await page.getByRole('list', { name: 'Не найденные строки' }).innerText()).toContain('NOSUCH-1');
    await context.close();
  });
});
