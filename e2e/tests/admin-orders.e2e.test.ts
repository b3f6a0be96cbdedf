import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../src/chromium.ts';
import { ORDERS_MANAGER } from '../src/first-owner.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { placeOrderByApi, type PlacedByApi } from '../src/shop-client.ts';

/**
 * Orders line by line in Chromium (issue 14, point 4): a client places an order of two lines through the shop API;
 * the manager (created by the CLI before the app started, see global-setup.ts) sets a password, signs in, finds
 * the order's lines in the queue, moves both to «В работе» and then «Готов к выдаче» with the keyboard and the bulk
 * bar, cancels one on the order page (with its confirmation); the client signs in and sees the statuses.
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

  it('cancels one line on the order page, after its confirmation; the history shows every step', async () => {
    await manager
      .getByRole('link', { name: `№ ${placed.orderId}` })
      .first()
      .click();
    await manager.waitForURL(`${baseUrl}/admin/orders/${placed.orderId}`);
    const lines = manager.getByTestId('order-lines').locator('tbody tr');
    await waitShown(manager, lines.first());
    const first = lines.first();
    expect(await first.textContent()).toContain('Заказали у поставщика');
    expect(await first.textContent()).toContain(ORDERS_MANAGER.name);

    await first.getByRole('button', { name: 'Отменить' }).click();
    await first.getByRole('textbox', { name: 'Причина отмены' }).fill('Клиент передумал');
    await first.getByRole('button', { name: 'Да, отменить' }).click();
    await expect.poll(() => first.textContent()).toContain('Отменён');
    expect(await first.textContent()).toContain('Клиент передумал');
    expect(await lines.nth(1).textContent()).toContain('Готов к выдаче');
    // The canceled line offers no cancel and no longer counts in the totals' margin.
    expect(await first.getByRole('button', { name: 'Отменить' }).count()).toBe(0);
    expect(await manager.getByTestId('order-totals').innerText()).toContain('Отменено');
  });

  it('the client sees the statuses of the lines in /orders', async () => {
    await client.goto(`${baseUrl}/login`);
    await client.getByLabel('E-mail').fill(placed.email);
    await client.getByLabel(/^Пароль/).fill(CLIENT_PASSWORD);
    await client.getByRole('button', { name: 'Войти' }).click();
    await client.waitForURL(`${baseUrl}/`);
    await client.goto(`${baseUrl}/orders`);
    await waitShown(client, client.getByText(`№ ${placed.orderId}`).first());
    await client.goto(`${baseUrl}/orders/${placed.orderId}`);
    const page = await client.locator('main').innerText();
    expect(page).toContain('Отменён');
    expect(page).toContain('Готов к выдаче');
  });
});
