import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';
import { kopecksOf } from '../src/shop-client.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * The text of one column (0-based) of a table's offer rows, as shown: the rows behind «ещё N» (hidden) and the
 * «ещё N» rows themselves (two cells, one per layout) are left out.
 */
async function column(table: Locator, index: number): Promise<string[]> {
  return table
    .getByRole('row')
    .evaluateAll(
      (rows, cellIndex) =>
        rows
          .filter((row) => row.querySelectorAll('td').length > 2 && (row as HTMLElement).offsetParent !== null)
          .map((row) => (row.querySelectorAll('td')[cellIndex] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
}

/** '4 дн.' (and its probability, '4 дн. 90 %') -> 4; '-' -> Infinity (unknown delivery sorts last). */
const daysOf = (text: string) => (text.startsWith('-') ? Number.POSITIVE_INFINITY : Number.parseInt(text, 10));
const isAscending = (values: number[]) => values.every((value, index) => index === 0 || values[index - 1]! <= value);

/**
 * Sorted as a result groups offers: by part (brand and article, shown together), each part where its best offer
 * falls, and within a part in order. `value` reads the sorted column's cell.
 */
async function isSortedByPart(table: Locator, index: number, value: (text: string) => number): Promise<boolean> {
  const parts = new Map<string, number[]>();
  const [brands, articles, values] = await Promise.all([
    column(table, COLUMN.brand),
    column(table, COLUMN.article),
    column(table, index),
  ]);
  values.forEach((text, row) => {
    const key = `${brands[row]} ${articles[row]!.replace(/[^0-9A-Z]/gi, '')}`;
    parts.set(key, [...(parts.get(key) ?? []), value(text)]);
  });
  const groups = [...parts.values()];
  return groups.every(isAscending) && isAscending(groups.map((group) => group[0]!));
}

/** Large layout column indexes: brand, article, (middle cell), description, supplier, delivery, stock, price, weight. */
const COLUMN = { brand: 0, article: 1, delivery: 5, price: 7 } as const;

/** The header texts of the columns shown at the current width (role locators skip hidden cells). */
function visibleColumnHeaders(table: Locator): Promise<string[]> {
  return table
    .getByRole('columnheader')
    .evaluateAll((headers) => headers.map((header) => (header as HTMLElement).innerText.trim()));
}

describe('search in Chromium', () => {
  it('finds oc-90 from the header, opens a brand, sorts, and fits a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    // Any written form goes to /search/<as typed>, rendered on the server with the brand chips.
    await page.goto(baseUrl + '/');
    const searchBox = page.getByRole('combobox', { name: 'Поиск по артикулу' });
    await searchBox.fill('oc-90');
    await searchBox.press('Enter');
    await page.waitForURL(`${baseUrl}/search/oc-90`);
    await page.getByRole('heading', { level: 1, name: 'Артикул OC 90' }).waitFor();
    expect(await page.title()).toMatch(/^OC 90 — KNECHT, MAHLE: \d+\u00A0предложени/);
    const chips = page.getByRole('list', { name: 'Бренды с артикулом OC 90' });
    expect(await chips.getByRole('link').count()).toBe(2);

    // Pick a brand chip: its full result, requested offers first, then the analogs under their own heading.
    await chips.getByRole('link', { name: /^KNECHT/ }).click();
    await page.waitForURL(`${baseUrl}/search/KNECHT/OC90`);
    await page.getByRole('heading', { level: 1, name: 'KNECHT OC 90' }).waitFor();
    expect(await page.title()).toMatch(/^OC 90 KNECHT — цены и аналоги, \d+\u00A0предложени/);
    const requested = page.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    const analogs = page.getByRole('table', { name: 'Аналоги KNECHT OC 90' });
    await requested.waitFor();
    await analogs.waitFor();
    await page.getByRole('heading', { level: 2, name: /^Аналоги \d+$/ }).waitFor();

    const requestedBrands = await column(requested, COLUMN.brand);
    expect(requestedBrands.length).toBeGreaterThan(0);
    expect(new Set(requestedBrands)).toEqual(new Set(['KNECHT']));
    expect(new Set(await column(requested, COLUMN.article))).toEqual(new Set(['OC 90']));
    const analogBrands = await column(analogs, COLUMN.brand);
    expect(analogBrands.length).toBeGreaterThan(0);
    expect(analogBrands).toContain('MAHLE');
    const requestedBox = await requested.boundingBox();
    const analogsBox = await analogs.boundingBox();
    expect(requestedBox!.y).toBeLessThan(analogsBox!.y);
    // By price by default, cheapest first in each group.
    expect(isAscending((await column(requested, COLUMN.price)).map(kopecksOf))).toBe(true);
    expect(await isSortedByPart(analogs, COLUMN.price, kopecksOf)).toBe(true);
    expect(await visibleColumnHeaders(requested)).toEqual([
      'Бренд',
      'Артикул',
      'Описание',
      'Поставщик',
      'Срок',
      'Наличие',
      'Цена',
      'Вес',
      'В корзину',
    ]);

    // Switch the sort: the URL says so (shareable), and each group is ordered by delivery.
    // By keyboard, as a radio group works: focus the checked choice, arrow to the next one.
    await page.getByRole('radio', { name: 'Дешевле' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`${baseUrl}/search/KNECHT/OC90?sort=delivery`);
    await expect
      .poll(() => requested.getByRole('columnheader', { name: 'Срок' }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => isSortedByPart(analogs, COLUMN.delivery, daysOf)).toBe(true);
    expect(isAscending((await column(requested, COLUMN.delivery)).map(daysOf))).toBe(true);
    expect(await page.getByRole('radio', { name: 'Быстрее' }).isChecked()).toBe(true);

    // The sorted page opened directly is rendered the same on the server.
    const html = await (await fetch(`${baseUrl}/search/KNECHT/OC90?sort=delivery`)).text();
    expect(html).toContain('Аналоги');
    const deliveryChoice = html.match(/<input[^>]*>/g)?.find((tag) => tag.includes('value="delivery"'));
    expect(deliveryChoice).toMatch(/\schecked/);

    // The middle layout: fewer columns, brand and article merged.
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await visibleColumnHeaders(requested)).toEqual([
      'Бренд, артикул',
      'Описание',
      'Срок',
      'Наличие',
      'Цена',
      'В корзину',
    ]);

    // The small layout at 375 px: cards instead of tables.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await requested.isVisible()).toBe(false);
    expect(await analogs.isVisible()).toBe(false);
    const cards = page.getByRole('article');
    // Grouped as the tables are: the cards shown are the rows shown.
    expect(await cards.count()).toBe(requestedBrands.length + analogBrands.length);
    const firstCard = cards.first();
    expect(await firstCard.isVisible()).toBe(true);
    expect(await firstCard.getByRole('heading', { level: 3 }).innerText()).toMatch(/^KNECHT\s+OC 90$/);
    expect(await firstCard.getByRole('button', { name: 'В корзину' }).isVisible()).toBe(true);
    const cardBox = await firstCard.boundingBox();
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(375);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows ten offers on a laptop’s first screen, sorts from the column headers, opens a part’s other offers', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search/KNECHT/OC90`);
    const analogs = page.getByRole('table', { name: 'Аналоги KNECHT OC 90' });
    await analogs.waitFor();
    // Offer rows (with the add-to-basket control) wholly inside the first screen.
    const inView = await page.evaluate(
      () =>
        [...document.querySelectorAll('table tbody tr')].filter((row) => {
          const box = row.getBoundingClientRect();
          return (
            row.querySelector('td:last-child input') && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight
          );
        }).length,
    );
    expect(inView).toBeGreaterThanOrEqual(10);
    // One line per offer: every row as tall as the first.
    const heights = await analogs
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows
          .filter((row) => (row as HTMLElement).offsetParent)
          .map((row) => Math.round(row.getBoundingClientRect().height)),
      );
    expect(Math.max(...heights)).toBeLessThanOrEqual(40);
    // The general information is one line beside the heading.
    const heading = await page.getByRole('heading', { level: 1, name: 'KNECHT OC 90' }).boundingBox();
    const info = await page.getByRole('region', { name: 'Общая информация' }).boundingBox();
    expect(info!.height).toBeLessThan(30);
    expect(Math.abs(info!.y + info!.height - (heading!.y + heading!.height))).toBeLessThan(12);
    // Analogs two hops away: BOSCH through MAHLE, as MAHLE's own result lists it.
    expect(await column(analogs, COLUMN.brand)).toContain('BOSCH');

    // Sort by delivery from its header, then back by price.
    await analogs.getByRole('link', { name: 'Срок' }).click();
    await page.waitForURL(`${baseUrl}/search/KNECHT/OC90?sort=delivery`);
    await expect.poll(() => isSortedByPart(analogs, COLUMN.delivery, daysOf)).toBe(true);
    await analogs.getByRole('link', { name: 'Цена' }).click();
    await page.waitForURL(`${baseUrl}/search/KNECHT/OC90`);

    // NGK BKR6E has five offers: the best three, then «Ещё 2 предложения», opened and closed from the keyboard.
    await page.goto(`${baseUrl}/search/NGK/BKR6E`);
    const requested = page.getByRole('table', { name: 'Предложения NGK BKR6E' });
    await requested.waitFor();
    expect(await column(requested, COLUMN.price)).toHaveLength(3);
    const more = requested.getByRole('button', { name: 'Ещё 2 предложения NGK BKR6E' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await column(requested, COLUMN.price)).length).toBe(5);
    expect(isAscending((await column(requested, COLUMN.price)).map(kopecksOf))).toBe(true);
    const less = requested.getByRole('button', { name: 'Свернуть NGK BKR6E' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await less.press('Enter');
    await expect.poll(async () => (await column(requested, COLUMN.price)).length).toBe(3);
    await context.close();
  });

  it('shows the not-found state with what was searched and a hint', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/search/${encodeURIComponent('ZX-000-404')}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Ничего не найдено: ZX-000-404' }).waitFor();
    expect(await page.getByText('без пробелов и знаков: ZX000404').count()).toBe(1);
    await page.getByText('Что попробовать').waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

    // An article longer than the API takes says why instead.
    const tooLong = 'X'.repeat(70);
    await page.goto(`${baseUrl}/search/${tooLong}`);
    await page.getByRole('heading', { level: 1, name: `Ничего не найдено: ${tooLong}` }).waitFor();
    await page.getByText('Артикул должен содержать не более 64 символов').waitFor();
    await context.close();
  });

  it('sends an article only one brand has straight to its full result, keeping the options', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/search/${encodeURIComponent('W 712/73')}?sort=delivery`);
    await page.waitForURL(`${baseUrl}/search/MANN-FILTER/W71273?sort=delivery`);
    await page.getByRole('heading', { level: 1, name: 'MANN-FILTER W 712/73' }).waitFor();
    await context.close();
  });
});
