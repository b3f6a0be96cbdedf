import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';

/*
 * The storefront with JavaScript turned off, as a slow phone sees it before its scripts arrive: search from the
 * header, open a brand, sort, and read the offers, all from server-rendered pages and plain GET forms.
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
    const searchBox = page.getByRole('searchbox', { name: 'Поиск по артикулу' });
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
});
