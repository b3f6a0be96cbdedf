import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PDFParse } from 'pdf-parse';
import { statementBytes } from '../../server/test/fixtures/statement.ts';
import { attachmentsOf, staffPasswordLinkIn, textBodyOf } from '../../server/test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../server/test/helpers/smtp.ts';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { FIRST_OWNER, createOwnerByCli } from '../src/first-owner.ts';
import { decodedHeader, mailsTo, waitForMailWithSubject } from '../src/mail.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';
import { kopecksOf } from '../src/shop-client.ts';

/*
 * The back office from end to end in Chromium (issue 14), every staff and client step by clicks and keys:
 * the owner (created by the CLI, as a shop's first owner is) sets a password and signs in, invites a manager whose
 * invitation is read from a real SMTP server; the manager sets a password from the e-mailed link and signs in;
 * a client registers and orders two lines on the storefront, and receives the order e-mail with the bill's PDF;
 * the manager works the lines in the queue (В работе, Готов к выдаче) and cancels one on the order page; the client
 * sees the statuses and receives one status e-mail for them all (grouped for a minute); a 1C statement (Windows-1251)
 * naming the bill and its total is uploaded and the bill is paid, in /bills and by e-mail; the owner reads every
 * step in the audit log.
 *
 * The app is its own here: it sends e-mail over SMTP_URL to the test's SMTP server, and looks at the notification
 * outbox every second.
 */

const OWNER_PASSWORD = 'пароль владельца журнала';
const MANAGER = { email: 'journey-manager@e2e.example.ru', name: 'Ирина Путевая' } as const;
const MANAGER_PASSWORD = 'пароль менеджера журнала';
const CLIENT = { last: 'Дорожкин', first: 'Семён', phone: '8 (916) 321-54-76', password: 'пароль клиента журнала' };
const CLIENT_EMAIL = `journey-${Date.now()}@example.test`;
const STAFF_INBOX = 'orders@e2e-shop.example.ru';
// The seeded demo shop's settlement account (server/src/seed/shop-settings.ts).
const SHOP_ACCOUNT = '40702810000000000000';

let smtp: TestSmtpServer;
let app: RunningApp;
let ownerLink = '';
let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let manager: Page;
let client: Page;

/** Set by the steps, read by the later ones. */
let orderId = 0;
let billId = 0;
let billKopecks = 0;
let firstStatusChangeAt = 0;

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  recordFailedApiCalls(page);
  return page;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  [app, browser] = await Promise.all([
    startApp(
      { SMTP_URL: smtp.url, NOTIFICATIONS_INTERVAL_SECONDS: '1', STAFF_NOTIFICATION_EMAIL: STAFF_INBOX },
      async (place) => {
        ownerLink = await createOwnerByCli(place);
      },
    ),
    launchChromium(),
  ]);
  owner = await newPage(1440);
  manager = await newPage(1440);
  // From 1440 px the header has «Мои заказы» (below, the phone menu has it).
  client = await newPage(1440);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

