import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CREDIT_HOLD_STOP_MESSAGE } from '@detal/contract';
import { pdfText } from '../../server/test/helpers/pdf-text.ts';
import { textBodyOf } from '../../server/test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/test/helpers/smtp.ts';
import { statementBase64 } from '../../server/test/fixtures/statement.ts';
import type { RunningApp } from '../src/app-server.ts';
import { ownerSignIn } from '../src/back-office-data.ts';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { waitForMailWithSubject } from '../src/mail.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { shoot } from '../src/shots.ts';
import { WORKSHOP_PAYER } from '../src/workshop-payer.ts';
import { apiCaller } from '../src/api-call.ts';

/*
 * Issue 31's journey in Chromium: a workshop with a 50 000 ₽ limit and 14 days' deferral orders and receives its
 * goods (a shipment: a debit due in 14 days); the test clock (decision 0056) passes the due day while the ledger's
 * jobs run on their own schedule (LEDGER_TICK_SECONDS): the client gets the reminder, then the overdue notice;
 * 31 days late the automatic stop-list holds the next order, which checkout step 2 says before placing; a bank
 * statement pays the debt, the stop lifts and with it the order's hold; the client downloads the reconciliation act,
 * whose balances and documents are the ledger's. Staff work goes through the API, the client's through the pages.
 */

const DAY_MS = 86_400_000;
const PAYER = WORKSHOP_PAYER;
const INN = PAYER.inn;
const PASSWORD = 'пароль мастерской с отсрочкой';
// The seeded demo shop's settlement account (server/src/seed/shop-settings.ts).
const SHOP_ACCOUNT = '40702810000000000000';

let journey: OwnerJourney;
let app: RunningApp;
let smtp: TestSmtpServer;
let clockDir = '';
let staffCookie = '';

/** The shop's day (Moscow) `days` after the real today, as the app sees it once the clock is moved so far. */
const shopDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() + days * DAY_MS));
const shown = (day: string) => day.split('-').reverse().join('.');
/** Moves the running app's clock (and its jobs') `days` ahead of the real time. */
const moveClock = (days: number) => writeFileSync(path.join(clockDir, 'clock'), String(days * DAY_MS));
/** Kopecks as the act prints them: '1 234,50' (any space between the groups). */
const printed = (kopecks: number) =>
  new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(kopecks / 100).replace(/\s/g, ' ');
const kopecksOf = (roubles: string) => Math.round(Number(roubles) * 100);

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-clock-'));
  moveClock(0);
  smtp = await startSmtpServer();
  journey = await startOwnerJourney({
    SMTP_URL: smtp.url,
    NOTIFICATIONS_INTERVAL_SECONDS: '1',
    LEDGER_TICK_SECONDS: '1',
    DETAL_TEST_MODE: '1',
    TEST_CLOCK_FILE: path.join(clockDir, 'clock'),
  });
  ({ app, staffCookie } = journey);
}, 180_000);

afterAll(async () => {
  await journey?.close();
  await smtp?.close();
  if (clockDir) rmSync(clockDir, { recursive: true, force: true });
});

const call = apiCaller(
  () => app.baseUrl,
  () => staffCookie,
);

interface ClientAccount {
  id: number;
  balance: string;
  overdue: string;
  credit_limit: string | null;
  available: string | null;
  stop: { kind: string; reason: string } | null;
  open_debits: Array<{ due_on: string; open: string; overdue: boolean }>;
}
async function clientSignIn(email: string): Promise<string> {
  const { client } = await call<{ client: { access_token: string } }>('shop', 'client-login', {
    email,
    password: PASSWORD,
  });
  return client.access_token;
}

const clientLedger = async (token: string) =>
  (await call<{ accounts: ClientAccount[] }>('shop', 'client-ledger-post', {}, token)).accounts;

