import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RETURN_ALREADY_DECIDED_MESSAGE, RETURN_RECEIVED_QUANTITY_MESSAGE } from '@detal/contract';
import { launchChromium } from '../src/chromium.ts';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { createStaffByCli } from '../src/first-owner.ts';
import { recordFailedApiCalls } from '../src/page-evidence.ts';
import { SEARCHED_PART, placeOrderByApi } from '../src/shop-client.ts';
import { shoot } from '../src/shots.ts';
import { gradientPng } from '../src/test-photo.ts';

/*
 * The staff side of returns in Chromium (issue 32): a client orders three lines through the shop API, two are
 * issued at the counter (`shipment-issue`) and the client asks to return both (`client-return-create-post`, the
 * first with a photo), and to cancel the third, already ordered from the supplier. In the back office a manager
 * approves the first return in the queue, sees its photo, receives it as good (a wrong quantity refused in
 * Russian once, under its field), credits it (the УКД appears and downloads), collects it into a supplier return,
 * marks it sent and credited by the supplier; rejects the cancel request with a reason. Two managers decide the
 * second return at once on two pages: one wins, the other reads the Russian message.
 *
 * This file runs an app of its own: the two managers are created by the CLI before the app opens its database.
 */

const MANAGERS = [
  { email: 'returns-manager-1@e2e.example.ru', name: 'Анна Возвратова', role: 'manager' as const },
  { email: 'returns-manager-2@e2e.example.ru', name: 'Борис Приёмкин', role: 'manager' as const },
];
const STAFF_PASSWORD = 'пароль менеджера возвратов';
const CLIENT_PASSWORD = 'пароль клиента возвратов';

let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
const cookies: string[] = [];
let page: Page;
let orderId = 0;
let clientId = 0;
let journeyReturn = 0;
let raceReturn = 0;
let cancelRequest = 0;

