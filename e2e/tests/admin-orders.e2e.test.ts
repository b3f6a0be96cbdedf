import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';
import { ORDERS_MANAGER } from '../src/first-owner.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { placeOrderByApi, type PlacedByApi } from '../src/shop-client.ts';

/**
 * Orders line by line in Chromium (issue 14, point 4): a client places an order of two lines through the shop API;
 * the manager (created by the CLI before the app started, see global-setup.ts) sets a password, signs in, finds
 * the order's lines in the queue (by number, and by the article typed as a client says it), moves both to «В
 * работе» and then «Готов к выдаче» with the keyboard and the bulk bar, issues one and cancels the other on the
 * order page (the order's status follows: «Частично выдан», «Выдан»); the client signs in and sees the statuses.
 * Every back office page the manager opens fits a phone and a tablet (issue 26, points 3 and 4).
 */

const baseUrl = inject('baseUrl');
const managerLink = inject('managerLink');

const MANAGER_PASSWORD = 'пароль менеджера заказов';
const CLIENT_PASSWORD = 'пароль клиента заказов';

let browser: Browser;
let managerContext: BrowserContext;
let clientContext: BrowserContext;
let manager: Page;
let client: Page;

beforeAll(async () => {
  browser = await launchChromium();
  managerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  manager = await managerContext.newPage();
  client = await clientContext.newPage();
  recordFailedApiCalls(manager);
  recordFailedApiCalls(client);
});

afterAll(async () => {
  await browser?.close();
});

const queueRows = (page: Page) => page.getByTestId('order-queue').locator('tbody tr');

/** Chooses a status in the bulk bar and sends it, waiting for the bar to say it is done. */
async function changeStatus(page: Page, statusLabel: string, note = '') {
  const bar = page.getByRole('form', { name: 'Смена статуса' }).first();
  await bar.getByRole('combobox', { name: 'Новый статус' }).selectOption({ label: statusLabel });
  if (note) await bar.getByRole('textbox', { name: 'Примечание' }).fill(note);
  await bar.getByRole('button', { name: 'Изменить статус' }).click();
  await waitShown(page, page.getByTestId('order-action-done').first());
}

