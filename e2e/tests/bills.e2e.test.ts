import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKopecks } from '@detal/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { kopecksOf, registerClient } from '../src/shop-client.ts';

/*
 * The bill journey: a client's order gets a bill, the client sees it awaiting payment and downloads its PDF, the
 * shop owner marks it paid with the CLI, the client sees it paid.
 *
 * The order is placed through the pages (search, basket, checkout). This file runs an app of its own on its own
 * PGlite folder: the embedded database admits one process at a time, so the app is stopped while
 * `npm run admin -- bill-paid` writes to that folder, then started again on it, as a shop owner on the embedded
 * database would do. The browser keeps its session cookie across the restart (cookies do not depend on the port).
 */

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

let dataDir: string;
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;

const PASSWORD = 'bills-e2e-password';

const registerBillsClient = () =>
  registerClient(app.baseUrl, {
    emailPrefix: 'bills',
    password: PASSWORD,
    profile: {
      first_name: 'Ольга',
      last_name: 'Смирнова',
      phone_number: '+7 999 765-43-21',
      company_name: 'ООО «Автосервис»',
    },
  });

/**
 * Signs in and places an order in the browser as a client does: header search, a KNECHT OC 90 offer into the
 * basket, the order button, step 2 with the prefilled contact data and the default delivery. Answers the order's
 * id and total in kopecks.
 */
async function placeOrder(page: Page, email: string): Promise<{ orderId: number; totalKopecks: number }> {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${app.baseUrl}/`);

  const searchBox = page.getByRole('combobox', { name: 'Поиск по артикулу' });
  await searchBox.fill('oc-90');
  await searchBox.press('Enter');
  await page
    .getByRole('list', { name: 'Бренды с артикулом OC 90' })
    .getByRole('link', { name: /^KNECHT/ })
    .click();
  const offers = page.getByRole('table', { name: 'Предложения KNECHT OC 90' });
  await offers.getByRole('button', { name: 'В корзину' }).first().click();
  await page.getByRole('link', { name: 'Корзина 1 позиция' }).click();
  await page.waitForURL(`${app.baseUrl}/cart`);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const form = page.getByRole('form', { name: 'Оформление заказа' });
  await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
  await page.waitForURL(/\/orders\/(\d+)\?created=1$/);
  const orderId = Number(/\/orders\/(\d+)/.exec(page.url())![1]);
  const totalKopecks = kopecksOf(await page.getByTestId('order-total').innerText());
  return { orderId, totalKopecks };
}

/** The row (table at this width) or card of the bill, whichever layout is showing. */
const billEntry = (page: Page, billId: number) => page.locator(`[data-bill-id="${billId}"]:visible`);

const startShop = () => startApp({ DATA_DIR: dataDir, DATABASE_URL: '' });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-bills-'));
  [app, browser] = await Promise.all([startShop(), launchChromium()]);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bills in Chromium', () => {
  it('shows the new bill awaiting payment, downloads its PDF, and shows it paid once the shop marks it', async () => {
    const email = await registerBillsClient();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const { orderId, totalKopecks } = await placeOrder(page, email);
    expect(totalKopecks).toBeGreaterThan(0);

    await page.goto(`${app.baseUrl}/bills`);
    await expect.poll(() => page.title()).toBe('Счета — Деталь');
    const orderLink = page.getByRole('link', { name: `Заказ № ${orderId}` }).locator('visible=true');
    await orderLink.waitFor();
    const row = page.locator('tr', { has: orderLink });
    const billId = Number(await row.getAttribute('data-bill-id'));
    expect(billId).toBeGreaterThan(0);
    await expect.poll(() => row.getByText('Ждем оплаты').isVisible()).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Скачать счёт № ${billId} в PDF` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`schet-${billId}.pdf`);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The bill is the order's: its number, and the order's total as the sum to pay.
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText().finally(() => parser.destroy())).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Счёт на оплату № ${billId} от `);
    expect(text).toContain(`Заказ № ${orderId}`);
    expect(text).toContain(`Всего к оплате: ${formatKopecks(totalKopecks).replace(/\s₽$/, '').replace(/\s/g, ' ')}`);

    // The shop owner marks the bill paid on the embedded database the app uses (the app is stopped meanwhile).
    await app.stop();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/admin.ts', 'bill-paid', '--bill', String(billId)],
      { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
    );
    expect(stdout).toContain(`Счёт № ${billId} (Заказ № ${orderId}`);
    expect(stdout).toContain('Ждем оплаты -> Оплачен');
    app = await startShop();

    await page.goto(`${app.baseUrl}/bills`);
    await billEntry(page, billId).getByText('Оплачен', { exact: true }).waitFor();
    expect(await billEntry(page, billId).getByText('Ждем оплаты').count()).toBe(0);

    // The small layout shows the same status on the bill's card.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => billEntry(page, billId).getByText('Оплачен', { exact: true }).isVisible()).toBe(true);
    // The journey restarts the app around the CLI: more than the suite's default minute on a busy machine.
  }, 240_000);

  it('filters the list by status through the address', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.baseUrl}/bills`);
    await page.getByLabel('Статус').selectOption('false');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL(/paid=false/);
    await page.getByText('Счетов с такими условиями нет. Измените даты или статус.').waitFor();
    await page.close();
  });
});
