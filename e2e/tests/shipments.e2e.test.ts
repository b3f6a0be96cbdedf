import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../server/test/helpers/pdf-text.ts';
import type { RunningApp } from '../src/app-server.ts';
import { shoot } from '../src/shots.ts';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { recordFailedApiCalls } from '../src/page-evidence.ts';
import { WORKSHOP_PAYER } from '../src/workshop-payer.ts';

/*
 * Issue 30 in Chromium: a workshop registered as a business orders three offers; the lines are made ready; the
 * manager issues two of the three at the counter (/admin/shipments/issue) and prints the УПД, whose text carries
 * the seller's and the buyer's requisites, the two lines and the totals; the client finds the same document and its
 * XML on /bills/documents; the third line is issued later as a second shipment. Screenshots of the new screens go
 * to SHOTS_DIR when it is set; the printed УПД to SHOTS_DIR, else e2e/artifacts/upd.
 */

const SHOTS = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, '../artifacts/upd');

mkdirSync(SHOTS, { recursive: true });
const PAYER = WORKSHOP_PAYER;
const INN = PAYER.inn;
const PASSWORD = 'пароль мастерской';

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

describe('shipments and the УПД in Chromium', () => {
  it('issues two of three lines at the counter, prints the УПД; the client downloads it and its XML; then the third', async () => {
    const email = `workshop-${Date.now()}@example.test`;
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
        company_name: 'ООО «Автосервис»',
        is_business: true,
        inn: INN,
        payer: PAYER,
      },
    );
    const token = client.access_token;
    const basket = { basket_id: client.basket_id, basket_key: client.basket_key };
    const found = await call<{ result_products_search: { items: { id: number }[] } }>(
      'shop',
      'products-search',
      { article: 'OC90', brand_name: 'KNECHT' },
      token,
    );
    const offers = found.result_products_search.items.slice(0, 3);
    expect(offers).toHaveLength(3);
    for (const [index, offer] of offers.entries()) {
      await call(
        'shop',
        'basket-add-item',
        { item: { id: offer.id }, quantity: index === 1 ? 2 : 1, ...basket },
        token,
      );
    }
    const shown = await call<{ items: { id: number }[] }>('shop', 'basket-show', basket, token);
    const itemsForOrder = shown.items.map((item) => item.id);
    const preorder = await call<{ delivery_method: { id: number }[]; payers: { id: number }[] }>(
      'shop',
      'basket-create-order-order-step1-from-items-post',
      { itemsForOrder, ...basket },
      token,
    );
    await call(
      'shop',
      'create-order-order-step2-from-items-post',
      {
        ...basket,
        itemsForOrder,
        client_shops_email: email,
        first_name: 'Олег',
        last_name: 'Мастеров',
        company_name: 'ООО «Автосервис»',
        phone_number: '+7 999 111-22-33',
        delivery_method_id: preorder.delivery_method[0]!.id,
        payer_id: preorder.payers[0]!.id,
      },
      token,
    );
    const orders = await call<{ data: { id: number }[] }>('shop', 'show-client-all-orders-post', {}, token);
    const orderId = orders.data[0]!.id;
    const { order } = await call<{ order: { client: { id: number }; lines: { id: number }[] } }>(
      'admin',
      'order-show',
      {
        id: orderId,
      },
    );
    const lineIds = order.lines.map((line) => line.id);
    await call('admin', 'order-line-status', { line_ids: lineIds, status: 'ready' });

    // The counter: the three lines ticked; the manager leaves the third for later and issues.
    const staff = await journey.contextWith([{ name: 'staff_session', value: journey.session }], {
      acceptDownloads: true,
    });
    const page = await staff.newPage();
    recordFailedApiCalls(page);
    // The cashier finds the client by the payer's INN from the keyboard: one client, so their lines at once.
    await page.goto(`${app.baseUrl}/admin/shipments/issue`);
    await page.getByRole('searchbox', { name: 'Клиент' }).fill(INN);
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-line-id="${lineIds[2]}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(INN);
    await page.locator(`tr[data-line-id="${lineIds[2]}"] input[type="checkbox"]`).uncheck();
    await shoot(page, 'staff-counter', [375, 768, 1440]);
    // On a phone and a tablet the cashier sees each line whole: the quantity to issue within the screen, nothing
    // scrolled sideways, and the status badge's word not cut.
    for (const width of [375, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const fit = () =>
        page.evaluate(() => {
          const quantities = [...document.querySelectorAll('tr[data-line-id] input[name^="quantity_"]')];
          const badges = [...document.querySelectorAll('tr[data-line-id] .mantine-Badge-label')];
          return {
            pageWidth: document.documentElement.scrollWidth,
            quantitiesOutside: quantities.filter((input) => input.getBoundingClientRect().right > innerWidth).length,
            cutBadges: badges.filter(
              (label) => label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > innerWidth,
            ).length,
          };
        });
      await expect
        .poll(fit, { message: `at ${width} px`, timeout: 5_000 })
        .toEqual({ pageWidth: width, quantitiesOutside: 0, cutBadges: 0 });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Выдать и оформить УПД' }).click();
    const done = page.getByTestId('issue-done');
    await done.waitFor();
    await shoot(page, 'staff-counter-issued', [768, 1440]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      done.getByRole('button', { name: /Печать УПД/ }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    writeFileSync(path.join(SHOTS, 'upd-staff-print.pdf'), pdf);
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toMatch(/Счет-фактура № \d+ от \d\d\.\d\d\.\d{4}/);
    // The buyer is the order's payer: its full name, INN/KPP and legal address.
    expect(text).toContain(PAYER.full_name);
    expect(text).toContain(`${INN}/${PAYER.kpp}`);
    expect(text).toContain(PAYER.legal_address);
    expect(text).toMatch(/Статус: [12]/);
    expect(text.match(/KNECHT OC ?90/g)?.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Всего к оплате');
    expect(text).toMatch(/рубл(ей|я|ь) \d\d копе/);

    await page.goto(`${app.baseUrl}/admin/shipments`);
    await page.locator('tr[data-shipment-id]').first().waitFor();
    await shoot(page, 'staff-shipments', [768, 1440]);

    // The client's documents: the same УПД, as PDF and as XML.
    const shop = await journey.contextWith([{ name: 'token', value: token }], { acceptDownloads: true });
    const clientPage = await shop.newPage();
    recordFailedApiCalls(clientPage);
    await clientPage.goto(`${app.baseUrl}/bills/documents`);
    await clientPage.getByRole('heading', { name: 'Закрывающие документы' }).waitFor();
    await shoot(clientPage, 'client-documents', [375, 768, 1440]);
    await clientPage.setViewportSize({ width: 1440, height: 900 });
    const [xmlDownload] = await Promise.all([
      clientPage.waitForEvent('download'),
      clientPage
        .getByRole('button', { name: /в XML для ЭДО/ })
        .first()
        .click(),
    ]);
    expect(xmlDownload.suggestedFilename()).toMatch(/^ON_NSCHFDOPPR_7707083893-773601001_.+_0_0_0_0_0_00\.xml$/);
    const xml = new TextDecoder('windows-1251').decode(readFileSync((await xmlDownload.path())!));
    expect(xml).toContain('ВерсФорм="5.03"');
    expect(xml).toContain(`ИННЮЛ="${INN}" КПП="${PAYER.kpp}"`);
    expect(xml.match(/<СведТов /g)).toHaveLength(2);

    // The third line, later: a second shipment.
    const later = await call<{ shipments: { id: number }[] }>('admin', 'shipment-issue', {
      lines: [{ line_id: lineIds[2], quantity: 1 }],
    });
    expect(later.shipments).toHaveLength(1);
    const list = await call<{ total: number }>('shop', 'client-shipment-all-post', {}, token);
    expect(list.total).toBe(2);
    await staff.close();
    await shop.close();
  }, 180_000);
});
