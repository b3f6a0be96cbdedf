import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RunningApp } from '../src/app-server.ts';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { placeOrderByApi } from '../src/shop-client.ts';
import { shoot } from '../src/shots.ts';
import { gradientPng } from '../src/test-photo.ts';

/*
 * Issue 32's journey in one Chromium run, the client's pages and the back office's side by side (decision 0063's
 * amendment): a client cancels a new line at once, asks to cancel one ordered from the supplier and reads the
 * manager's refusal with its reason; the manager hands the third line over at the counter; the client starts a
 * return from its closing documents, one piece «Не подошла» with a photo; the manager approves it in the queue,
 * receives it as good and credits it; the client sees the credit on «Возвраты» (its photo beside it) and on its
 * ledger in /account; the piece goes back to the supplier in a supplier return, sent and credited by the supplier.
 * The order and the lines' readiness are set up through the API (the catalogue's story, not this one's).
 */

const PASSWORD = 'пароль пути возврата';

let journey: OwnerJourney;
let app: RunningApp;
let call: OwnerJourney['call'];

beforeAll(async () => {
  journey = await startOwnerJourney();
  ({ app, call } = journey);
}, 180_000);

afterAll(async () => {
  await journey?.close();
});

async function pageWith(cookie: { name: string; value: string }): Promise<Page> {
  const page = await (await journey.contextWith([cookie], { locale: 'ru-RU' })).newPage();
  recordFailedApiCalls(page);
  return page;
}

/** A back-office fetcher form is ready once its submit button is enabled (hydrated). */
const ready = (page: Page, form: string) =>
  page.locator(`form[aria-label="${form}"] button[type="submit"]:not([disabled])`).first().waitFor();

/** The line's actions on the order page as shown at this width (a table and cards; CSS shows one). */
const lineActions = (page: Page, lineId: number) => page.locator(`[data-testid="line-actions-${lineId}"]:visible`);