async function submit(page: Page, name: string, scope: Page | ReturnType<Page['locator']> = page) {
  const button = scope.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

async function setPasswordAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await page.getByLabel(/^Новый пароль( \*)?$/).fill(password);
  await page.getByLabel(/^Повторите пароль( \*)?$/).fill(password);
  await submit(page, 'Сохранить пароль');
  await page.waitForURL(`${app.baseUrl}/admin/login?password=set`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Пароль( \*)?$/).fill(password);
  await submit(page, 'Войти');
  await page.waitForURL(`${app.baseUrl}/admin/orders`);
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Разделы' });
const queueRows = (page: Page) => page.getByTestId('order-queue').locator('tbody tr');

/** Chooses a status in the queue's bulk bar and sends it, waiting for the bar to say it is done. */
async function changeStatus(page: Page, statusLabel: string, note = '') {
  const bar = page.getByRole('form', { name: 'Смена статуса' }).first();
  await bar.getByRole('combobox', { name: 'Новый статус' }).selectOption({ label: statusLabel });
  if (note) await bar.getByRole('textbox', { name: 'Примечание' }).fill(note);
  await bar.getByRole('button', { name: 'Изменить статус' }).click();
  await waitShown(page, page.getByTestId('order-action-done').first());
}

describe('the back office journey in Chromium: staff, an order worked line by line, e-mails, a 1C payment, audit', () => {
  it('the owner signs in and invites a manager, who sets a password from the e-mailed link and signs in', async () => {
    await setPasswordAndSignIn(owner, ownerLink, FIRST_OWNER.email, OWNER_PASSWORD);
    await sections(owner).getByRole('link', { name: 'Сотрудники' }).click();
    await owner.waitForURL(`${app.baseUrl}/admin/staff`);
    const invite = owner.getByRole('form', { name: 'Пригласить сотрудника' });
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(MANAGER.email);
    await invite.getByRole('textbox', { name: 'Имя' }).fill(MANAGER.name);
    await submit(owner, 'Пригласить', invite);
    await waitShown(
      owner,
      invite.getByRole('status').filter({ hasText: `Приглашение отправлено на ${MANAGER.email}` }),
    );

    const mail = await smtp.waitForMail(MANAGER.email);
    expect(decodedHeader(mail.raw, 'subject')).toMatch(/^Приглашение в панель управления — /);
    const link = staffPasswordLinkIn(mail.raw);
    expect(link.startsWith(`${app.baseUrl}/admin/set-password?token=`)).toBe(true);
    await setPasswordAndSignIn(manager, link, MANAGER.email, MANAGER_PASSWORD);
    await waitShown(manager, manager.getByTestId('admin-staff').filter({ hasText: `${MANAGER.name} · Менеджер` }));
  });

  it('a client registers on the storefront and orders two offers; the order e-mail carries the bill in PDF', async () => {
    await client.goto(`${app.baseUrl}/register`);
    await client.getByRole('textbox', { name: 'Фамилия' }).fill(CLIENT.last);
    await client.getByRole('textbox', { name: 'Имя', exact: true }).fill(CLIENT.first);
    await client.getByRole('textbox', { name: 'Телефон' }).fill(CLIENT.phone);
    await client.getByRole('textbox', { name: 'E-mail' }).fill(CLIENT_EMAIL);
    await client.getByLabel(/^Пароль/).fill(CLIENT.password);
    await client.getByLabel('Повторите пароль').fill(CLIENT.password);
    await submit(client, 'Зарегистрироваться');
    await client.waitForURL(`${app.baseUrl}/`);

    const searchBox = client.getByRole('combobox', { name: 'Поиск по артикулу' });
    await searchBox.fill('oc-90');
    await searchBox.press('Enter');
    await client
      .getByRole('list', { name: 'Бренды с артикулом OC 90' })
      .getByRole('link', { name: /^KNECHT/ })
      .click();
    const offers = client.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    await offers.waitFor();
    await offers.getByRole('button', { name: 'В корзину' }).nth(0).click();
    await client.getByRole('link', { name: 'Корзина 1 позиция' }).waitFor();
    await offers.getByRole('button', { name: 'В корзину' }).nth(1).click();
    await client.getByRole('link', { name: 'Корзина 2 позиции' }).click();
    await client.waitForURL(`${app.baseUrl}/cart`);
    await submit(client, 'Оформить заказ');
    await client.waitForURL(/\/orders\/create\?items=/);
    const form = client.getByRole('form', { name: 'Оформление заказа' });
    expect(await form.getByLabel('E-mail').inputValue()).toBe(CLIENT_EMAIL);
    await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await client.waitForURL(/\/orders\/(\d+)\?created=1$/);
    orderId = Number(/\/orders\/(\d+)/.exec(client.url())![1]);
    await client.getByRole('status').getByText('Заказ оформлен').waitFor();
    const billButton = client.getByRole('button', { name: /^Скачать счёт № \d+ в PDF$/ });
    billId = Number(
      /№ (\d+)/.exec((await billButton.getAttribute('aria-label')) ?? (await billButton.innerText()))![1],
    );
    expect(billId).toBeGreaterThan(0);

    const placed = await waitForMailWithSubject(smtp, CLIENT_EMAIL, new RegExp(`^Заказ № ${orderId} принят — `));
    const text = textBodyOf(placed.raw);
    expect(text).toContain(`Спасибо за заказ. Заказ № ${orderId} от `);
    expect(text).toContain('KNECHT OC 90');
    expect(text).toContain(`Счёт № ${billId} на оплату во вложении (PDF).`);
    const [pdf] = attachmentsOf(placed.raw);
    expect(pdf?.filename).toBe(`schet-${billId}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(pdf!.content) });
    const pdfText = (await parser.getText().finally(() => parser.destroy())).text.replace(/\s+/g, ' ');
    expect(pdfText).toContain(`Счёт на оплату № ${billId} от `);
    expect(pdfText).toContain(`Заказ № ${orderId}`);
    // The shop's staff are told of the new order too.
    const staffMail = await waitForMailWithSubject(smtp, STAFF_INBOX, new RegExp(`№ ${orderId}`));
    expect(textBodyOf(staffMail.raw)).toContain(`${CLIENT.last} ${CLIENT.first}`);
  });

  it('the manager finds the order in the queue, moves its lines to «В работе», then «Готов к выдаче»', async () => {
    await manager.reload();
    await waitShown(manager, queueRows(manager).first());
    await expect.poll(() => queueRows(manager).first().innerText()).toContain(`№ ${orderId}`);
    await manager.getByRole('textbox', { name: 'Заказ №' }).fill(String(orderId));
    await manager.getByRole('button', { name: 'Показать' }).click();
    await manager.waitForURL(new RegExp(`order_id=${orderId}`));
    await expect.poll(() => queueRows(manager).count()).toBe(2);
    expect(await queueRows(manager).first().innerText()).toContain(`${CLIENT.last} ${CLIENT.first}`);

    // The keyboard: x chooses the line under the cursor, j moves down.
    await manager.locator('body').click({ position: { x: 5, y: 5 } });
    await manager.keyboard.press('x');
    await manager.keyboard.press('j');
    await manager.keyboard.press('x');
    await expect.poll(() => manager.getByTestId('selected-count').innerText()).toBe('Выбрано: 2');
    firstStatusChangeAt = Date.now();
    await changeStatus(manager, 'В работе', 'Заказали у поставщика');
    await expect
      .poll(() => queueRows(manager).allTextContents())
      .toEqual([expect.stringContaining('В работе'), expect.stringContaining('В работе')]);

    await manager.getByRole('checkbox', { name: 'Выбрать все' }).check();
    await changeStatus(manager, 'Готов к выдаче');
    await expect
      .poll(() => queueRows(manager).allTextContents())
      .toEqual([expect.stringContaining('Готов к выдаче'), expect.stringContaining('Готов к выдаче')]);
  });

  it('the manager cancels one line on the order page; the client sees the statuses in /orders', async () => {
    await manager
      .getByRole('link', { name: `№ ${orderId}` })
      .first()
      .click();
    await manager.waitForURL(`${app.baseUrl}/admin/orders/${orderId}`);
    const lines = manager.getByTestId('order-lines').locator('tbody tr');
    await waitShown(manager, lines.first());
    const first = lines.first();
    await first.getByRole('button', { name: 'Отменить' }).click();
    await first.getByRole('textbox', { name: 'Причина отмены' }).fill('Нет у поставщика');
    await first.getByRole('button', { name: 'Да, отменить' }).click();
    await expect.poll(() => first.textContent()).toContain('Отменён');
    expect(await lines.nth(1).textContent()).toContain('Готов к выдаче');
    // All three changes within the minute the status e-mail gathers them for.
    expect(Date.now() - firstStatusChangeAt).toBeLessThan(55_000);

    await client.getByRole('link', { name: 'Мои заказы' }).first().click();
    await client.waitForURL(`${app.baseUrl}/orders`);
    await client
      .getByRole('link', { name: `Заказ № ${orderId}` })
      .locator('visible=true')
      .click();
    await client.waitForURL(`${app.baseUrl}/orders/${orderId}`);
    const orderLines = client.getByRole('table', { name: 'Состав заказа' });
    await expect.poll(() => orderLines.innerText()).toContain('Отменён');
    expect(await orderLines.innerText()).toContain('Готов к выдаче');
  });

  it("a 1C statement (Windows-1251) naming the bill and its total pays it; the client's /bills says «Оплачен»", async () => {
    // The bill's total after the cancel, as the client's /bills shows it.
    await client.goto(`${app.baseUrl}/bills`);
    const entry = client.locator(`[data-bill-id="${billId}"]:visible`);
    await entry.getByText('Ждем оплаты', { exact: true }).waitFor();
    billKopecks = kopecksOf(await entry.locator('td').nth(3).innerText());
    expect(billKopecks).toBeGreaterThan(0);

    await sections(manager).getByRole('link', { name: 'Платежи' }).click();
    await manager.waitForURL(`${app.baseUrl}/admin/payments`);
    const file = statementBytes(
      [SHOP_ACCOUNT],
      [
        {
          number: '915',
          date: '24.11.2026',
          amount: (billKopecks / 100).toFixed(2),
          payerAccount: '40702810400000011111',
          receiverAccount: SHOP_ACCOUNT,
          payer: `${CLIENT.last} ${CLIENT.first}`,
          purpose: `Оплата по счету № ${billId} от 24.11.2026. Без налога (НДС)`,
        },
      ],
    );
    expect(file.includes(Buffer.from('Оплата', 'utf8'))).toBe(false);
    await manager.getByLabel('Выписка банка (формат 1С, kl_to_1c.txt)').setInputFiles({
      name: 'kl_to_1c.txt',
      mimeType: 'text/plain',
      buffer: file,
    });
    await submit(manager, 'Загрузить выписку');
    const result = manager.getByTestId('statement-result');
    await waitShown(manager, result.getByRole('status').filter({ hasText: 'Записано: 1.' }));
    await manager.getByTestId('statement-recorded').getByText(`Записан по счёту № ${billId}`).waitFor();

    await client.reload();
    await entry.getByText('Оплачен', { exact: true }).waitFor();
    const paid = await waitForMailWithSubject(
      smtp,
      CLIENT_EMAIL,
      new RegExp(`^Оплата по счёту № ${billId} получена — `),
    );
    expect(textBodyOf(paid.raw)).toContain('Счёт оплачен полностью. Спасибо!');
  });

  it('the owner reads each step in the audit log: the invitation, the line statuses, the cancel, the payment', async () => {
    await sections(owner).getByRole('link', { name: 'Журнал' }).click();
    await owner.waitForURL(`${app.baseUrl}/admin/audit`);
    const rows = owner.getByTestId('audit-table').locator('tbody tr');
    await waitShown(owner, rows.first());
    const steps = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ')).reverse();
    const row = (pattern: RegExp) => steps.filter((text) => pattern.test(text));

    expect(row(/Приглашён/)).toEqual([expect.stringContaining(`e-mail: ${MANAGER.email}`)]);
    expect(row(/Приглашён/)[0]).toContain(FIRST_OWNER.email);
    expect(row(/Приглашён/)[0]).toContain('роль: Менеджер');
    const lineSteps = row(/Статус позиции/);
    expect(lineSteps).toHaveLength(5);
    expect(lineSteps.every((text) => text.includes(MANAGER.email) && text.includes(`заказ: № ${orderId}`))).toBe(true);
    expect(lineSteps.filter((text) => /статус: Новый .*статус: В работе/.test(text))).toHaveLength(2);
    expect(lineSteps.filter((text) => text.includes('примечание: Заказали у поставщика'))).toHaveLength(2);
    expect(lineSteps.filter((text) => /статус: В работе .*статус: Готов к выдаче/.test(text))).toHaveLength(2);
    expect(lineSteps.filter((text) => /статус: Готов к выдаче .*статус: Отменён/.test(text))).toEqual([
      expect.stringContaining('примечание: Нет у поставщика'),
    ]);
    expect(row(/Сумма счёта/)).toEqual([expect.stringContaining(`Счёт № ${billId}`)]);
    const payment = row(/Платёж записан/);
    expect(payment).toHaveLength(1);
    expect(payment[0]).toContain(`Счёт № ${billId}`);
    expect(payment[0]).toContain(MANAGER.email);
    expect(payment[0]).toMatch(/оплата: Ждем оплаты .*оплата: Оплачен/);
    expect(payment[0]).toContain('источник: выписка');
    expect(row(/Загружена выписка/)).toEqual([expect.stringContaining('записано: 1')]);

    // The manager's own steps through the filter, which lands in the URL.
    const filters = owner.getByRole('form', { name: 'Фильтры журнала' });
    await filters
      .getByRole('combobox', { name: 'Сотрудник' })
      .selectOption({ label: `${MANAGER.name} (${MANAGER.email})` });
    await filters.getByRole('combobox', { name: 'Объект' }).selectOption({ label: 'Позиция' });
    await submit(owner, 'Показать', filters);
    await owner.waitForURL((url) => url.searchParams.get('entity') === 'order_item');
    await expect.poll(() => rows.count()).toBe(5);
  });

  it('the client receives one e-mail of the status changes, gathered for a minute after the first', async () => {
    const mail = await waitForMailWithSubject(
      smtp,
      CLIENT_EMAIL,
      new RegExp(`^Заказ № ${orderId}: статус изменён — `),
      Math.max(5_000, firstStatusChangeAt + 80_000 - Date.now()),
    );
    const text = textBodyOf(mail.raw);
    expect(text).toContain('В заказе изменились статусы:');
    // Each line once, from where it stood to where it stands now (issue 26): not every step on the way.
    expect(text).toMatch(/Новый → Готов к выдаче/);
    expect(text).toMatch(/Новый → Отменён/);
    expect(text).not.toMatch(/В работе →/);
    // One e-mail for the five changes.
    const statusMails = mailsTo(smtp, CLIENT_EMAIL).filter((each) =>
      decodedHeader(each.raw, 'subject').includes('статус изменён'),
    );
    expect(statusMails).toHaveLength(1);
  }, 120_000);
});
