import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningApp } from '../src/app-server.ts';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { placeOrderByApi } from '../src/shop-client.ts';
import { shoot } from '../src/shots.ts';

/*
 * The client ledger in the back office, in Chromium (issue 31): two clients whose bills are partly paid (so each has
 * a ledger); on the first client's screen staff set its credit terms, post an adjustment with a reason (the running
 * balance moves), try one without a reason (the Russian message, nothing written), and the debtors screen sorts
 * by debt as its URL says.
 */

let journey: OwnerJourney;
let app: RunningApp;
let page: Page;
let cookie = '';
const clients: number[] = [];

async function admin<T>(endpoint: string, body: object): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/v1/admin/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${endpoint}: ${text}`).toBe(200);
  return (JSON.parse(text) as { data: T }).data;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

/** A client with an order whose bill is paid `paid` roubles: its ledger exists, with that credit. */
async function clientWithLedger(last: string, paid: number): Promise<number> {
  const { orderId } = await placeOrderByApi(app.baseUrl, {
    password: 'пароль клиента взаиморасчётов',
    lines: 1,
    name: { first: 'Олег', last },
  });
  const { order } = await admin<{ order: { client: { id: number } } }>('order-show', { id: orderId });
  const bills = await admin<{ data: Array<{ id: number; order_id: number }> }>('bill-list', {
    client_id: order.client.id,
  });
  const bill = bills.data.find((candidate) => candidate.order_id === orderId)!;
  await admin('payment-record', { bill_id: bill.id, amount: paid, date: today(), reference: 'п/п 1' });
  return order.client.id;
}

const entriesOf = async (clientId: number) => {
  const { accounts } = await admin<{ accounts: Array<{ id: number }> }>('ledger-account-list', { client_id: clientId });
  return (await admin<{ entries: unknown[] }>('ledger-entry-list', { account_id: accounts[0]!.id })).entries.length;
};

beforeAll(async () => {
  journey = await startOwnerJourney();
  ({ app, staffCookie: cookie } = journey);
  clients.push(await clientWithLedger('Колёсов', 100), await clientWithLedger('Шинин', 50));
  page = await journey.ownerPage({ locale: 'ru-RU' });
}, 300_000);

afterAll(async () => {
  await journey?.close();
});

async function openLedger(clientId: number) {
  await page.goto(`${app.baseUrl}/admin/clients/${clientId}#ledger`, { waitUntil: 'networkidle' });
  await page.locator('form[aria-label="Корректировка"] button[type="submit"]:not([disabled])').waitFor();
}

describe('the ledger on the client screen and the debtors', () => {
  it('credit terms set from the client screen', async () => {
    const [first] = clients;
    await openLedger(first!);
    const form = page.locator('form[aria-label="Кредитные условия клиента"]');
    await form.getByLabel('Кредитный лимит, ₽').fill('50000');
    await form.getByLabel('Отсрочка, дней').fill('14');
    await form.getByRole('button', { name: 'Сохранить условия' }).click();
    await form.getByText('Условия сохранены').waitFor();
    await page.getByTestId('effective-terms').getByText('отсрочка 14 дн.').waitFor();
    const terms = await admin<{ own: { credit_limit: string; deferral_days: number } }>('ledger-terms-get', {
      client_id: first,
    });
    expect(terms.own).toMatchObject({ credit_limit: '50000.00', deferral_days: 14 });
  }, 120_000);

  it('an adjustment with a reason moves the running balance; without a reason it is refused in Russian, nothing written', async () => {
    const [first, second] = clients;
    await openLedger(first!);
    const before = await entriesOf(first!);
    const form = page.locator('form[aria-label="Корректировка"]');
    await form.getByLabel('Корректировка').selectOption('debit');
    await form.getByLabel('Сумма, ₽').fill('40100');
    await form.getByRole('button', { name: 'Провести корректировку' }).click();
    await form.getByText('Укажите причину').waitFor();
    expect(await entriesOf(first!)).toBe(before);

    await form.getByLabel('Причина').fill('Долг по старой программе');
    await form.getByRole('button', { name: 'Провести корректировку' }).click();
    await form.getByText('Корректировка проведена').waitFor();
    const newest = page.locator('[data-testid="ledger-entries"] tbody tr').first();
    await newest.getByText('Долг по старой программе').waitFor();
    // Paid 100, then a debit of 40 100: the balance after it is a debt of 40 000.
    expect(await newest.getByTestId('running-balance').textContent()).toBe('-40\u00a0000,00\u00a0₽');
    expect(await entriesOf(first!)).toBe(before + 1);
    await shoot(page, 'admin-client-ledger');

    // The second client owes less.
    const { accounts } = await admin<{ accounts: Array<{ id: number }> }>('ledger-account-list', {
      client_id: second,
    });
    await admin('ledger-adjustment-create', {
      account_id: accounts[0]!.id,
      side: 'debit',
      amount: '1050.00',
      reason: 'Недовложение',
    });
  }, 120_000);

  it('the debtors screen sorts by the column the URL names, and links each to its ledger', async () => {
    const [first, second] = clients;
    await page.goto(`${app.baseUrl}/admin/clients/debtors?sort=debt`, { waitUntil: 'networkidle' });
    const rows = page.locator('[data-testid="debtors"] tbody tr');
    expect(await rows.count()).toBe(2);
    await expect.poll(() => rows.first().textContent()).toContain('Колёсов');
    expect(await rows.nth(1).textContent()).toContain('Шинин');
    expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Долг');
    // The limit of 50 000 with 40 000 owed: 80 %, not over it.
    expect(await page.getByTestId('limit-over-80').count()).toBe(0);
    await shoot(page, 'admin-debtors');
    await rows
      .first()
      .getByRole('link', { name: /Колёсов/ })
      .click();
    await page.waitForURL(new RegExp(`/admin/clients/${first}\\?account=`));
    expect(second).toBeGreaterThan(0);
  }, 120_000);

  it('the unmatched statement lines screen', async () => {
    await page.goto(`${app.baseUrl}/admin/clients/unmatched-payments`, { waitUntil: 'networkidle' });
    await page.getByText('Все строки выписок разобраны').waitFor();
    await shoot(page, 'admin-unmatched-payments');
  }, 60_000);
});
