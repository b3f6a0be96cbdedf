import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { createStaffByCli } from '../src/first-owner.ts';
import { recordFailedApiCalls } from '../src/page-evidence.ts';

/*
 * Automatic price-list updates in Chromium: the owner opens a supplier's source panel, types an address (checked
 * as typed), saves it, and sees the scheduler's import in the history; the file's offer is then found by the shop's
 * search. The price list is served by a local HTTP server with an ETag. The app ticks every second
 * (SUPPLIER_SOURCES_TICK_SECONDS=1). Screenshots of the panel at 1440 and 768 px go to e2e/artifacts/.
 */

const OWNER = { email: 'sources-owner@e2e.example.ru', name: 'Ольга Источникова', role: 'owner' as const };
const OWNER_PASSWORD = 'пароль владельца прайсов';
const CSV = 'Артикул;Бренд;Наименование;Цена;Остаток\nDTL-E2E-77;MANN;Фильтр из прайса по расписанию;777.00;7\n';
const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

let app: RunningApp;
let ownerLink = '';
let browser: Browser;
let context: BrowserContext;
let dataDir: string;
let priceServer: Server;
let priceUrl = '';
let priceRequests = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-sources-'));
  priceServer = createServer((request, response) => {
    priceRequests += 1;
    const etag = `"${createHash('sha1').update(CSV).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', etag });
    response.end(CSV);
  });
  await new Promise<void>((resolve) => priceServer.listen(0, '127.0.0.1', resolve));
  priceUrl = `http://127.0.0.1:${(priceServer.address() as AddressInfo).port}/prices/mann.csv`;
  [app, browser] = await Promise.all([
    // The supplier is on this machine: allowed as an operator allows a supplier on the shop's own network.
    startApp(
      { DATA_DIR: dataDir, SUPPLIER_SOURCES_TICK_SECONDS: '1', SUPPLIER_SOURCES_ALLOWED_HOSTS: '127.0.0.1' },
      async (place) => {
        ownerLink = await createStaffByCli({ ...place, dataDir }, OWNER);
      },
    ),
    launchChromium(),
  ]);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  await new Promise((resolve) => priceServer?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function submit(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

async function searchItems(article: string): Promise<Array<{ article: string; price: number }>> {
  const response = await fetch(`${app.baseUrl}/api/v1/shop/products-search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ article, brand_name: 'MANN' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as {
    data: { result_products_search: { items: Array<{ article: string; price: number }> } };
  };
  return body.data.result_products_search.items;
}

describe('supplier price-list source in Chromium', () => {
  it('the owner sets a source address and sees the scheduled import in the history', async () => {
    expect(await searchItems('DTL-E2E-77')).toEqual([]);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    recordFailedApiCalls(page);

    await page.goto(ownerLink);
    await page.getByLabel(/^Новый пароль( \*)?$/).fill(OWNER_PASSWORD);
    await page.getByLabel(/^Повторите пароль( \*)?$/).fill(OWNER_PASSWORD);
    await submit(page, 'Сохранить пароль');
    await page.waitForURL(/\/admin\/login\?password=set$/);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(OWNER.email);
    await page.getByLabel(/^Пароль( \*)?$/).fill(OWNER_PASSWORD);
    await submit(page, 'Войти');
    await page.waitForURL(/\/admin(\/[a-z]+)?$/);

    // A supplier of the demo shop, by the back office's supplier list.
    const suppliers = await page.evaluate(async () => {
      const response = await fetch('/api/v1/admin/supplier-list');
      return ((await response.json()) as { data: { suppliers: Array<{ id: number; name: string }> } }).data.suppliers;
    });
    const supplier = suppliers[0]!;
    await page.goto(`${app.baseUrl}/admin/suppliers/${supplier.id}/source`);
    await page.getByTestId('supplier-source-panel').waitFor();
    await page.getByText('Источник не задан').waitFor();
    await page.getByTestId('source-fetches').getByText('Загрузок ещё не было').waitFor();

    // The address is checked as it is typed.
    const address = page.getByRole('textbox', { name: /Адрес прайс-листа/ });
    await address.fill('ftp://supplier.example/prices.csv');
    await page.getByText('Адрес должен начинаться с http:// или https://').waitFor();
    expect(await page.getByRole('button', { name: 'Сохранить', exact: true }).isDisabled()).toBe(true);
    await address.fill(priceUrl);
    await page.getByText('Адрес должен начинаться с http:// или https://').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Каждые, часов' }).fill('1');
    await page.getByRole('textbox', { name: /Устаревает через/ }).fill('3');
    // The demo supplier has hundreds of offers and the test list two rows: allowed to replace them (issue 26).
    await page.getByRole('checkbox', { name: /Загружать прайс, даже если он уберёт больше половины/ }).check();
    await submit(page, 'Сохранить');
    await page.getByRole('status').filter({ hasText: 'Сохранено' }).waitFor();

    // The scheduler takes the new source at its next tick; the page shows it in the history after a reload.
    const imported = page.getByTestId('source-fetches').locator('tr[data-outcome="imported"]');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('supplier-source-panel').waitFor();
          return imported.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const row = await imported.innerText();
    expect(row).toContain('По расписанию');
    expect(row.toLowerCase()).toContain('загружен');
    expect(row).toContain('200');
    expect(priceRequests).toBeGreaterThanOrEqual(1);
    await page.getByTestId('source-status').getByText('Актуален').waitFor();

    // The list's part is now found by the shop's search.
    const items = await searchItems('DTL-E2E-77');
    expect(items.map((item) => item.article)).toEqual(['DTL-E2E-77']);

    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'admin-supplier-source-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.screenshot({ path: path.join(artifacts, 'admin-supplier-source-768.png'), fullPage: true });
  }, 120_000);
});