async function api<T>(scope: 'admin' | 'shop', endpoint: string, body: unknown, auth: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/v1/${scope}/${endpoint}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(scope === 'admin' ? { cookie: auth } : auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${endpoint}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}
const admin = <T>(endpoint: string, body: unknown) => api<T>('admin', endpoint, body, cookies[0]!);

/** A staff member's session from the set-password link the CLI printed. */
async function sessionOf(link: string, email: string): Promise<string> {
  const token = new URL(link).searchParams.get('token')!;
  const post = (endpoint: string, body: object) =>
    fetch(`${app.baseUrl}/api/v1/admin/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('staff-set-password', { token, password: STAFF_PASSWORD, password_confirmation: STAFF_PASSWORD });
  const signedIn = await post('staff-sign-in', { email, password: STAFF_PASSWORD });
  const cookie = /staff_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`staff-sign-in answered ${signedIn.status}`);
  return cookie;
}

beforeAll(async () => {
  const links: string[] = [];
  [app, browser] = await Promise.all([
    startApp({}, async (place) => {
      for (const member of MANAGERS) links.push(await createStaffByCli(place, member));
    }),
    launchChromium(),
  ]);
  for (const [index, member] of MANAGERS.entries()) cookies.push(await sessionOf(links[index]!, member.email));

  // The client's order of three lines: two issued at the counter, the third ordered from the supplier.
  const placed = await placeOrderByApi(app.baseUrl, {
    password: CLIENT_PASSWORD,
    lines: 3,
    name: { first: 'Вера', last: 'Возвратова' },
  });
  orderId = placed.orderId;
  const { order } = await admin<{ order: { client: { id: number }; lines: { id: number }[] } }>('order-show', {
    id: orderId,
  });
  clientId = order.client.id;
  const [first, second, third] = order.lines.map((line) => line.id);
  await admin('order-line-status', { line_ids: [first, second], status: 'ready' });
  await admin('order-line-status', { line_ids: [third], status: 'ordered' });
  const { shipments } = await admin<{ shipments: { lines: { id: number; order_item_id: number }[] }[] }>(
    'shipment-issue',
    { lines: [first, second].map((line_id) => ({ line_id, quantity: 1 })) },
  );
  const shipmentLineOf = (item: number) =>
    shipments.flatMap((shipment) => shipment.lines).find((line) => line.order_item_id === item)!.id;

  // The client, through the shop's API: a photo, two returns, a cancel request.
  const { client } = await api<{ client: { access_token: string } }>(
    'shop',
    'client-login',
    { email: placed.email, password: CLIENT_PASSWORD },
    '',
  );
  const token = client.access_token;
  const uploaded = await fetch(`${app.baseUrl}/api/v1/shop/client-return-photo-upload-post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(gradientPng()),
  });
  expect(uploaded.status).toBe(200);
  const { photo } = ((await uploaded.json()) as { data: { photo: { id: number } } }).data;
  journeyReturn = (
    await api<{ id: number }>(
      'shop',
      'client-return-create-post',
      {
        shipment_line_id: shipmentLineOf(first!),
        quantity: 1,
        reason: 'defect',
        comment: 'Корпус треснул при установке',
        photo_ids: [photo.id],
      },
      token,
    )
  ).id;
  raceReturn = (
    await api<{ id: number }>(
      'shop',
      'client-return-create-post',
      { shipment_line_id: shipmentLineOf(second!), quantity: 1, reason: 'not_fit' },
      token,
    )
  ).id;
  const cancel = await api<{ canceled: boolean; request: { id: number } | null }>(
    'shop',
    'client-cancel-line-post',
    { order_item_id: third, comment: 'Нашёл дешевле' },
    token,
  );
  expect(cancel.canceled).toBe(false);
  cancelRequest = cancel.request!.id;

  for (const cookie of cookies) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'ru-RU',
      acceptDownloads: true,
    });
    await context.addCookies([{ name: 'staff_session', value: cookie.split('=')[1]!, url: app.baseUrl }]);
    contexts.push(context);
  }
  page = await contexts[0]!.newPage();
  recordFailedApiCalls(page);
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.stop();
});

const ready = (target: Page, form: string) =>
  target.locator(`form[aria-label="${form}"] button[type="submit"]:not([disabled])`).first().waitFor();

