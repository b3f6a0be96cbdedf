import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { blockingViolationsOf } from '../src/axe.ts';
import { launchChromium } from '../src/chromium.ts';
import { FIRST_OWNER } from '../src/first-owner.ts';
import { shoot } from '../src/shots.ts';

/*
 * Issue 30, point 1 in Chromium: a workshop registers «для организации» with its requisites (a mistyped INN is
 * told in Russian before anything is sent), finds its payer in /account, orders with the payer preselected at
 * checkout, and the order names it with INN and KPP; the owner sees the payer on the client's card. Screenshots of
 * each screen go to SHOTS_DIR when it is set (375, 768, 1440 px for the client's, 768 and 1440 for the back office's).
 */

const baseUrl = inject('baseUrl');
const PASSWORD = 'payers-e2e-password';
const COMPANY = {
  full: 'Общество с ограниченной ответственностью «Колесо»',
  short: 'ООО «Колесо»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank: 'ПАО Сбербанк',
  bik: '044525225',
  settlement: '40702810500000001234',
  correspondent: '30101810400000000225',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('a business buyer in Chromium', () => {
  it('registers with its requisites, orders with the payer preselected, and the order names it', async () => {
    // bypassCSP: the shop's Content-Security-Policy refuses any injected script, axe's included.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const email = `payers-${Date.now()}@example.test`;

    await page.goto(`${baseUrl}/register`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Зарегистрироваться' }) });
    await form.getByLabel('Фамилия').fill('Колесников');
    await form.getByLabel('Имя').fill('Пётр');
    await form.getByLabel('Телефон').fill('+7 916 555-12-34');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(/^Пароль/).fill(PASSWORD);
    await form.getByLabel(/^Повторите пароль/).fill(PASSWORD);
    await form.getByText('Я покупаю для организации').click();
    const payer = form.getByRole('group', { name: 'Реквизиты плательщика' });
    await payer.getByLabel('Полное наименование').fill(COMPANY.full);
    await payer.getByLabel('Краткое наименование').fill(COMPANY.short);
    await payer.getByLabel('ИНН').fill('7707083894');
    await payer.getByLabel('КПП').fill(COMPANY.kpp);
    await payer.getByLabel('ОГРН').fill(COMPANY.ogrn);
    await payer.getByLabel('Юридический адрес').fill(COMPANY.address);
    await payer.getByLabel('Банк').fill(COMPANY.bank);
    await payer.getByLabel('БИК').fill(COMPANY.bik);
    await payer.getByLabel('Расчётный счёт').fill(COMPANY.settlement);
    await payer.getByLabel('Корреспондентский счёт').fill(COMPANY.correspondent);
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    // The check digit is checked in the browser, with the server's own code and words.
    await form.getByText('ИНН введён с ошибкой: не сходится контрольная цифра').waitFor();
    expect(page.url()).toBe(`${baseUrl}/register`);
    await shoot(page, 'register-business-error', [375, 768, 1440]);
    expect(await blockingViolationsOf(page)).toEqual([]);
    await payer.getByLabel('ИНН').fill(COMPANY.inn);
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(`${baseUrl}/`);

    // The account lists the payer, the default one.
    await page.goto(`${baseUrl}/account`);
    const book = page.getByRole('region', { name: 'Плательщики' });
    const card = book.getByRole('listitem', { name: COMPANY.short });
    await card.getByText('✓ основной').waitFor();
    expect(await card.innerText()).toContain(`ИНН ${COMPANY.inn} · КПП ${COMPANY.kpp} · ОГРН ${COMPANY.ogrn}`);
    await shoot(page, 'account-payers', [375, 768, 1440]);
    await book.getByRole('button', { name: 'Добавить плательщика' }).click();
    const added = book.getByRole('form', { name: 'Новый плательщик' });
    await added.getByRole('radio', { name: 'ИП' }).check({ force: true });
    await added.getByLabel('ОГРНИП').waitFor();
    expect(await added.getByLabel('КПП').count()).toBe(0);
    await added.getByRole('button', { name: 'Добавить плательщика' }).click();
    await added.getByText('Укажите ИНН').waitFor();
    await shoot(page, 'account-payer-form', [375, 768, 1440]);
    expect(await blockingViolationsOf(page)).toEqual([]);
    await added.getByRole('button', { name: 'Отмена' }).click();

    // Checkout: the payer is preselected; the order names it with INN and KPP.
    await page.goto(`${baseUrl}/search/KNECHT/OC90`);
    const offers = page.getByRole('table', { name: 'Предложения KNECHT OC 90' });
    await offers.waitFor();
    await offers.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('link', { name: 'Корзина 1 позиция' }).click();
    await page.waitForURL(`${baseUrl}/cart`);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    await page.waitForURL(/\/orders\/create\?items=\d+$/);
    const checkout = page.getByRole('form', { name: 'Оформление заказа' });
    const choice = checkout.getByRole('radiogroup', { name: 'Плательщик' });
    expect(await choice.getByRole('radio', { name: new RegExp(COMPANY.short) }).isChecked()).toBe(true);
    await shoot(page, 'checkout-payer', [375, 768, 1440]);
    expect(await blockingViolationsOf(page)).toEqual([]);
    await checkout.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/orders\/(\d+)\?created=1$/);
    await page.getByText(`ИНН ${COMPANY.inn}, КПП ${COMPANY.kpp}`).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();

    // The owner sees the payer on the client's card.
    const staff = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    const admin = await staff.newPage();
    await admin.goto(`${baseUrl}/admin/login`);
    await admin.getByRole('textbox', { name: 'E-mail' }).fill(FIRST_OWNER.email);
    await admin.getByLabel(/^Пароль/).fill(FIRST_OWNER.password);
    await admin.getByRole('button', { name: 'Войти' }).click();
    await admin.waitForURL(/\/admin\/orders/);
    await admin.goto(`${baseUrl}/admin/clients?q=${encodeURIComponent(email)}`);
    await admin
      .getByRole('link', { name: /Колесников/ })
      .first()
      .click();
    const table = admin.getByRole('table', { name: 'Плательщики клиента' });
    await table.getByText(`${COMPANY.inn} / ${COMPANY.kpp}`).waitFor();
    expect(await table.innerText()).toContain('в заказах');
    await shoot(admin, 'admin-client-payers', [768, 1440]);
    expect(await blockingViolationsOf(admin)).toEqual([]);
    await table.getByRole('button', { name: 'Изменить' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('КПП').fill('7736');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.getByText('КПП состоит из 9 символов: 4 цифры, 2 цифры или латинские буквы, 3 цифры').waitFor();
    await shoot(admin, 'admin-payer-form', [768, 1440]);
    await staff.close();
  });
});
