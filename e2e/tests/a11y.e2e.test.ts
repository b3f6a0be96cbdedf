import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { NewsPreview, Paginated } from '@detal/contract';
import { blockingViolationsOf } from '../src/axe.ts';
import { launchChromium } from '../src/chromium.ts';

/**
 * A storefront page passes when axe reports no violation of serious or critical impact (e2e/src/axe.ts), at a
 * phone's width and at a desktop's.
 */

const baseUrl = inject('baseUrl');

let browser: Browser;
let newsSlug: string;

beforeAll(async () => {
  browser = await launchChromium();
  const response = await fetch(`${baseUrl}/api/v1/shop/news-list?per_page=1`);
  newsSlug = ((await response.json()) as { data: Paginated<NewsPreview> }).data.data[0]!.slug;
});

afterAll(async () => {
  await browser?.close();
});

async function blockingViolations(path: string, width: number): Promise<string[]> {
  // bypassCSP: the shop's Content-Security-Policy refuses any injected script, axe's included.
  const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    const response = await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
    expect(response?.status(), path).toBe(200);
    return await blockingViolationsOf(page);
  } finally {
    await context.close();
  }
}

describe('accessibility (axe-core)', () => {
  const pages = () => ['/', '/search/OC90', '/search/list', '/cart', '/login', `/news/${newsSlug}`];

  it.each([375, 1440])('no serious or critical violations at %i px', async (width) => {
    const found: Record<string, string[]> = {};
    for (const path of pages()) {
      const violations = await blockingViolations(path, width);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
});