describe('orders line by line in Chromium', () => {
  let placed: PlacedByApi;
  let clientPath = '';

  it('a client places an order; the manager signs in and finds its lines in the queue by order number', async () => {
    placed = await placeOrderByApi(baseUrl, { password: CLIENT_PASSWORD });

    await manager.goto(managerLink);
    await manager.getByLabel(/^Новый пароль/).fill(MANAGER_PASSWORD);
    await manager.getByLabel(/^Повторите пароль/).fill(MANAGER_PASSWORD);
    await manager.getByRole('button', { name: 'Сохранить пароль', disabled: false }).click();
    await manager.waitForURL(`${baseUrl}/admin/login?password=set`);
    await manager.getByRole('textbox', { name: 'E-mail' }).fill(ORDERS_MANAGER.email);
    await manager.getByLabel(/^Пароль/).fill(MANAGER_PASSWORD);
    await manager.getByRole('button', { name: 'Войти', disabled: false }).click();
    await manager.waitForURL(`${baseUrl}/admin/orders`);

    // The newest order comes first, with the client and the line's real supplier.
    await waitShown(manager, queueRows(manager).first());
    await expect.poll(() => queueRows(manager).first().innerText()).toContain(`№ ${placed.orderId}`);
    expect(await queueRows(manager).first().innerText()).toContain('Очередников Глеб');

    // The filter by order number goes into the URL.
    await manager.getByRole('textbox', { name: 'Заказ №' }).fill(String(placed.orderId));
    await manager.getByRole('button', { name: 'Показать' }).click();
    await manager.waitForURL(new RegExp(`order_id=${placed.orderId}`));
    await expect.poll(() => queueRows(manager).count()).toBe(2);
  });

  it('finds the lines by the article as a client says it on the phone («ос-90»), badges whole (issue 26, point 4)', async () => {
    await manager.goto(`${baseUrl}/admin/orders`);
    await manager.getByTestId('queue-search').fill('ос-90');
    await manager.getByRole('button', { name: 'Показать' }).click();
    await manager.waitForURL(/[?&]q=/);
    await waitShown(manager, queueRows(manager).first());
    const found = await queueRows(manager).allInnerTexts();
    expect(found.filter((row) => row.includes(`№ ${placed.orderId}`))).toHaveLength(2);
    expect(found.every((row) => /OC\s?90/i.test(row))).toBe(true);
    // No status badge is cut short («Нов…») at 1440 px: each label is as wide as its text.
    const cut = await manager
      .getByTestId('order-queue')
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
    expect(cut).toBe(0);
    // And the whole table, status column included, fits at 1440 px: its frame has nothing to scroll.
    const hidden = await manager.getByTestId('order-queue').evaluate((table) => {
      const frame = table.closest('[class*="scrollContainer"]') ?? table.parentElement!;
      return frame.scrollWidth - frame.clientWidth;
    });
    expect(hidden).toBeLessThanOrEqual(1);
    // The queue links the client's screen, and the client's screen links the order back.
    await queueRows(manager)
      .first()
      .getByRole('link', { name: /Очередников Глеб/ })
      .click();
    await manager.waitForURL(/\/admin\/clients\/\d+$/);
    clientPath = new URL(manager.url()).pathname;
    await waitShown(manager, manager.getByTestId('client-orders'));
    await manager
      .getByTestId('client-orders')
      .getByRole('link', { name: `Заказ № ${placed.orderId}` })
      .click();
    await manager.waitForURL(`${baseUrl}/admin/orders/${placed.orderId}`);
    await manager.getByRole('link', { name: 'Позиции заказа в очереди' }).click();
    await manager.waitForURL(new RegExp(`order_id=${placed.orderId}`));
    await expect.poll(() => queueRows(manager).count()).toBe(2);
  });

  it('moves both lines to «В работе» with the keyboard and the bulk bar, then to «Готов к выдаче»', async () => {
    // x selects the line under the cursor, j moves down: both lines chosen from the keyboard.
    await manager.locator('body').click({ position: { x: 5, y: 5 } });
    await manager.keyboard.press('x');
    await manager.keyboard.press('j');
    await manager.keyboard.press('x');
    await expect.poll(() => manager.getByTestId('selected-count').innerText()).toBe('Выбрано: 2');
    await changeStatus(manager, 'В работе', 'Заказали у поставщика');
    await expect
      .poll(() => queueRows(manager).allTextContents())
      .toEqual([expect.stringContaining('В работе'), expect.stringContaining('В работе')]);

    await manager.getByRole('checkbox', { name: 'Выбрать все' }).check();
    await expect.poll(() => manager.getByTestId('selected-count').innerText()).toBe('Выбрано: 2');
    await changeStatus(manager, 'Готов к выдаче');
    await expect
      .poll(() => queueRows(manager).allTextContents())
      .toEqual([expect.stringContaining('Готов к выдаче'), expect.stringContaining('Готов к выдаче')]);
  });

  it('issues one line: the order is «Частично выдан»; cancels the other after its confirmation: «Выдан»', async () => {
    await manager
      .getByRole('link', { name: `№ ${placed.orderId}` })
      .first()
      .click();
    await manager.waitForURL(`${baseUrl}/admin/orders/${placed.orderId}`);
    const lines = manager.getByTestId('order-lines').locator('tbody tr');
    await waitShown(manager, lines.first());
    const orderStatus = () => manager.getByTestId('order-status').innerText();
    expect(await orderStatus()).toBe('Готов к выдаче');
    await lines.nth(1).getByRole('checkbox').check();
    await changeStatus(manager, 'Выдан');
    await expect.poll(orderStatus).toBe('Частично выдан');
    const first = lines.first();
    expect(await first.textContent()).toContain('Заказали у поставщика');
    expect(await first.textContent()).toContain(ORDERS_MANAGER.name);

    await first.getByRole('button', { name: 'Отменить' }).click();
    await first.getByRole('textbox', { name: 'Причина отмены' }).fill('Клиент передумал');
    await first.getByRole('button', { name: 'Да, отменить' }).click();
    await expect.poll(() => first.textContent()).toContain('Отменён');
    expect(await first.textContent()).toContain('Клиент передумал');
    expect(await lines.nth(1).textContent()).toContain('Выдан');
    // The order's status follows its lines: the one left is issued.
    await expect.poll(orderStatus).toBe('Выдан');
    // The canceled line offers no cancel and no longer counts in the totals' margin.
    expect(await first.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    expect(await manager.getByTestId('order-totals').innerText()).toContain('Отменено');
  });

  it('the client sees the order «Выдан» and the statuses of its lines in /orders', async () => {
    await client.goto(`${baseUrl}/login`);
    await client.getByLabel('E-mail').fill(placed.email);
    await client.getByLabel(/^Пароль/).fill(CLIENT_PASSWORD);
    await client.getByRole('button', { name: 'Войти' }).click();
    await client.waitForURL(`${baseUrl}/`);
    await client.goto(`${baseUrl}/orders`);
    await waitShown(client, client.getByText(`№ ${placed.orderId}`).first());
    expect(await client.locator('main').innerText()).toContain('Выдан');
    await client.goto(`${baseUrl}/orders/${placed.orderId}`);
    const page = await client.locator('main').innerText();
    expect(page).toContain('Отменён');
    expect(page).toContain('Выдан');
    expect(page).not.toContain('Новый');
  });

  it(
    'no back office page is wider than a phone (375 px) or a tablet (768 px); the navigation folds',
    { timeout: 300_000 },
    async () => {
      const pages = [
        clientPath,
        '/admin/orders',
        `/admin/orders/${placed.orderId}`,
        '/admin/payments',
        '/admin/payments?tab=bills',
        '/admin/clients',
        '/admin/suppliers',
        '/admin/suppliers/cross-references',
        '/admin/staff',
        '/admin/audit',
        '/admin/pricing',
        '/admin/content',
        '/admin/settings',
      ];
      const wide: string[] = [];
      for (const width of [375, 768]) {
        await manager.setViewportSize({ width, height: 800 });
        for (const address of pages) {
          // Rendered on the server: the page's width is there at load.
          await manager.goto(`${baseUrl}${address}`, { waitUntil: 'load' });
          const overflow = await manager.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) wide.push(`${address} at ${width}px: ${overflow}px too wide`);
        }
      }
      expect(wide).toEqual([]);
      // At 375 px the sections hide behind the burger, which opens them.
      await manager.setViewportSize({ width: 375, height: 800 });
      await manager.goto(`${baseUrl}/admin/orders`);
      const payments = manager.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Платежи' });
      // Folded away: the navigation slides out of the window to the left.
      const rightEdge = async () => {
        const box = await payments.boundingBox();
        return box ? box.x + box.width : 0;
      };
      expect(await rightEdge()).toBeLessThanOrEqual(0);
      await manager.getByRole('button', { name: 'Разделы' }).click();
      await expect.poll(rightEdge).toBeGreaterThan(0);
      await payments.click();
      await manager.waitForURL(`${baseUrl}/admin/payments`);
      await manager.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
