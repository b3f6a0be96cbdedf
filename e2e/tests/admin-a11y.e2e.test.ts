import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { blockingViolationsOf } from '../src/axe.ts';
import { startOwnerJourney, type OwnerJourney } from '../src/owner-journey.ts';
import { placeOrderByApi } from '../src/shop-client.ts';

/**
 * The back office meets the storefront's accessibility bar (issue 27, decision 0046): on every screen, as the
 * owner who sees them all, axe reports no violation of serious or critical impact (e2e/src/axe.ts) at a phone's
 * width and at a desktop's; and the keyboard reaches every control of the screen (links, buttons, fields), each
 * with a focus ring one can see. No exception: the badge and button colours, the fields' ring and the tables'
 * scrolling frames are the theme's (features/admin-shell/theme.ts, theme-css-variables.ts; decision 0046).
 */

// An app of its own: the journeys on the shared one count its orders and read its audit log.
let journey: OwnerJourney;
let baseUrl = '';
let session = '';
let orderId = 0;
let clientId = 0;
/** The purchasing screens' objects (issue 29): a sent supplier order of the client's lines, a draft receipt. */
let purchasing = { supplierOrderId: 0, supplierId: 0, receiptId: 0 };

async function adminPost<T>(endpoint: string, body: object, cookie = ''): Promise<{ data: T; setCookie: string }> {
  const response = await fetch(`${baseUrl}/api/v1/admin/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, endpoint).toBe(200);
  const { data } = (await response.json()) as { data: T };
  return { data, setCookie: response.headers.get('set-cookie') ?? '' };
}

beforeAll(async () => {
  journey = await startOwnerJourney();
  ({ session } = journey);
  baseUrl = journey.app.baseUrl;
  orderId = (await placeOrderByApi(baseUrl, { password: 'пароль клиента доступности', lines: 2 })).orderId;
  const { data } = await adminPost<{ order: { client: { id: number } } }>(
    'order-show',
    { id: orderId },
    `staff_session=${session}`,
  );
  clientId = data.order.client.id;
  purchasing = await purchasingObjects(orderId);
  // An analog bought for the part searched: the return rates list a pair with its withdraw form (decision 0065).
  await placeOrderByApi(baseUrl, { password: 'пароль клиента доступности', lines: 1, analog: true });
}, 300_000);

/** A supplier order of the order's first line, sent, and a draft receipt of one piece of it. */
async function purchasingObjects(forOrder: number) {
  const cookie = `staff_session=${session}`;
  const queue = await adminPost<{ data: { order_item_id: number; order_id: number }[] }>(
    'supplier-order-queue',
    {},
    cookie,
  );
  const line = queue.data.data.find((row) => row.order_id === forOrder)!;
  const created = await adminPost<{ orders: { id: number; supplier_id: number }[] }>(
    'supplier-order-create',
    { order_item_ids: [line.order_item_id], comment: null },
    cookie,
  );
  const [draft] = created.data.orders;
  const sent = await adminPost<{ order: { lines: { article: string; brand_name: string }[] } }>(
    'supplier-order-mark-sent',
    { id: draft!.id, supplier_number: 'A11Y-1' },
    cookie,
  );
  const [orderLine] = sent.data.order.lines;
  const receipt = await adminPost<{ receipt: { id: number } }>(
    'goods-receipt-create',
    {
      supplier_id: draft!.supplier_id,
      document_number: 'УПД-A11Y',
      document_date: '2026-11-27',
      comment: null,
      lines: [
        {
          article: orderLine!.article,
          brand: orderLine!.brand_name,
          description: null,
          quantity: 1,
          price: 100,
          country: null,
          customs_declaration: null,
        },
      ],
    },
    cookie,
  );
  return { supplierOrderId: draft!.id, supplierId: draft!.supplier_id, receiptId: receipt.data.receipt.id };
}

afterAll(async () => {
  await journey?.close();
});

/** Every back office screen, the sign-in page first (shown signed out). */
const screens = () => [
  '/admin/login',
  '/admin/orders',
  `/admin/orders/${orderId}`,
  '/admin/payments',
  '/admin/payments?tab=bills',
  '/admin/clients',
  `/admin/clients/${clientId}`,
  // The ledger (issue 31).
  '/admin/clients/debtors',
  '/admin/clients/unmatched-payments',
  // Shipments and the counter (issue 30).
  '/admin/shipments',
  `/admin/shipments/issue?client=${clientId}`,
  // Returns (issue 32).
  '/admin/returns',
  '/admin/returns/cancels',
  '/admin/returns/supplier',
  '/admin/returns/policies',
  '/admin/returns/rates',
  '/admin/returns/rates?kind=supplier',
  '/admin/suppliers',
  '/admin/suppliers/new',
  '/admin/suppliers/cross-references',
  '/admin/suppliers/brands',
  '/admin/staff',
  '/admin/audit',
  '/admin/pricing',
  '/admin/content',
  '/admin/content/pages/new',
  '/admin/content/news/new',
  '/admin/settings',
  // Purchasing (issue 29): the queue, supplier orders, one of them, receipts, one, the receipt form, the ordering.
  '/admin/purchasing',
  '/admin/purchasing/orders',
  `/admin/purchasing/orders/${purchasing.supplierOrderId}`,
  '/admin/purchasing/receipts',
  `/admin/purchasing/receipts/${purchasing.receiptId}`,
  `/admin/purchasing/receipts/new?supplier_id=${purchasing.supplierId}`,
  `/admin/suppliers/${purchasing.supplierId}/ordering`,
];

/** Screens with no submit button to tell they are hydrated: their first enabled button is waited for instead. */
const withoutSubmit = (path: string) =>
  /^\/admin\/purchasing\/(orders|receipts)\/(\d+|new)|^\/admin\/suppliers\/\d+\/ordering/.test(path);

async function open(path: string, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  // Signed out on the sign-in page.
  const cookies = path === '/admin/login' ? [] : [{ name: 'staff_session', value: session }];
  const context = await journey.contextWith(cookies, {
    viewport: { width, height: 900 },
    bypassCSP: true,
    locale: 'ru-RU',
  });
  const page = await context.newPage();
  const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  expect(response?.status(), path).toBe(200);
  // Hydrated: the back office's submit buttons are enabled only then.
  await page
    .locator(withoutSubmit(path) ? 'main button:not([disabled])' : 'button[type="submit"]:not([disabled])')
    .first()
    .waitFor();
  return { page, close: () => context.close() };
}

/** How an element and its two nearest ancestors look (outline, shadow, border colour): what focus may change. */
const LOOK = `(element) => [element, element.parentElement, element.parentElement?.parentElement]
  .filter(Boolean)
  .map((node) => { const style = getComputedStyle(node); return [style.outlineStyle, style.outlineWidth, style.boxShadow, style.borderColor].join(' '); })
  .join(' | ')`;

/**
 * Tabs through the page: the controls the keyboard never reached (of those one can see and use), and those it
 * reached without a focus one can see: neither an outline on it nor a change, from its unfocused look, of the
 * outline, shadow or border colour of it or of its frame (Mantine's fields show focus on their border).
 */
async function keyboardWalk(page: Page): Promise<{ unreached: string[]; unringed: string[] }> {
  await page.evaluate(() => {
    const all = document.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])',
    );
    all.forEach((element, index) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const usable =
        element.tabIndex >= 0 &&
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        !element.closest('[inert], [aria-hidden="true"]');
      if (usable) element.dataset.kbd = String(index);
    });
  });
  const wanted = await page.locator('[data-kbd]').count();
  const reached = new Set<string>();
  const focusedLook = new Map<string, { look: string; outlined: boolean; name: string }>();
  // Radio groups and the like take one Tab for many controls: the walk goes on a while past the count.
  for (let step = 0; step < wanted + 15; step += 1) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate((lookSource) => {
      const look = eval(lookSource) as (element: Element) => string;
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body) return null;
      active.dataset.focusSeen ??= String(document.querySelectorAll('[data-focus-seen]').length);
      const style = getComputedStyle(active);
      return {
        key: active.dataset.kbd ?? null,
        seen: active.dataset.focusSeen,
        look: look(active),
        outlined: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        name: active.outerHTML.slice(0, 120),
      };
    }, LOOK);
    if (!seen) continue;
    if (seen.key) reached.add(seen.key);
    if (!focusedLook.has(seen.seen)) focusedLook.set(seen.seen, seen);
  }
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const unfocused = await page.evaluate((lookSource) => {
    const look = eval(lookSource) as (element: Element) => string;
    return Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-focus-seen]')].map((element) => [
        element.dataset.focusSeen!,
        look(element),
      ]),
    );
  }, LOOK);
  // Every element the keyboard focused counts: links, buttons, fields (the theme gives them a ring, 0046), the rich
  // text, a table's scrolling frame.
  const unringed = [...focusedLook.entries()]
    .filter(([seen, focused]) => !focused.outlined && unfocused[seen] === focused.look)
    .map(([, focused]) => focused.name);
  const unreached = await page
    .locator('[data-kbd]')
    .evaluateAll(
      (elements, reachedKeys) =>
        elements
          .filter((element) => !reachedKeys.includes((element as HTMLElement).dataset.kbd!))
          .map((element) => element.outerHTML.slice(0, 120)),
      [...reached],
    );
  return { unreached, unringed };
}

describe('the back office’s accessibility (axe-core, keyboard)', () => {
  it.each([375, 1440])(
    'no serious or critical axe violation on any screen at %i px',
    async (width) => {
      const found: Record<string, string[]> = {};
      for (const path of screens()) {
        const { page, close } = await open(path, width);
        try {
          const violations = await blockingViolationsOf(page);
          // One line each, the nodes cut short: the rule and the first places are what one needs to find it.
          if (violations.length > 0) found[path] = violations.map((line) => line.slice(0, 400));
        } finally {
          await close();
        }
      }
      expect(found).toEqual({});
    },
    600_000,
  );

  it('the keyboard reaches every control of every screen, with a focus ring one can see (1440 px)', async () => {
    const found: Record<string, { unreached: string[]; unringed: string[] }> = {};
    for (const path of screens()) {
      const { page, close } = await open(path, 1440);
      try {
        const walk = await keyboardWalk(page);
        if (walk.unreached.length > 0 || walk.unringed.length > 0) found[path] = walk;
      } finally {
        await close();
      }
    }
    expect(found).toEqual({});
  }, 600_000);
});
