// `npm run screenshots -w e2e -- / /cart`: starts the production build and saves Chromium screenshots of the
// given paths at the three widths the shop is designed for (375, 768, 1440 px) into e2e/artifacts/.
// `--client` takes them as a newly registered client (for /orders, /bills, /account).
// `--staff` takes them as the shop's owner in the back office (`npm run screenshots -w e2e -- --staff /admin/staff
// /admin/audit`), at the same three widths (the back office works on a phone too), after inviting, signing in and blocking a few
// staff members so that the lists have rows; it needs the app it starts itself (no BASE_URL).
// `--orders` (with `--staff`) first places a few orders through the shop API and works their lines (statuses, a
// cancel), so that the queue and the order page have rows; `:order` in a path is the newest of those orders
// (`npm run screenshots -w e2e -- --staff --orders /admin/orders /admin/orders/:order`).
// With `--staff`, clients with orders,
// a partly paid and a paid bill and a blocked client are made too, for /admin/payments and /admin/clients; a path
// ending in `#statement` (`/admin/payments#statement`) is shot after uploading a bank statement on the page, and
// `/admin/pricing#preview` after typing an article into the pricing preview;
// `:client` in a path is the first of those clients (`/admin/clients/:client`). With `--client`,
// `/search/list#results` is shot after searching a pasted list (decision 0029);
// `/cart#basket` is shot after adding three offers of KNECHT OC 90 to the basket, and `/orders/create#checkout` after
// that and starting the order from it (the checkout form with its lines and the order's ready day). /admin/login and
// /admin/set-password are shot signed out. Without `--staff` the app has no staff yet and prints the first owner's
// setup link: `:setup` in a path is its token (`'/admin/setup?token=:setup'`), and a path ending in `#errors` is
// shot after sending its form empty. Every back office screen at once:
//   npm run screenshots -w e2e -- --staff --orders /admin/login '/admin/set-password?token=x' /admin/orders \
//     /admin/orders/:order '/admin/payments#statement' /admin/clients /admin/clients/:client /admin/staff \
//     /admin/audit '/admin/pricing#preview' /admin/content /admin/settings
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { startApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';
import { createOwnerByCli } from './first-owner.ts';
import {
  clientToken,
  ownerSession,
  salesData,
  uploadStatement,
  workedOrders,
  type SalesBill,
} from './back-office-data.ts';

const asStaff = process.argv.includes('--staff');
const WIDTHS = [375, 768, 1440] as const;
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));

const asClient = process.argv.includes('--client');
const withOrders = process.argv.includes('--orders');

let statementBills: SalesBill[] = [];
let ownerLink = '';
const app = process.env.BASE_URL
  ? null
  : await startApp({}, async (place) => {
      if (asStaff) ownerLink = await createOwnerByCli(place);
    });
const baseUrl = process.env.BASE_URL ?? app!.baseUrl;
const browser = await launchChromium();
const token = asClient ? await clientToken(baseUrl) : null;
const staffSession = asStaff ? await ownerSession(baseUrl, ownerLink) : null;
const orderId = staffSession && withOrders ? await workedOrders(baseUrl, staffSession) : null;
/** The back office's pages before signing in, shot without the staff cookie. */
const signedOut = (address: string) => /^\/admin\/(login|set-password)/.test(address);
/** The first client of the back office's list (Иван Грозный of salesData), for `:client` in a path. */
async function firstClientId(session: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v1/admin/client-list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `staff_session=${session}` },
    body: JSON.stringify({ q: 'Грозный' }),
  });
  return ((await response.json()) as { data: { data: { id: number }[] } }).data.data[0]!.id;
}

/** Sends the page's form empty, once hydrated, and waits for its errors (`#errors`). */
async function sendEmpty(page: Page) {
  await page.locator('form button[type="submit"]:not([disabled])').click();
  await page.locator('[id$="-error"]').first().waitFor();
}

/** Types an article into the pricing screen's preview and waits for its prices (`/admin/pricing#preview`). */
async function previewPrices(page: Page) {
  await page.getByTestId('pricing-preview-article').fill('OC 90');
  await page.getByTestId('pricing-preview').waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Three offers of KNECHT OC 90 into the basket, then the basket's page with its lines (`/cart#basket`). */
async function fillBasket(page: Page) {
  await page.goto(`${baseUrl}/search/KNECHT/OC90`, { waitUntil: 'networkidle' });
  const buttons = page.getByRole('button', { name: 'В корзину' }).filter({ visible: true });
  for (const index of [0, 1, 2]) {
    const added = page.waitForResponse((response) => response.url().endsWith('/basket-add-item'));
    await buttons.nth(index).click();
    await added;
  }
  await page.goto(`${baseUrl}/cart`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Оформить заказ' }).waitFor();
}

/** The basket filled as `#basket` does, then «Оформить заказ»: the checkout form (`#checkout`). */
async function startCheckout(page: Page) {
  await fillBasket(page);
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await page.getByRole('button', { name: 'Подтвердить заказ' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** A pasted list of six lines searched (`/search/list#results`): found lines, a brand to pick, lines not found. */
async function searchList(page: Page) {
  const list = [
    'OC 90',
    'W 712/75 MANN-FILTER 2',
    'bkr6e;ngk;4',
    '0 451 103 316\tBOSCH\t1',
    'NOSUCH-999 3',
    'OC90 1,5',
  ];
  await page.locator('textarea[name="text"]').fill(list.join('\n'));
  await page.locator('form[aria-label="Поиск по списку"] button[type="submit"]').click();
  await page.getByRole('table', { name: 'Найденные позиции' }).waitFor();
  await page.waitForLoadState('networkidle');
}

try {
  if (staffSession) statementBills = await salesData(baseUrl, `staff_session=${staffSession}`);
  mkdirSync(outDir, { recursive: true });
  const clientId = staffSession ? await firstClientId(staffSession) : null;
  const setupToken = () => new URL(app!.setupLink()).searchParams.get('token')!;
  const named = (p: string) =>
    p
      .replace(':order', String(orderId))
      .replace(':client', String(clientId))
      .replace(':setup', p.includes(':setup') ? setupToken() : '');
  for (const shotPath of paths.length > 0 ? paths : ['/']) {
    const pagePath = named(shotPath);
    for (const width of WIDTHS) {
      // A Russian browser, as the shop's staff have: date fields read дд.мм.гггг.
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
      if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
      if (staffSession && !signedOut(pagePath)) {
        await context.addCookies([{ name: 'staff_session', value: staffSession, url: baseUrl }]);
      }
      const page = await context.newPage();
      const [address, hash] = pagePath.split('#');
      await page.goto(baseUrl + address, { waitUntil: 'networkidle' });
      // Hydrated: the back office's buttons are enabled only then (SubmitButton).
      if (staffSession && !signedOut(pagePath)) {
        await page.getByRole('button', { name: 'Выйти', disabled: false }).waitFor();
      }
      if (hash === 'statement') await uploadStatement(page, statementBills);
      if (hash === 'preview') await previewPrices(page);
      if (hash === 'basket') await fillBasket(page);
      if (hash === 'checkout') await startCheckout(page);
      if (hash === 'results') await searchList(page);
      if (hash === 'errors') await sendEmpty(page);
      // Named by the path as typed: a token stays out of file names.
      const name = `${shotPath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      // A page wider than the window scrolls sideways as a whole: said beside its file.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      await context.close();
      console.log(path.join(outDir, name) + (overflow > 0 ? `  (${overflow} px wider than the window)` : ''));
    }
  }
} finally {
  await browser.close();
  await app?.stop();
}