describe('returns in the back office', () => {
  it('the queue: filtered by state in the URL, the pending cancel counted; the manager approves the first return', async () => {
    await page.goto(`${app.baseUrl}/admin/orders`, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Возвраты' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/returns`);
    await page.getByLabel('Состояние').selectOption('requested');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'requested');
    const rows = page.locator('[data-testid="returns-table"] tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('pending-cancels').textContent()).toBe('1');
    await page.locator(`tr[data-return-id="${journeyReturn}"]`).getByText('Корпус треснул при установке').waitFor();
    // Who asked, by name, a link to the client's screen.
    const asker = page.locator(`tr[data-return-id="${journeyReturn}"]`).getByRole('link', { name: 'Возвратова Вера' });
    expect(await asker.getAttribute('href')).toBe(`/admin/clients/${clientId}`);

    // A tick before the page hydrates is undone by it: ticked until the count says so.
    const tick = page.getByRole('checkbox', { name: `Выбрать возврат № ${journeyReturn}` });
    await expect
      .poll(async () => {
        await tick.check();
        return page.getByTestId('selected-count').textContent();
      })
      .toBe('Выбрано: 1');
    await shoot(page, 'admin-returns-queue');
    await page.getByRole('button', { name: 'Одобрить выбранные' }).click();
    await page.getByText('Решение записано: 1 возвр.').waitFor();
    // The queue reloads: the approved return leaves the requested ones, the other stays.
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-return-id')).toBe(String(raceReturn));
    const approved = await admin<{ state: string }>('return-get', { return_id: journeyReturn });
    expect(approved.state).toBe('approved');
  }, 180_000);

  it('the return: its photo, received as good (a wrong quantity refused once), credited with its УКД', async () => {
    await page.goto(`${app.baseUrl}/admin/returns/${journeyReturn}`, { waitUntil: 'networkidle' });
    const photo = page.getByRole('img', { name: `Фотография 1 к возврату № ${journeyReturn}` });
    await photo.waitFor();
    // Drawn from the staff endpoint: a broken address would leave it 0 wide.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);

    await ready(page, 'Приёмка возврата');
    const receive = page.locator('form[aria-label="Приёмка возврата"]');
    await receive.getByLabel('Годные, шт.').fill('3');
    await receive.getByRole('button', { name: 'Принять' }).click();
    await receive.getByText(RETURN_RECEIVED_QUANTITY_MESSAGE).waitFor();
    expect(await page.getByText(RETURN_RECEIVED_QUANTITY_MESSAGE).count()).toBe(1);
    expect((await admin<{ state: string }>('return-get', { return_id: journeyReturn })).state).toBe('approved');
    await receive.getByLabel('Годные, шт.').fill('1');
    await receive.getByRole('button', { name: 'Принять' }).click();
    await page.getByTestId('received').getByText('годных 1 шт., брак 0 шт.').waitFor();

    await ready(page, 'Зачесть возврат');
    await page.getByRole('button', { name: 'Зачесть (УКД)' }).click();
    await page.getByTestId('credit-amount').waitFor();
    const credited = await admin<{ state: string; correction_id: number; credit_amount: number }>('return-get', {
      return_id: journeyReturn,
    });
    expect(credited.state).toBe('credited');
    const ukd = page.getByRole('button', { name: `Печать УКД № ${credited.correction_id}` });
    await ukd.waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), ukd.click()]);
    expect(file.suggestedFilename()).toBe(`ukd-${credited.correction_id}.pdf`);
    await ready(page, 'Закрыть возврат');
    await shoot(page, 'admin-return-credited');

    // Both ways: the order's screen shows the line's return, the client's its returns.
    await page.goto(`${app.baseUrl}/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: new RegExp(`Возврат № ${journeyReturn}, 1 шт\\. · Зачтён`) }).waitFor();
    await page.goto(`${app.baseUrl}/admin/clients/${clientId}`, { waitUntil: 'networkidle' });
    await page.locator(`[data-testid="returns-table"] tr[data-return-id="${journeyReturn}"]`).waitFor();
  }, 180_000);

  it('collected into a supplier return, sent, credited by the supplier', async () => {
    await page.goto(`${app.baseUrl}/admin/returns/supplier`, { waitUntil: 'networkidle' });
    await ready(page, 'Собрать возвраты поставщикам');
    await page.getByRole('button', { name: 'Собрать' }).click();
    await page.getByText('Документов возврата поставщикам: 1').waitFor();
    const document = page.locator('[data-supplier-return-id]').first();
    await document.getByRole('link', { name: `№ ${journeyReturn}` }).waitFor();
    expect(await document.getByTestId('supplier-return-state').textContent()).toBe('К отправке');

    await ready(page, (await document.locator('form').getAttribute('aria-label'))!);
    await document.getByRole('button', { name: 'Записать' }).click();
    await expect.poll(() => document.getByTestId('supplier-return-state').textContent()).toBe('Отправлен');

    await document.getByLabel('Новое состояние').selectOption('credited');
    await document.getByLabel('Зачтено поставщиком, ₽').fill('');
    await document.getByRole('button', { name: 'Записать' }).click();
    await document.getByText('Укажите сумму, зачтённую поставщиком').waitFor();
    expect(await document.getByText('Укажите сумму, зачтённую поставщиком').count()).toBe(1);
    await document.getByLabel('Зачтено поставщиком, ₽').fill('250,50');
    await document.getByLabel('Документ поставщика').fill('КСФ-77');
    await document.getByRole('button', { name: 'Записать' }).click();
    await expect.poll(() => document.getByTestId('supplier-return-state').textContent()).toBe('Зачтён поставщиком');
    expect(await document.getByTestId('supplier-credit').textContent()).toBe(
      'Зачтено поставщиком: 250,50\u00a0₽ (КСФ-77)',
    );
    await shoot(page, 'admin-supplier-returns');
  }, 180_000);

  it('the cancel request rejected with a reason; the policies', async () => {
    await page.goto(`${app.baseUrl}/admin/returns/cancels`, { waitUntil: 'networkidle' });
    const row = page.locator(`tr[data-request-id="${cancelRequest}"]`);
    await row.getByText('Нашёл дешевле').waitFor();
    expect(await row.getByRole('link', { name: 'Возвратова Вера' }).getAttribute('href')).toBe(
      `/admin/clients/${clientId}`,
    );
    await shoot(page, 'admin-cancel-requests');
    await ready(page, `Решение по запросу № ${cancelRequest}`);
    await row.getByRole('combobox', { name: 'Решение', exact: true }).selectOption('reject');
    await row.getByRole('button', { name: 'Записать' }).click();
    await row.getByText('Укажите причину отказа').waitFor();
    await row.getByRole('textbox', { name: 'Причина отказа' }).fill('Поставщик уже отгрузил');
    await row.getByRole('button', { name: 'Записать' }).click();
    await page.getByText('Запросов: 0').waitFor();
    const { data } = await admin<{ data: { id: number; state: string; decision_reason: string }[] }>(
      'return-cancel-request-list',
      {},
    );
    expect(data.find((request) => request.id === cancelRequest)).toMatchObject({
      state: 'rejected',
      decision_reason: 'Поставщик уже отгрузил',
    });

    await page.goto(`${app.baseUrl}/admin/returns/policies`, { waitUntil: 'networkidle' });
    await ready(page, 'Бренд без возврата');
    const brand = page.locator('form[aria-label="Бренд без возврата"]');
    await brand.getByLabel('Бренд').fill('Electrical Parts');
    await brand.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByTestId('return-policies').getByText('Бренд Electrical Parts').waitFor();
    const supplier = page.locator('form[aria-label="Срок возврата поставщика"]');
    await supplier.getByLabel('Поставщик').selectOption({ index: 1 });
    await supplier.getByLabel('Срок возврата, дней').fill('5');
    await supplier.getByRole('button', { name: 'Сохранить' }).click();
    await supplier.getByText('Срок возврата не может быть меньше 7 дней').waitFor();
    expect(await page.getByText('Срок возврата не может быть меньше 7 дней').count()).toBe(1);
    await shoot(page, 'admin-return-policies');
  }, 180_000);

  it('return rates: an analog bought for the part searched is a pair; withdrawn, search lists it below the others', async () => {
    // Another client buys the first analog of KNECHT OC 90 as the web adds it from the result: the pair is counted.
    const bought = await placeOrderByApi(app.baseUrl, {
      password: CLIENT_PASSWORD,
      lines: 1,
      analog: true,
      name: { first: 'Пётр', last: 'Аналогов' },
    });
    const analog = `${bought.brands[0]} ${bought.articles[0]!.replace(/[^0-9A-Z]/gi, '').toUpperCase()}`;
    const searched = `${SEARCHED_PART.brand_name} ${SEARCHED_PART.article}`;

    // The storefront lists it first among the analogs (the cheapest), as any analog.
    const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
    const shop = await visitor.newPage();
    const analogParts = async () => {
      await shop.goto(`${app.baseUrl}/search/KNECHT/OC90`, { waitUntil: 'networkidle' });
      return shop.getByRole('table', { name: 'Аналоги KNECHT OC 90' }).evaluate((table) =>
        [...table.querySelectorAll('tbody tr')]
          .filter((row) => row.querySelectorAll('td').length > 2 && (row as HTMLElement).offsetParent !== null)
          .map((row) => {
            const [brand, article] = [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '');
            return `${brand} ${article!.replace(/[^0-9A-Z]/gi, '').toUpperCase()}`;
          }),
      );
    };
    const before = await analogParts();
    expect(before[0]).toBe(analog);
    expect(new Set(before).size).toBeGreaterThan(1);

    // The back office: «Доля возвратов», the pair with its purchase and its rate.
    await page.goto(`${app.baseUrl}/admin/returns`, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Возвраты' }).getByRole('link', { name: 'Доля возвратов' }).click();
    await page.waitForURL(`${app.baseUrl}/admin/returns/rates`);
    const row = page
      .locator('[data-testid="return-rates"] tbody tr')
      .filter({ hasText: searched })
      .filter({ hasText: analog });
    await row.waitFor();
    expect(await row.locator('td').nth(1).textContent()).toBe('1');
    expect(await row.getByTestId('rate').textContent()).toBe('0 %');
    expect(await row.getByText('в поиске как все').count()).toBe(1);
    // The brands' view, by the URL; back to the pairs.
    await page.getByRole('navigation', { name: 'Что показать' }).getByRole('link', { name: 'Бренды' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'brand');
    await page.locator('[data-testid="return-rates"]').getByRole('link', { name: bought.brands[0] }).waitFor();
    await page.goBack();
    await row.waitFor();

    // The manager withdraws it: the row says so and offers to restore it.
    await ready(page, (await row.locator('form').getAttribute('aria-label'))!);
    await row.getByRole('button', { name: /^Снять пару/ }).click();
    await row.getByText('Снята').waitFor();
    await row.getByRole('button', { name: /^Вернуть пару/ }).waitFor();
    await shoot(page, 'admin-return-rates');

    // The storefront now lists that analog after every other one.
    const after = await analogParts();
    expect(after.at(-1)).toBe(analog);
    expect(after.indexOf(analog)).toBe(after.length - after.filter((part) => part === analog).length);
    expect(new Set(after)).toEqual(new Set(before));
    await visitor.close();
  }, 240_000);

  it('two managers decide the same return at once: one wins, the other reads the Russian message', async () => {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    for (const each of pages) {
      await each.goto(`${app.baseUrl}/admin/returns/${raceReturn}`, { waitUntil: 'networkidle' });
      await ready(each, 'Решение по возврату');
    }
    const [approving, rejecting] = pages.map((each) => each.locator('form[aria-label="Решение по возврату"]'));
    await rejecting!.getByLabel('Решение').selectOption('reject');
    await rejecting!.getByLabel('Причина отказа').fill('Следы установки');
    await Promise.all([
      approving!.getByRole('button', { name: 'Записать решение' }).click(),
      rejecting!.getByRole('button', { name: 'Записать решение' }).click(),
    ]);
    // The decision's form gives way to the next step; its answer stays under it, on each manager's page.
    const outcome = (each: Page) =>
      Promise.race([
        each
          .getByTestId('step-result')
          .getByText('Решение записано')
          .waitFor()
          .then(() => 'won')
          .catch(() => 'neither'),
        each
          .getByTestId('step-result')
          .getByText(RETURN_ALREADY_DECIDED_MESSAGE)
          .waitFor()
          .then(() => 'lost')
          .catch(() => 'neither'),
      ]);
    const outcomes = await Promise.all(pages.map(outcome));
    expect([...outcomes].sort()).toEqual(['lost', 'won']);
    const loser = pages[outcomes.indexOf('lost')]!;
    expect(await loser.getByText(RETURN_ALREADY_DECIDED_MESSAGE).count()).toBe(1);
    await shoot(loser, 'admin-return-race-lost');
    const decided = await admin<{ state: string }>('return-get', { return_id: raceReturn });
    expect(decided.state).toBe(outcomes[0] === 'won' ? 'approved' : 'rejected');
    for (const each of pages) await each.close();
  }, 180_000);
});
