import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKopecks } from '@detal/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { demoRetailProfile, demoWholesaleProfile } from '../../server/src/seed/pricing.ts';
import { demoSuppliers } from '../../server/src/seed/suppliers.ts';
import type { PricingFile } from '../../server/src/modules/pricing/profile-file.ts';
import { startApp, type RunningApp } from '../src/app-server.ts';
import { launchChromium } from '../src/chromium.ts';
import { readOffers, type KeptOffer } from '../src/shop-database.ts';
import { clientIdOf, kopecksOf, registerClient } from '../src/shop-client.ts';

/*
 * Selling prices in the browser: a retail client and a wholesale client search the same article and each sees
 * their own price; the wholesale client orders, and the bill's PDF asks for the wholesale price; no page, no API
 * answer the browser received and no line of the PDF names a real supplier or shows a purchase price.
 *
 * The shop moves the wholesale client into «Опт» with `npm run admin -- client-group` on the app's own embedded
 * database: the app is stopped meanwhile (PGlite admits one process at a time) and started again on the same
 * folder, as a shop owner on the embedded database does. While it is stopped the test also reads the offers'
 * purchase prices and real supplier names, which no client answer carries, and prices them itself from the demo
 * profiles (`server/src/seed/pricing.ts`) with its own arithmetic, so that no expected price is read off a page.
 */

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const artifacts = path.join(repositoryRoot, 'e2e', 'artifacts');
const PASSWORD = 'pricing-e2e-password';
const ARTICLE = 'OC90';
const BRAND = 'KNECHT';

let dataDir: string;
let app: RunningApp;
let browser: Browser;
const contexts: BrowserContext[] = [];
let retailEmail: string;
let wholesaleEmail: string;
/** Every offer of the article, as the shop keeps it. */
let kept: KeptOffer[];

const startShop = () => startApp({ DATA_DIR: dataDir, DATABASE_URL: '' });

/** '0 986 …' or 'Mann-Filter' and 'MANN-FILTER' name one brand. */
const sameBrand = (a: string, b: string) =>
  a.replace(/[^0-9A-ZА-ЯЁ]/giu, '').toUpperCase() === b.replace(/[^0-9A-ZА-ЯЁ]/giu, '').toUpperCase();

/**
 * What a profile file (pricing-set's format) asks for an offer, in kopecks, worked out here from the file alone:
 * the most specific markup (supplier and brand, brand, supplier, band, base), half up to the kopeck, rounded by
 * the file's rule, never below purchase price plus the minimum margin (rounded up).
 */
function priceByFile(file: PricingFile, offer: KeptOffer): number {
  const hundredths = (value: number) => Math.round(value * 100);
  const purchase = offer.purchaseKopecks;
  const pair = file.supplier_brands.find(
    (rule) => rule.supplier === offer.supplier && sameBrand(rule.brand, offer.brand),
  );
  const brand = Object.entries(file.brands).find(([name]) => sameBrand(name, offer.brand))?.[1];
  const supplier = file.suppliers[offer.supplier];
  const band = file.bands.find(
    (candidate) =>
      purchase >= hundredths(candidate.from) && (candidate.to === null || purchase < hundredths(candidate.to)),
  );
  const markup = hundredths(pair?.markup ?? brand ?? supplier ?? band?.markup ?? file.base_markup);
  const marked = Math.floor((purchase * (10_000 + markup) + 5_000) / 10_000);
  const step = { kopeck: 1, rouble: 100, up_to_10_roubles: 1_000 }[file.rounding];
  const price =
    file.rounding === 'up_to_10_roubles'
      ? Math.ceil(marked / step) * step
      : Math.floor((marked + Math.floor(step / 2)) / step) * step;
  const floor = Math.ceil((purchase + hundredths(file.min_margin)) / step) * step;
  return Math.max(price, floor);
}

/** A kopeck amount as the pages and the PDF print it, spaces made plain: '1 234,50'. */
const printed = (kopecks: number) => formatKopecks(kopecks).replace(/\s₽$/, '').replace(/\s/g, ' ');

/** Every way a purchase price could show: '1 234,50', '1234,50', and as JSON carries it, '1234.5'. */
function purchaseForms(kopecks: number): RegExp[] {
  const roubles = Math.floor(kopecks / 100);
  const cents = String(kopecks % 100).padStart(2, '0');
  const forms = [printed(kopecks), `${roubles},${cents}`];
  if (kopecks % 100 !== 0) forms.push(`${roubles}.${cents.replace(/0$/, '')}`, `${roubles}.${cents}`);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Not a part of a longer number ('11 234,50', '1234,505').
  return forms.map((form) => new RegExp(`(?<![\\d.,])(?<!\\d )${escape(form)}(?!\\d)`));
}