/** The workshop's order of one KNECHT OC 90 through the API, with its payer; answers the order's id and total. */
async function orderByApi(email: string, token: string, basket: { basket_id: number; basket_key: string }) {
  const found = await call<{ result_products_search: { items: { id: number; group: string; quantity: number }[] } }>(
    'shop',
    'products-search',
    { article: 'OC90', brand_name: 'KNECHT' },
    token,
  );
  const offer = found.result_products_search.items.find((item) => item.group === 'requested' && item.quantity >= 2)!;
  await call('shop', 'basket-add-item', { item: { id: offer.id }, quantity: 2, ...basket }, token);
  const { items } = await call<{ items: { id: number }[] }>('shop', 'basket-show', basket, token);
  const itemsForOrder = items.map((item) => item.id);
  const preorder = await call<{
    delivery_method: { id: number }[];
    payers: { id: number }[];
    credit_hold: unknown;
  }>('shop', 'basket-create-order-order-step1-from-items-post', { itemsForOrder, ...basket }, token);
  // Nothing owed and far below the limit: not held.
  expect(preorder.credit_hold).toBeNull();
  const placed = await call<{ orderForClient: { id: number }; credit_hold: unknown }>(
    'shop',
    'create-order-order-step2-from-items-post',
    {
      ...basket,
      itemsForOrder,
      client_shops_email: email,
      first_name: 'Олег',
      last_name: 'Мастеров',
      company_name: PAYER.short_name,
      phone_number: '+7 999 111-22-33',
      delivery_method_id: preorder.delivery_method[0]!.id,
      payer_id: preorder.payers[0]!.id,
    },
    token,
  );
  expect(placed.credit_hold).toBeNull();
  return placed.orderForClient.id;
}

/** Staff make the order's lines ready and hand them all over: a shipment, which debits the ledger. */
async function shipWholeOrder(orderId: number): Promise<number> {
  const { order } = await call<{ order: { lines: { id: number; quantity: number }[] } }>('admin', 'order-show', {
    id: orderId,
  });
  await call('admin', 'order-line-status', { line_ids: order.lines.map((line) => line.id), status: 'ready' });
  const issued = await call<{ shipments: { id: number }[] }>('admin', 'shipment-issue', {
    lines: order.lines.map((line) => ({ line_id: line.id, quantity: line.quantity })),
  });
  expect(issued.shipments).toHaveLength(1);
  return issued.shipments[0]!.id;
}

async function billOf(orderId: number, clientId: number) {
  const bills = await call<{ data: Array<{ id: number; order_id: number; price_sum: string | number }> }>(
    'admin',
    'bill-list',
    { client_id: clientId },
  );
  return bills.data.find((bill) => bill.order_id === orderId)!;
}

async function openClientPage(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  recordFailedApiCalls(page);
  await page.goto(`${app.baseUrl}${url}`);
  return page;
}

