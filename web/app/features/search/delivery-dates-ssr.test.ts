// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREFOX, ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { startShopServer, type ShopServer } from '../../../test/shop-server.ts';

/**
 * Delivery days in words on the server-rendered result page (issue 17, point 6): the real app rendered as the
 * production server does, on the demo shop (Monday to Friday, Russia's days off) with its clock stopped on
 * Wednesday 25 November 2026, 10:00 in Moscow. Offers of known days are added under a brand of their own.
 */

const NOW = new Date('2026-11-25T07:00:00.000Z');
const fromServer = (path: string) =>
  import(/* @vite-ignore */ new URL(`../../../../server/${path}`, import.meta.url).href);

/** Delivery days → what the row says beside them, by the shop's calendar at NOW. */
const EXPECTED: [number, string, string][] = [
  [0, 'сегодня', '2026-11-25'],
  [1, 'завтра', '2026-11-26'],
  [3, 'к 30 ноября', '2026-11-30'],
  [40, 'к 29 января 2027', '2027-01-29'],
];

let shop: ShopServer;
const ssr = ssrHarnessPerFile();

beforeAll(async () => {
  shop = await startShopServer({ now: NOW });
  const { insertBrand, insertOffers, insertSupplier } = await fromServer('test/fixtures/offers.ts');
  const brandId = await insertBrand(shop.db, 'СРОКТЕСТ');
  const supplierId = await insertSupplier(shop.db, 'Сроки', { displayName: 'Склад сроков', deliveryProbability: 87 });
  await insertOffers(shop.db, brandId, supplierId, [
    ...EXPECTED.map(([days], index) => ({
      article: 'DT 100',
      price: `${100 + index}.00`,
      quantity: 5,
      deliveryDays: days,
    })),
    { article: 'DT 100', price: '200.00', quantity: 5, deliveryDays: null },
  ]);
}, 60_000);

afterAll(async () => {
  await shop?.close();
});

const page = async (pathname: string) => {
  const response = await ssr().handle(
    new Request(`http://shop.test${pathname}`, { headers: { 'user-agent': FIREFOX } }),
    {
      apiFetch: (request: Request) => shop.apiFetch(request),
      techCatalogKey: shop.techCatalogKey,
    },
  );
  expect(response.status).toBe(200);
  return response.text();
};

/** Each table row's cells as text (tags dropped). */
const rowsOf = (html: string) =>
  [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').trim()),
  );

describe('the result page dates delivery on the server', () => {
  it('says «сегодня», «завтра», «к 30 ноября», «к 29 января 2027» beside the days, with the probability', async () => {
    const html = await page('/search/%D0%A1%D0%A0%D0%9E%D0%9A%D0%A2%D0%95%D0%A1%D0%A2/DT100');
    const rows = rowsOf(html).filter((cells) => cells.some((cell) => cell.includes('Склад сроков')));
    expect(rows).toHaveLength(EXPECTED.length + 1);
    for (const [days, words, day] of EXPECTED) {
      const row = rows.find((cells) =>
        cells.some((cell) => cell.startsWith(`${days}\u00A0дн.`) || cell.startsWith(`${days} дн.`)),
      );
      expect(row, `${days} days`).toBeDefined();
      const delivery = row!.find((cell) => cell.includes('дн.'))!;
      expect(delivery).toContain(words);
      expect(delivery).toContain('87');
      expect(html).toContain(`data-ready-day="${day}"`);
    }
    // Unknown days: «-», and no day made up.
    const unknown = rows.find((cells) => cells.some((cell) => cell.startsWith('-') && cell.includes('87')));
    expect(unknown).toBeDefined();
    expect(html.match(/data-ready-day="/g)).toHaveLength(EXPECTED.length * 2); // the table and the cards
    // The calendar and «now» the words came from travel with the page, for the browser to hydrate the same.
    expect(html).toContain(NOW.toISOString());
  });
});