/** Signs in through the pages, as a client does. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Пароль/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(`${app.baseUrl}/`);
}

/** The header search for the article, then the brand: answers the table of the brand's offers. */
async function searchKnecht(page: Page): Promise<Locator> {
  const searchBox = page.getByRole('combobox', { name: 'Поиск по артикулу' });
  await searchBox.fill('oc 90');
  await searchBox.press('Enter');
  await page
    .getByRole('list', { name: 'Бренды с артикулом OC 90' })
    .getByRole('link', { name: new RegExp(`^${BRAND}`) })
    .click();
  const table = page.getByRole('table', { name: `Предложения ${BRAND} OC 90` });
  await table.waitFor();
  return table;
}

interface ShownRow {
  supplier: string;
  price: string;
  probabilityTitle: string | null;
}

/** Each offer row of the large table: the supplier shown, the price and the probability's title. */
function shownRows(table: Locator): Promise<ShownRow[]> {
  return table.getByRole('row').evaluateAll((rows) =>
    rows
      .filter((row) => row.querySelector('td'))
      .map((row) => {
        const cells = row.querySelectorAll('td');
        return {
          supplier: cells[4]?.textContent?.trim() ?? '',
          price: cells[7]?.textContent?.trim() ?? '',
          probabilityTitle: cells[5]?.querySelector('[title]')?.getAttribute('title') ?? null,
        };
      }),
  );
}

/** The offer a row shows, found by the supplier's shown name (one offer of the brand's article per supplier). */
function keptOffer(row: ShownRow): KeptOffer {
  const matching = kept.filter((offer) => sameBrand(offer.brand, BRAND) && offer.shownSupplier === row.supplier);
  expect(matching, row.supplier).toHaveLength(1);
  return matching[0]!;
}

/** What the browser was shown and sent: each page's HTML (loader data included) and each API answer. */
function recordEverything(page: Page, seen: string[]): void {
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (new URL(response.url()).pathname.startsWith('/api/') && type.includes('json')) {
      void response
        .text()
        .then((body) => seen.push(`${response.url()}: ${body}`))
        .catch(() => undefined);
    }
  });
}