/** Nothing wider than the window at any of the three widths (the panel's figures wrap, not scroll). */
async function expectNoSidewaysScroll(page: Page) {
  for (const width of [375, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `at ${width} px` })
      .toBe(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('the client ledger journey (issue 31)', () => {
  it('deferral, reminder, overdue notice, stop-list hold at checkout, statement pays, hold lifts, the act matches', async () => {
    const email = `ledger-workshop-${Date.now()}@example.test`;
    const { client } = await call<{ client: { access_token: string; basket_id: number; basket_key: string } }>(
      'shop',
      'client-registration',
      {
        email,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        first_name: 'Олег',
        last_name: 'Мастеров',
        phone_number: '+7 999 111-22-33',
        company_name: PAYER.short_name,
        is_business: true,
        inn: INN,
        payer: PAYER,
      },
    );
    let token = client.access_token;
    const basket = { basket_id: client.basket_id, basket_key: client.basket_key };

    // The workshop's terms, then its first order, handed over today: a debit due in 14 days.
    const me = await fetch(`${app.baseUrl}/api/v1/shop/client-me`, { headers: { authorization: `Bearer ${token}` } });
    const clientId = ((await me.json()) as { data: { client: { id: number } } }).data.client.id;
    await call('admin', 'ledger-terms-set', {
      client_id: clientId,
      credit_limit: '50000',
      deferral_days: 14,
      prepay_required: null,
    });
    const firstOrder = await orderByApi(email, token, basket);
    const firstShipment = await shipWholeOrder(firstOrder);
    const firstBill = await billOf(firstOrder, clientId);
    const [shipped] = await clientLedger(token);
    const owed = -kopecksOf(shipped!.balance);
    expect(owed).toBe(kopecksOf(String(firstBill.price_sum)));
    expect(shipped).toMatchObject({ credit_limit: '50000.00', stop: null, overdue: '0.00' });
    expect(shipped!.open_debits).toEqual([
      { entry_id: expect.any(Number), due_on: shopDay(14), open: shipped!.balance.slice(1), overdue: false },
    ]);

    // Two days before the due day: the reminder.
    moveClock(12);
    const reminder = await waitForMailWithSubject(smtp, email, /^Приближается срок оплаты/, 30_000);
    const reminderText = textBodyOf(reminder.raw).replace(/\s+/g, ' ');
    expect(reminderText).toContain(PAYER.short_name);
    expect(reminderText).toContain(shown(shopDay(14)));

    // The day after it: the overdue notice.
    moveClock(15);
    const notice = await waitForMailWithSubject(smtp, email, /^Просрочена оплата/, 30_000);
    expect(textBodyOf(notice.raw).replace(/\s+/g, ' ')).toContain(shown(shopDay(14)));

    // 31 days late (more than the 30 of the shop's setting): the stop-list job puts the ledger on the stop-list.
    moveClock(45);
    // 45 days on, the client's and the staff's sessions have ended: both sign in again.
    staffCookie = `staff_session=${await ownerSignIn(app.baseUrl)}`;
    token = await clientSignIn(email);
    await expect.poll(async () => (await clientLedger(token))[0]!.stop?.kind ?? null, { timeout: 30_000 }).toBe('auto');

    const context = await journey.contextWith([{ name: 'token', value: token }], {
      locale: 'ru-RU',
      acceptDownloads: true,
    });

    // The client sees the debt, the overdue payment and the stop-list on /account and /bills.
    const account = await openClientPage(context, '/account');
    const panel = account.locator('[data-ledger-panel]');
    await waitShown(
      account,
      panel.getByRole('status').filter({ hasText: 'Новые заказы примем, но передадим в работу после оплаты долга' }),
    );
    expect((await panel.innerText()).replace(/\s+/g, ' ')).toContain(`срок оплаты был ${shown(shopDay(14))}`);
    await shoot(account, 'ledger-account-stop');
    await expectNoSidewaysScroll(account);
    const bills = await openClientPage(context, '/bills');
    await waitShown(bills, bills.locator('[data-ledger-panel]').getByRole('status'));
    await shoot(bills, 'ledger-bills-stop');
    await expectNoSidewaysScroll(bills);

    // The next order: checkout step 2 says it will be held before it is placed; placed, it is held.
    const shop = account;
    await shop.goto(`${app.baseUrl}/search/KNECHT/OC90`);
    const offers = shop.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    await offers.waitFor();
    await offers.getByRole('button', { name: 'В корзину' }).first().click();
    await shop.getByRole('link', { name: 'Корзина 1 позиция' }).click();
    await shop.waitForURL(`${app.baseUrl}/cart`);
    await shop.getByRole('button', { name: 'Оформить заказ' }).click();
    await shop.waitForURL(/\/orders\/create\?items=\d+$/);
    const checkout = shop.getByRole('form', { name: 'Оформление заказа' });
    await waitShown(shop, checkout.getByRole('status').filter({ hasText: CREDIT_HOLD_STOP_MESSAGE }));
    // No ready day is promised for an order that waits: its lead time counts from its release.
    expect(await checkout.getByTestId('order-ready').count()).toBe(0);
    await checkout.getByTestId('order-ready-after-hold').waitFor();
    await shoot(shop, 'ledger-checkout-hold');
    await expectNoSidewaysScroll(shop);
    await checkout.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await shop.waitForURL(/\/orders\/(\d+)\?created=1$/);
    const heldOrder = Number(/\/orders\/(\d+)/.exec(shop.url())![1]);
    const holds = await call<{ holds: Array<{ order_id: number; reason: string }> }>('admin', 'ledger-hold-list', {});
    expect(holds.holds).toContainEqual(expect.objectContaining({ order_id: heldOrder, reason: 'stop' }));

    // The bank's statement pays the overdue bill: the stop lifts, and with it the new order's hold.
    const paidOn = shopDay(45);
    const imported = await call<{ recorded: unknown[] }>('admin', 'statement-import', {
      file_name: 'kl_to_1c.txt',
      content_base64: statementBase64(
        [SHOP_ACCOUNT],
        [
          {
            number: '901',
            date: shown(paidOn),
            amount: (owed / 100).toFixed(2),
            payer: PAYER.short_name,
            payerInn: INN,
            payerAccount: PAYER.settlement_account,
            receiverAccount: SHOP_ACCOUNT,
            purpose: `Оплата по счету № ${firstBill.id}. Без налога (НДС)`,
          },
        ],
      ),
    });
    expect(imported.recorded).toHaveLength(1);
    const [paid] = await clientLedger(token);
    expect(paid).toMatchObject({ balance: '0.00', overdue: '0.00', stop: null, open_debits: [] });
    const after = await call<{ holds: Array<{ order_id: number }> }>('admin', 'ledger-hold-list', {});
    expect(after.holds.map((hold) => hold.order_id)).not.toContain(heldOrder);

    // The released order goes to work and is handed over: a new debit, due in 14 days from today.
    const secondShipment = await shipWholeOrder(heldOrder);
    const [now] = await clientLedger(token);
    const secondOwed = -kopecksOf(now!.balance);
    expect(secondOwed).toBeGreaterThan(0);

    // The client's panel, paid up: no stop, the next payment; the act from the first shipment's day to today.
    await bills.reload();
    const billsPanel = bills.locator('[data-ledger-panel]');
    await waitShown(bills, billsPanel.getByText(`оплатить до ${shown(shopDay(59))}`));
    expect(await billsPanel.getByRole('status').count()).toBe(0);
    await shoot(bills, 'ledger-bills-paid');
    await expectNoSidewaysScroll(bills);
    const act = billsPanel.getByRole('form', { name: 'Акт сверки' });
    const from = shopDay(0);
    const to = shopDay(45);
    await act.getByLabel(/^С( \*)?$/).fill(from);
    await act.getByLabel(/^По( \*)?$/).fill(to);
    const [download] = await Promise.all([
      bills.waitForEvent('download'),
      act.getByRole('button', { name: 'Скачать акт сверки' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`akt-sverki-${now!.id}-${from}-${to}.pdf`);
    const text = (await pdfText(readFileSync((await download.path())!))).replace(/\s+/g, ' ');

    // The act's figures are the ledger's: its entries before the period, in it, and the balance at its end.
    const { entries } = await call<{
      entries: Array<{
        side: string;
        amount: string;
        date: string;
        shipment_id: number | null;
        bill_id: number | null;
      }>;
    }>('admin', 'ledger-entry-list', { account_id: now!.id, per_page: 100 });
    const owedBy = (entry: (typeof entries)[number]) => (entry.side === 'debit' ? 1 : -1) * kopecksOf(entry.amount);
    const opening = entries.filter((entry) => entry.date < from).reduce((sum, entry) => sum + owedBy(entry), 0);
    const inPeriod = entries.filter((entry) => entry.date >= from && entry.date <= to);
    const debits = inPeriod.filter((entry) => entry.side === 'debit').reduce((sum, e) => sum + kopecksOf(e.amount), 0);
    const credits = inPeriod
      .filter((entry) => entry.side === 'credit')
      .reduce((sum, e) => sum + kopecksOf(e.amount), 0);
    expect(opening).toBe(0);
    expect(inPeriod).toHaveLength(3);
    expect(debits).toBe(owed + secondOwed);
    expect(credits).toBe(owed);
    expect(opening + debits - credits).toBe(secondOwed);

    expect(text).toContain(`за период с ${shown(from)} по ${shown(to)}`);
    expect(text).toContain(`ИНН ${INN}`);
    // Nothing before the period: the opening balance's cells are empty.
    expect(text).toMatch(/Сальдо начальное Сальдо начальное/);
    expect(text).toContain(`${shown(from)} Отгрузка (УПД № ${firstShipment}) ${printed(owed)}`);
    expect(text).toContain(`${shown(paidOn)} Оплата по счёту № ${firstBill.id}`);
    expect(text).toMatch(new RegExp(`Оплата по счёту № ${firstBill.id}[^С]*${printed(owed)}`));
    expect(text).toContain(`${shown(to)} Отгрузка (УПД № ${secondShipment}) ${printed(secondOwed)}`);
    expect(text).toContain(`Обороты за период ${printed(debits)} ${printed(credits)}`);
    expect(text).toContain(`Сальдо конечное ${printed(secondOwed)}`);
    expect(text).toContain(`составляет ${printed(secondOwed)} руб.`);
    await context.close();
  }, 300_000);
});
