import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { statementBytes } from '../../server/test/fixtures/statement.ts';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { createStaffByCli } from '../src/first-owner.ts';
import { recordFailedApiCalls } from '../src/page-evidence.ts';

/*
 * Payments in Chromium: a client orders (through the API), a manager uploads the bank's statement (1C format,
 * Windows-1251) naming the bill's number and amount on /admin/payments, the statement's result shows the payment
 * recorded (and a second upload shows it already recorded), and the client's /bills shows «Оплачен».
 *
 * This file runs an app of its own: the manager is created by the CLI (`staff-create --link`) before the app
 * opens its embedded database, as a shop's first staff are.
 */

const MANAGER = { email: 'payments-manager@e2e.example.ru', name: 'Павел Платежов', role: 'manager' as const };
const MANAGER_PASSWORD = 'пароль менеджера платежей';
const CLIENT_PASSWORD = 'payments-e2e-password';
// The seeded demo shop's settlement account (server/src/seed/shop-settings.ts).
const SHOP_ACCOUNT = '40702810000000000000';
const shotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts/payments');
mkdirSync(shotsDir, { recursive: true });

let app: RunningApp;
let managerLink = '';
let browser: Browser;
let context: BrowserContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-payments-'));
  [app, browser] = await Promise.all([
    startApp({ DATA_DIR: dataDir }, async (place) => {
      managerLink = await createStaffByCli({ ...place, dataDir }, MANAGER);
    }),
    launchChromium(),
  ]);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function shop<T>(endpoint: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/v1/shop/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${endpoint}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

/** The business's INN the client registers with: a statement line from it may be matched by the payer. */
const CLIENT_INN = '7707083893';

/**
 * A client registers (a business with its INN) and orders KNECHT OC 90 through the shop API, once and then again
 * with `secondQuantity` pieces; answers the token and both bills.
 */
async function clientOrders(secondQuantity: number): Promise<{
  token: string;
  billId: number;
  sum: number;
  second: { billId: number; sum: number };
}> {
  const email = `payments-${Date.now()}@example.test`;
  const { client } = await shop<{ client: { access_token: string; basket_id: number; basket_key: string } }>(
    'client-registration',
    {
      email,
      password: CLIENT_PASSWORD,
      password_confirmation: CLIENT_PASSWORD,
      first_name: 'Ольга',
      last_name: 'Платёжная',
      phone_number: '+7 999 765-43-21',
      company_name: 'ООО «Автосервис»',
      is_business: true,
      inn: CLIENT_INN,
    },
  );
  const token = client.access_token;
  const basket = { basket_id: client.basket_id, basket_key: client.basket_key };
  const search = await shop<{ result_products_search: { items: { id: number }[] } }>(
    'products-search',
    { article: 'OC90', brand_name: 'KNECHT' },
    token,
  );
  const offer = search.result_products_search.items[0]!;
  const bills: { id: number; price_sum: number }[] = [];
  for (const quantity of [1, secondQuantity]) {
    await shop('basket-add-item', { item: { id: offer.id }, quantity, ...basket }, token);
    bills.push(await placeOrder(email, token, basket));
  }
  const [first, second] = bills as [(typeof bills)[0], (typeof bills)[0]];
  return { token, billId: first.id, sum: first.price_sum, second: { billId: second.id, sum: second.price_sum } };
}

/** Step 1 and 2 of the checkout for the basket's lines; answers the new bill. */
async function placeOrder(
  email: string,
  token: string,
  basket: { basket_id: number; basket_key: string },
): Promise<{ id: number; price_sum: number }> {
  const shown = await shop<{ items: { id: number }[] }>('basket-show', basket, token);
  const itemsForOrder = shown.items.map((item) => item.id);
  const preorder = await shop<{ delivery_method: { id: number }[] }>(
    'basket-create-order-order-step1-from-items-post',
    { itemsForOrder, ...basket },
    token,
  );
  await shop(
    'create-order-order-step2-from-items-post',
    {
      ...basket,
      itemsForOrder,
      client_shops_email: email,
      first_name: 'Ольга',
      last_name: 'Платёжная',
      company_name: 'ООО «Автосервис»',
      phone_number: '+7 999 765-43-21',
      delivery_method_id: preorder.delivery_method[0]!.id,
    },
    token,
  );
  const bills = await shop<{ data: { id: number; price_sum: number; paid: boolean }[] }>(
    'client-bill-all-post',
    {},
    token,
  );
  const bill = bills.data.reduce((newest, each) => (each.id > newest.id ? each : newest));
  expect(bill.paid).toBe(false);
  return bill;
}

async function submit(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

describe('payments in Chromium', () => {
  it("a manager uploads the bank's statement; the bill is paid and the client's /bills says «Оплачен»", async () => {
    const { token, billId, sum, second } = await clientOrders(2);
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    recordFailedApiCalls(page);

    // The manager sets a password from the CLI's link and signs in.
    await page.goto(managerLink);
    await page.getByLabel(/^Новый пароль( \*)?$/).fill(MANAGER_PASSWORD);
    await page.getByLabel(/^Повторите пароль( \*)?$/).fill(MANAGER_PASSWORD);
    await submit(page, 'Сохранить пароль');
    await page.waitForURL(/\/admin\/login\?password=set$/);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(MANAGER.email);
    await page.getByLabel(/^Пароль( \*)?$/).fill(MANAGER_PASSWORD);
    await submit(page, 'Войти');
    await page.waitForURL(/\/admin\/orders$/);

    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Платежи' }).click();
    await page.waitForURL(/\/admin\/payments$/);
    await expect.poll(() => page.title()).toBe('Платежи — Деталь');

    const amount = sum.toFixed(2);
    const file = statementBytes(
      [SHOP_ACCOUNT],
      [
        {
          number: '731',
          date: '23.11.2026',
          amount,
          payerAccount: '40702810400000011111',
          receiverAccount: SHOP_ACCOUNT,
          payer: 'ООО «Автосервис»',
          purpose: `Оплата по счету № ${billId} от 23.11.2026. Без налога (НДС)`,
        },
        {
          number: '732',
          date: '23.11.2026',
          amount: '5000.00',
          payerAccount: SHOP_ACCOUNT,
          receiverAccount: '40702810500000022222',
          purpose: 'Оплата поставщику по счету № 1',
        },
        // Issue 26 point 9: no bill number, but the payer's INN is the client's and one open bill has this amount.
        {
          number: '734',
          date: '23.11.2026',
          amount: second.sum.toFixed(2),
          payerAccount: '40702810400000011111',
          receiverAccount: SHOP_ACCOUNT,
          payer: 'ООО «Автосервис»',
          payerInn: CLIENT_INN,
          purpose: 'Оплата за запчасти',
        },
        {
          number: '733',
          date: '23.11.2026',
          amount: '100.00',
          payerAccount: '40702810600000033333',
          receiverAccount: SHOP_ACCOUNT,
          purpose: 'Возврат долга',
        },
      ],
    );
    const upload = async () => {
      await page.getByLabel('Выписка банка (формат 1С, kl_to_1c.txt)').setInputFiles({
        name: 'kl_to_1c.txt',
        mimeType: 'text/plain',
        buffer: file,
      });
      await submit(page, 'Загрузить выписку');
    };
    await upload();
    const result = page.getByTestId('statement-result');
    await result.getByRole('status').filter({ hasText: 'Записано: 1.' }).waitFor();
    expect(await result.getByRole('status').innerText()).toContain('Исходящих (пропущено): 1.');
    await page.getByTestId('statement-recorded').getByText(`Записан по счёту № ${billId}`).waitFor();
    await page.getByTestId('statement-unmatched').getByText('В назначении платежа нет номера счёта').first().waitFor();
    const proposal = page.getByTestId('statement-proposal');
    expect((await proposal.innerText()).replace(/\s+/g, ' ')).toContain(
      `Предлагаем счёт № ${second.billId}: ООО «Автосервис», ИНН ${CLIENT_INN}`,
    );
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(shotsDir, `statement-proposal-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    // Proposed, not recorded: the manager confirms it.
    expect(
      await page
        .getByTestId('payments-table')
        .getByRole('link', { name: `№ ${second.billId}` })
        .count(),
    ).toBe(0);
    await page
      .getByRole('form', { name: 'Сопоставить п/п № 734' })
      .getByRole('button', { name: 'Подтвердить' })
      .click();
    await page.getByTestId('statement-unmatched').getByText(`Записан по счёту № ${second.billId}`).waitFor();
    // The list below reloaded with the new payment.
    await page
      .getByTestId('payments-table')
      .getByRole('link', { name: `№ ${billId}` })
      .waitFor();

    // The same statement again records nothing twice.
    await upload();
    await result.getByRole('status').filter({ hasText: 'Записано: 0. Уже были записаны: 2.' }).waitFor();
    expect(
      await page
        .getByTestId('payments-table')
        .getByRole('link', { name: `№ ${billId}` })
        .count(),
    ).toBe(1);

    // The client sees the bill paid.
    const clientContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const url = new URL(app.baseUrl);
    await clientContext.addCookies([{ name: 'token', value: token, domain: url.hostname, path: '/' }]);
    const clientPage = await clientContext.newPage();
    await clientPage.goto(`${app.baseUrl}/bills`);
    const entry = clientPage.locator(`[data-bill-id="${billId}"]:visible`);
    await entry.getByText('Оплачен', { exact: true }).waitFor();
    expect(await entry.getByText('Ждем оплаты').count()).toBe(0);
    await clientContext.close();
  }, 180_000);
});