const keep = async (page: Page, seen: string[]) => seen.push(`${page.url()}: ${await page.content()}`);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'detal-e2e-pricing-'));
  [app, browser] = await Promise.all([startShop(), launchChromium()]);
  const profile = { first_name: 'Пётр', last_name: 'Оптовик', phone_number: '+7 999 555-12-34' };
  retailEmail = await registerClient(app.baseUrl, { emailPrefix: 'retail', password: PASSWORD, profile });
  wholesaleEmail = await registerClient(app.baseUrl, { emailPrefix: 'wholesale', password: PASSWORD, profile });
  const wholesaleId = await clientIdOf(app.baseUrl, wholesaleEmail, PASSWORD);

  // The shop puts the wholesale client into «Опт» (the app stopped: one user at a time on the embedded database).
  await app.stop();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/admin.ts', 'client-group', '--client', String(wholesaleId), '--group', 'Опт'],
    { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
  );
  expect(stdout).toContain(`Клиент № ${wholesaleId} теперь в группе «Опт»`);
  kept = await readOffers(dataDir, ARTICLE);
  app = await startShop();
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await app?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('selling prices in Chromium', () => {
  it('shows a retail and a wholesale client their own prices; the wholesale order and its bill PDF ask for the wholesale price; nothing shows a real supplier or a purchase price', async () => {
    const knecht = kept.filter((offer) => sameBrand(offer.brand, BRAND));
    expect(knecht.length).toBeGreaterThan(1);
    const seen: string[] = [];

    // The retail client (no group: Розница).
    const retailContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(retailContext);
    const retailPage = await retailContext.newPage();
    recordEverything(retailPage, seen);
    await signIn(retailPage, retailEmail);
    const retailRows = await shownRows(await searchKnecht(retailPage));
    expect(retailRows).toHaveLength(knecht.length);
    for (const row of retailRows) {
      const offer = keptOffer(row);
      expect(row.price, `retail, ${row.supplier}`).toBe(formatKopecks(priceByFile(demoRetailProfile, offer)));
      // The supplier's delivery probability beside the delivery days, as the shop states it.
      expect(row.probabilityTitle).toBe(
        offer.deliveryProbability === null ? null : `Вероятность поставки ${offer.deliveryProbability}\u00A0%`,
      );
    }
    await keep(retailPage, seen);
    mkdirSync(artifacts, { recursive: true });
    await retailPage.screenshot({ path: path.join(artifacts, 'pricing-search-1440.png'), fullPage: false });
    await retailPage.setViewportSize({ width: 375, height: 812 });
    await retailPage
      .getByRole('article', { name: new RegExp(`^${BRAND} OC 90`) })
      .first()
      .scrollIntoViewIfNeeded();
    await retailPage.screenshot({ path: path.join(artifacts, 'pricing-search-375.png'), fullPage: false });

    // The wholesale client («Опт»): the same offers at the wholesale profile's prices.
    const wholesaleContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    contexts.push(wholesaleContext);
    const page = await wholesaleContext.newPage();
    recordEverything(page, seen);
    await signIn(page, wholesaleEmail);
    const table = await searchKnecht(page);
    const wholesaleRows = await shownRows(table);
    expect(wholesaleRows.map((row) => row.supplier).sort()).toEqual(retailRows.map((row) => row.supplier).sort());
    for (const row of wholesaleRows) {
      expect(row.price, `wholesale, ${row.supplier}`).toBe(
        formatKopecks(priceByFile(demoWholesaleProfile, keptOffer(row))),
      );
    }
    // The two groups' prices do differ for this article.
    const retailBySupplier = new Map(retailRows.map((row) => [row.supplier, row.price]));
    expect(wholesaleRows.some((row) => row.price !== retailBySupplier.get(row.supplier))).toBe(true);
    await keep(page, seen);

    // The wholesale client orders the first offer of the table (one piece, picked up: delivery 0 ₽).
    const ordered = keptOffer(wholesaleRows[0]!);
    const wholesaleKopecks = priceByFile(demoWholesaleProfile, ordered);
    expect(wholesaleKopecks).not.toBe(priceByFile(demoRetailProfile, ordered));
    await table.getByRole('button', { name: 'В корзину' }).first().click();
    await page.getByRole('link', { name: 'Корзина 1 позиция' }).click();
    await page.waitForURL(`${app.baseUrl}/cart`);
    const basketLine = page.getByRole('table').getByRole('row').nth(1);
    await expect.poll(() => basketLine.textContent()).toContain(formatKopecks(wholesaleKopecks));
    await keep(page, seen);
    await page.getByRole('button', { name: 'Оформить заказ' }).click();
    const form = page.getByRole('form', { name: 'Оформление заказа' });
    await form.getByRole('button', { name: 'Подтвердить заказ' }).waitFor();
    expect(kopecksOf(await form.getByTestId('order-total').innerText())).toBe(wholesaleKopecks);
    await keep(page, seen);
    await form.getByRole('button', { name: 'Подтвердить заказ' }).click();
    await page.waitForURL(/\/orders\/(\d+)\?created=1$/);
    const orderId = Number(/\/orders\/(\d+)/.exec(page.url())![1]);
    expect(kopecksOf(await page.getByTestId('order-total').innerText())).toBe(wholesaleKopecks);
    await keep(page, seen);
    await page.goto(`${app.baseUrl}/orders`);
    await page
      .getByRole('link', { name: `Заказ № ${orderId}` })
      .first()
      .waitFor();
    await keep(page, seen);

    // The bill, downloaded for real: the wholesale price on its line and as the sum to pay.
    await page.goto(`${app.baseUrl}/bills`);
    const orderLink = page.getByRole('link', { name: `Заказ № ${orderId}` }).locator('visible=true');
    await orderLink.waitFor();
    const row = page.locator('tr', { has: orderLink });
    const billId = Number(await row.getAttribute('data-bill-id'));
    await keep(page, seen);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Скачать счёт № ${billId} в PDF` }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const pdf = (await parser.getText().finally(() => parser.destroy())).text.replace(/\s+/g, ' ');
    expect(pdf).toContain(`Счёт на оплату № ${billId} от `);
    expect(pdf).toContain(`Всего к оплате: ${printed(wholesaleKopecks)}`);
    expect(pdf).toContain(`Итого: ${printed(wholesaleKopecks)}`);
    // The line (KNECHT OC 90, one piece): its price and its sum are the wholesale price too.
    expect(pdf).toMatch(new RegExp(`${BRAND} OC ?90 `));
    expect(pdf.split(printed(wholesaleKopecks)).length - 1).toBeGreaterThanOrEqual(4);
    seen.push(`bill PDF: ${pdf}`);

    // Nothing the client was shown names a real supplier or shows a purchase price (the detector first proves
    // it finds a price as printed and as JSON carries it, and not inside a longer number).
    expect(purchaseForms(123_450).some((form) => form.test('итого 1 234,50 ₽'))).toBe(true);
    expect(purchaseForms(123_450).some((form) => form.test('{"price":1234.5,'))).toBe(true);
    expect(purchaseForms(123_450).some((form) => form.test('11 234,50 ₽ and 1234,505'))).toBe(false);
    const everything = seen.join('\n').replace(/[\u00A0\u202F]/g, ' ');
    expect(seen.length).toBeGreaterThan(10);
    for (const supplier of demoSuppliers) expect(everything, supplier.name).not.toContain(supplier.name);
    for (const offer of kept) {
      for (const form of purchaseForms(offer.purchaseKopecks)) {
        expect(everything, `purchase price of offer ${offer.id}: ${form}`).not.toMatch(form);
      }
    }
    // The shown names are there instead.
    expect(everything).toContain(ordered.shownSupplier);
    // The journey restarts the app around the CLI and walks two clients through the shop.
  }, 240_000);
});