describe('the returns journey (issue 32), the client and the back office in Chromium', () => {
  it('cancel, refused cancel, pick-up, return with a photo, credit seen by the client, supplier return', async () => {
    // Setup (not the story): an order of three lines, one ordered from the supplier, one ready at the counter.
    const { email, orderId } = await placeOrderByApi(app.baseUrl, {
      password: PASSWORD,
      lines: 3,
      name: { first: 'Роман', last: 'Путевозвратов' },
    });
    const { client } = await call<{ client: { access_token: string } }>('shop', 'client-login', {
      email,
      password: PASSWORD,
    });
    const token = client.access_token;
    const { order } = await call<{ order: { lines: { id: number; price: string }[] } }>('admin', 'order-show', {
      id: orderId,
    });
    const [fresh, ordered, picked] = order.lines.map((line) => line.id) as [number, number, number];
    await call('admin', 'order-line-status', { line_ids: [ordered], status: 'ordered' });
    await call('admin', 'order-line-status', { line_ids: [picked], status: 'ready' });

    const shop = await pageWith({ name: 'token', value: token });
    const staff = await pageWith({ name: 'staff_session', value: journey.session });

    // The client cancels the new line at once, and asks to cancel the ordered one.
    await shop.goto(`${app.baseUrl}/orders/${orderId}`);
    await lineActions(shop, fresh).getByText('Отменить', { exact: true }).click();
    await lineActions(shop, fresh).getByRole('button', { name: 'Отменить позицию', exact: true }).click();
    await expect.poll(() => lineActions(shop, fresh).getByRole('status').textContent()).toBe('Позиция отменена.');
    await lineActions(shop, ordered).getByText('Отменить', { exact: true }).click();
    await lineActions(shop, ordered).getByLabel('Комментарий (необязательно)').fill('Передумал');
    await lineActions(shop, ordered).getByRole('button', { name: 'Запросить отмену', exact: true }).click();
    await expect
      .poll(() => lineActions(shop, ordered).getByRole('status').textContent())
      .toBe('Запрос на отмену отправлен менеджеру. О решении мы сообщим по e-mail.');

    // The manager rejects it with a reason on the cancel requests' tab.
    await staff.goto(`${app.baseUrl}/admin/returns/cancels`, { waitUntil: 'networkidle' });
    const request = staff.locator('tr[data-request-id]').filter({ hasText: 'Передумал' });
    await request.getByRole('combobox', { name: 'Решение', exact: true }).selectOption('reject');
    await request.getByRole('textbox', { name: 'Причина отказа' }).fill('Поставщик уже отгрузил');
    await request.getByRole('button', { name: 'Записать' }).click();
    await staff.getByText('Запросов: 0').waitFor();

    // The client reads the refusal and its reason beside the line.
    await shop.reload();
    await expect
      .poll(() => lineActions(shop, ordered).getByTestId('cancel-request-state').textContent())
      .toBe('Запрос на отмену: отказано. Причина: Поставщик уже отгрузил');

    // The counter: the manager finds the client by e-mail and hands the ready line over with its УПД.
    await staff.goto(`${app.baseUrl}/admin/shipments/issue`);
    await staff.getByRole('searchbox', { name: 'Клиент' }).fill(email);
    await staff.keyboard.press('Enter');
    await staff.locator(`tr[data-line-id="${picked}"]`).waitFor();
    await staff.getByRole('button', { name: 'Выдать и оформить УПД' }).click();
    await staff.getByTestId('issue-done').waitFor();

    // The shipment debits the client's ledger: the debt before the return.
    const ledger = async () =>
      (await call<{ accounts: { balance: string }[] }>('shop', 'client-ledger-post', {}, token)).accounts;
    const [debited] = await ledger();
    expect(Number(debited!.balance)).toBeLessThan(0);

    // The client starts the return from its closing documents: one piece, «Не подошла», with a photo.
    await shop.goto(`${app.baseUrl}/bills/documents`);
    await shop.getByRole('heading', { name: 'Закрывающие документы' }).waitFor();
    await shop
      .getByRole('link', { name: /^Оформить возврат по УПД № \d+: KNECHT OC ?90$/ })
      .filter({ visible: true })
      .click();
    await shop.getByRole('heading', { name: 'Возврат товара' }).waitFor();
    await shop.getByLabel('Количество, шт.').fill('1');
    await shop.getByLabel('Причина').selectOption({ label: 'Не подошла' });
    await shop.getByLabel('Комментарий').fill('Не тот диаметр резьбы');
    await shop
      .locator('#return-photos')
      .setInputFiles({ name: 'filter.png', mimeType: 'image/png', buffer: gradientPng() });
    await shop.getByText('Загружено').waitFor();
    await shoot(shop, 'journey-return-form', [1440, 375]);
    await shop.getByRole('button', { name: 'Отправить заявку' }).click();
    await shop.getByText('Заявка на возврат отправлена').waitFor();
    const returnId = Number(new URL(shop.url()).searchParams.get('created'));
    expect(returnId).toBeGreaterThan(0);

    // The manager approves it in the queue, sees the photo, receives the piece as good and credits it.
    await staff.goto(`${app.baseUrl}/admin/returns?state=requested`, { waitUntil: 'networkidle' });
    await staff.locator(`tr[data-return-id="${returnId}"]`).getByText('Не тот диаметр резьбы').waitFor();
    // A tick before the queue hydrates is undone by it: ticked until the queue counts it.
    const tick = staff.getByRole('checkbox', { name: `Выбрать возврат № ${returnId}` });
    await expect
      .poll(async () => {
        await tick.check();
        return staff.getByTestId('selected-count').textContent();
      })
      .toBe('Выбрано: 1');
    await staff.getByRole('button', { name: 'Одобрить выбранные' }).click();
    await staff.getByText('Решение записано: 1 возвр.').waitFor();
    await staff.goto(`${app.baseUrl}/admin/returns/${returnId}`, { waitUntil: 'networkidle' });
    await ready(staff, 'Приёмка возврата');
    const receive = staff.locator('form[aria-label="Приёмка возврата"]');
    await receive.getByLabel('Годные, шт.').fill('1');
    await receive.getByRole('button', { name: 'Принять' }).click();
    await staff.getByTestId('received').getByText('годных 1 шт., брак 0 шт.').waitFor();
    await ready(staff, 'Зачесть возврат');
    await staff.getByRole('button', { name: 'Зачесть (УКД)' }).click();
    await staff.getByTestId('credit-amount').waitFor();

    // The client sees the credit: on «Возвраты», its photo beside it, and on its ledger in /account.
    const credited = await call<{ data: { id: number; credit_amount: number; state: string }[] }>(
      'shop',
      'client-return-all-post',
      {},
      token,
    );
    const mine = credited.data.find((row) => row.id === returnId)!;
    expect(mine.state).toBe('credited');
    expect(mine.credit_amount).toBeGreaterThan(0);
    await shop.goto(`${app.baseUrl}/returns`);
    const row = shop.locator(`[data-return-id="${returnId}"]:visible`);
    await waitShown(shop, row.getByText('Зачтён', { exact: true }));
    const creditText = `Зачтено: ${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(mine.credit_amount)}\u00a0₽`;
    await expect.poll(() => row.textContent()).toContain(creditText);
    const thumbnail = row.getByRole('img', { name: `Фото 1 к возврату № ${returnId}` });
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await shoot(shop, 'journey-returns-credited', [1440, 375]);

    const [after] = await ledger();
    expect(Math.round((Number(after!.balance) - Number(debited!.balance)) * 100)).toBe(
      Math.round(mine.credit_amount * 100),
    );
    const shownAmount = (value: string) =>
      `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(Math.abs(Number(value)))}\u00a0₽`;
    await shop.goto(`${app.baseUrl}/account`);
    const panel = shop.locator('[data-ledger-panel]');
    await waitShown(shop, panel);
    const balanceFigure = Number(after!.balance) === 0 ? 'Баланс' : Number(after!.balance) < 0 ? 'Ваш долг' : 'Аванс';
    await expect.poll(() => panel.textContent()).toContain(`${balanceFigure}${shownAmount(after!.balance)}`);
    await shoot(shop, 'journey-account-after-credit', [1440, 375]);

    // The piece goes back to the supplier: collected, sent, credited by the supplier.
    await staff.goto(`${app.baseUrl}/admin/returns/supplier`, { waitUntil: 'networkidle' });
    await ready(staff, 'Собрать возвраты поставщикам');
    await staff.getByRole('button', { name: 'Собрать' }).click();
    const document = staff.locator('[data-supplier-return-id]').filter({ hasText: `№ ${returnId}` });
    await document.getByRole('link', { name: `№ ${returnId}` }).waitFor();
    expect(await document.getByTestId('supplier-return-state').textContent()).toBe('К отправке');
    await ready(staff, (await document.locator('form').getAttribute('aria-label'))!);
    await document.getByRole('button', { name: 'Записать' }).click();
    await expect.poll(() => document.getByTestId('supplier-return-state').textContent()).toBe('Отправлен');
    await document.getByLabel('Новое состояние').selectOption('credited');
    await document.getByLabel('Зачтено поставщиком, ₽').fill('300,00');
    await document.getByLabel('Документ поставщика').fill('КСФ-32');
    await document.getByRole('button', { name: 'Записать' }).click();
    await expect.poll(() => document.getByTestId('supplier-return-state').textContent()).toBe('Зачтён поставщиком');
    const final = await call<{ supplier_return_id: number | null; state: string }>('admin', 'return-get', {
      return_id: returnId,
    });
    expect(final.supplier_return_id).not.toBeNull();

    // The brand is now sold with no return (a policy, set through the API): «Без возврата» where the client buys.
    await call('admin', 'return-policy-save', { brand_name: 'KNECHT', no_return: true });
    const noReturn = (page: Page) => page.getByText('Без возврата', { exact: true }).filter({ visible: true }).first();
    await shop.goto(`${app.baseUrl}/search/KNECHT/OC90`);
    const offers = shop.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    await waitShown(shop, noReturn(shop));
    await shoot(shop, 'journey-no-return-search', [1440, 375]);
    await offers.getByRole('button', { name: 'В корзину' }).first().click();
    await shop.getByRole('link', { name: 'Корзина 1 позиция' }).click();
    await shop.waitForURL(`${app.baseUrl}/cart`);
    await waitShown(shop, noReturn(shop));
    await shoot(shop, 'journey-no-return-basket', [1440, 375]);
    await shop.getByRole('button', { name: 'Оформить заказ' }).click();
    await shop.waitForURL(/\/orders\/create\?items=\d+$/);
    await waitShown(shop, noReturn(shop));
    await shoot(shop, 'journey-no-return-checkout', [1440, 375]);
  }, 400_000);
});
