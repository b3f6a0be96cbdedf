import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { INN_CHECKSUM_MESSAGE, formatRoubles } from '@detal/contract';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { createStaffByCli } from '../src/first-owner.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';

/*
 * Issue 15's screens in Chromium, as the shop's owner: a news item rewritten in the rich-text editor (Mantine's
 * Tiptap) shows on /news; a pricing band changed on /admin/pricing changes the preview's price before anything is
 * saved; requisites with an INN whose check digit is wrong are refused with the Russian message beside the field,
 * and the stored requisites stay as they were.
 *
 * This file runs an app of its own: the owner is created by the CLI (`staff-create --link`) before the app opens
 * its embedded database, as a shop's first owner is.
 */

const OWNER = { email: 'content-owner@e2e.example.ru', name: 'Ольга Контентова', role: 'owner' as const };
const OWNER_PASSWORD = 'пароль владельца контента';

let app: RunningApp;
let ownerLink = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({}, async (place) => {
      ownerLink = await createStaffByCli(place, OWNER);
    }),
    launchChromium(),
  ]);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  recordFailedApiCalls(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

async function submit(name: string) {
  const button = page.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

describe('content, pricing and settings screens in Chromium', () => {
  it('the owner signs in', async () => {
    await page.goto(ownerLink);
    await page.getByLabel(/^Новый пароль( \*)?$/).fill(OWNER_PASSWORD);
    await page.getByLabel(/^Повторите пароль( \*)?$/).fill(OWNER_PASSWORD);
    await submit('Сохранить пароль');
    await page.waitForURL(/\/admin\/login\?password=set$/);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(OWNER.email);
    await page.getByLabel(/^Пароль( \*)?$/).fill(OWNER_PASSWORD);
    await submit('Войти');
    await page.waitForURL(/\/admin\/orders$/);
  });

  it('edits a news item in the rich-text editor, and /news shows it', async () => {
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Контент' }).click();
    await page.waitForURL(/\/admin\/content$/);
    await page.getByTestId('content-news').getByRole('link').first().click();
    await page.waitForURL(/\/admin\/content\/news\/\d+$/);
    const editor = page.getByTestId('rich-text');
    await waitShown(page, editor);

    await page.getByRole('textbox', { name: 'Заголовок' }).fill('Зимние шины и фильтры: новое поступление');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Склад пополнен. ');
    await page.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type('Фильтры MANN со скидкой');
    await page.getByRole('button', { name: 'Предпросмотр' }).click();
    await waitShown(
      page,
      page.getByTestId('content-preview').locator('strong', { hasText: 'Фильтры MANN со скидкой' }),
    );

    await submit('Сохранить');
    await waitShown(page, page.getByRole('status').filter({ hasText: 'Сохранено и опубликовано' }));

    await page.goto(`${app.baseUrl}/news`);
    const link = page.getByRole('link', { name: 'Зимние шины и фильтры: новое поступление' });
    await waitShown(page, link);
    await link.click();
    await waitShown(page, page.locator('main strong', { hasText: 'Фильтры MANN со скидкой' }));
    expect(await page.locator('main').innerText()).toContain('Склад пополнен.');
  });

  it('changes a pricing band: the preview shows the new price before it is saved', async () => {
    await page.goto(`${app.baseUrl}/admin/pricing`);
    await page.getByTestId('pricing-preview-article').fill('OC 90');
    const preview = page.getByTestId('pricing-preview');
    await waitShown(page, preview);
    const firstRow = preview.locator('tbody tr').first();
    const purchaseText = await firstRow.locator('td').nth(2).innerText();
    const purchase = Number(purchaseText.replace(/[^\d,]/g, '').replace(',', '.'));

    // Every band to 100 %: the edited group's price becomes twice the purchase price, in whole roubles.
    const bands = page.getByTestId('pricing-bands').getByRole('textbox', { name: /наценка$/ });
    for (let index = 0; index < (await bands.count()); index += 1) await bands.nth(index).fill('100');
    const expected = formatRoubles(Math.max(Math.round(purchase * 2), Math.ceil(purchase + 30)));
    const edited = firstRow.locator('td[data-edited]');
    await expect.poll(() => edited.innerText(), { timeout: 10_000 }).toContain('диапазон 100 %');
    expect(await edited.innerText()).toContain(expected);

    await submit('Сохранить профиль');
    await waitShown(page, page.getByRole('status').filter({ hasText: 'Профиль сохранён' }));
  });

  it('refuses requisites with a wrong INN check digit in Russian, and keeps the stored ones', async () => {
    await page.goto(`${app.baseUrl}/admin/settings`);
    const form = page.getByRole('form', { name: 'Реквизиты' });
    await waitShown(page, form);
    const storedInn = await form.getByRole('textbox', { name: 'ИНН' }).inputValue();
    await form.getByRole('textbox', { name: 'ИНН' }).fill('7707083894');
    await form.getByRole('textbox', { name: 'БИК' }).fill('044525225');
    await form.getByRole('textbox', { name: 'Расчётный счёт' }).fill('40702810500000001234');
    await form.getByRole('textbox', { name: 'Корреспондентский счёт' }).fill('30101810400000000225');
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await waitShown(page, form.getByText(INN_CHECKSUM_MESSAGE));

    await page.reload();
    await waitShown(page, page.getByRole('form', { name: 'Реквизиты' }));
    expect(await page.getByRole('form', { name: 'Реквизиты' }).getByRole('textbox', { name: 'ИНН' }).inputValue()).toBe(
      storedInn,
    );
  });
});
