import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { placeOrderByApi, type PlacedByApi } from '../src/shop-client.ts';

/**
 * What one staff write costs the server (issue 27, decision 0046): the in-process API calls of the page requests
 * the router makes after it (the server says their number in `x-api-calls`, server/src/ssr/web-app.ts). A status
 * change reloads the back office's layout (the member, the navigation's counts) and the page (its order), never
 * the storefront's root data (template, client-me, the bills count), even with a client's token in the browser;
 * a line's cancel answers with the fresh order screen, so the page's loader does not run again after it.
 * Before issue 27, with a client's token in the browser: 6 calls after either (template, client-me, the bills
 * count, staff-me, the counts, order-show). Since purchasing (issue 29) the order page reads its lines' supplier
 * orders too (supplier-order-item-links): a status change costs 4.
 */

// An app of its own: the journeys on the shared one count its orders and read its audit log.
let journey: OwnerJourney;
let baseUrl = '';
let page: Page;
let placed: PlacedByApi;

/** A client's token, so that the root would have storefront calls to make (client-me, the bills count). */
async function clientToken(email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/shop/client-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { client: { access_token: string } } }).data.client.access_token;
}

/** Runs `act` and sums the in-process API calls of the page-data requests (`.data`) the router made meanwhile. */
async function apiCallsDuring(act: () => Promise<void>): Promise<{ calls: number; requests: string[] }> {
  const seen: Response[] = [];
  const record = (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.data')) seen.push(response);
  };
  page.on('response', record);
  try {
    await act();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', record);
  }
  let calls = 0;
  for (const response of seen) calls += Number((await response.allHeaders())['x-api-calls'] ?? 'NaN');
  return { calls, requests: seen.map((response) => response.url().replace(baseUrl, '')) };
}

beforeAll(async () => {
  journey = await startOwnerJourney();
  baseUrl = journey.app.baseUrl;
  const password = 'пароль клиента стоимости';
  placed = await placeOrderByApi(baseUrl, { password, lines: 2 });
  const context = await journey.contextWith([
    { name: 'staff_session', value: journey.session },
    { name: 'token', value: await clientToken(placed.email, password) },
  ]);
  page = await context.newPage();
  recordFailedApiCalls(page);
});

afterAll(async () => {
  await journey?.close();
});

describe('what a staff write costs the server', () => {
  it('a status change on the order screen: the layout and the order, no storefront data (5 calls, was 6)', async () => {
    await page.goto(`${baseUrl}/admin/orders/${placed.orderId}`);
    const lines = page.getByTestId('order-lines').locator('tbody tr');
    await waitShown(page, lines.first());
    await page.getByRole('button', { name: 'Выйти', disabled: false }).waitFor();
    await lines.first().getByRole('checkbox').check();
    const bar = page.getByRole('form', { name: 'Смена статуса' }).first();
    await bar.getByRole('combobox', { name: 'Новый статус' }).selectOption({ label: 'В работе' });
    const cost = await apiCallsDuring(async () => {
      await bar.getByRole('button', { name: 'Изменить статус' }).click();
      await waitShown(page, page.getByTestId('order-action-done').first());
      await expect.poll(() => lines.first().textContent()).toContain('В работе');
    });
    // staff-me and order-line-counts (the layout), order-show, supplier-order-item-links (its lines' supplier orders,
    // issue 29, decision 0051) and return-list (its lines' returns, issue 32, decision 0064); 3 before purchasing.
    expect(cost, JSON.stringify(cost)).toMatchObject({ calls: 5 });
    expect(
      cost.requests.every((url) => !url.includes('root')),
      JSON.stringify(cost),
    ).toBe(true);
  });

  it('a line cancel: the answer is the fresh screen, only the layout reloads (2 calls, was 6)', async () => {
    const lines = page.getByTestId('order-lines').locator('tbody tr');
    const second = lines.nth(1);
    const cost = await apiCallsDuring(async () => {
      await second.getByRole('button', { name: 'Отменить' }).click();
      await second.getByRole('button', { name: 'Да, отменить' }).click();
      await expect.poll(() => second.textContent()).toContain('Отменён');
    });
    expect(cost, JSON.stringify(cost)).toMatchObject({ calls: 2 });
    // The order's status follows from the answer alone.
    expect(await page.getByTestId('order-totals').innerText()).toContain('Отменено');
  });
});
