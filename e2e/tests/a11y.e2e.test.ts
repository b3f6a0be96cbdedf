import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { NewsPreview, Paginated } from '@detal/contract';
import { launchChromium } from '../src/chromium.ts';

/**
 * axe-core run inside the page (its own script injected with addScriptTag: @axe-core/playwright needs Node 22).
 * A page passes when axe reports no violation of serious or critical impact against WCAG 2.1 A/AA and axe's best
 * practices, at a phone's width and at a desktop's.
 */

const baseUrl = inject('baseUrl');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const BLOCKING = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; any: { data?: unknown }[] }[];
}

/** What axe measured, for the violations that measure (colour contrast: the colours and the ratio). */
function detailOf(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const { fgColor, bgColor, contrastRatio } = data as { fgColor?: string; bgColor?: string; contrastRatio?: number };
  return contrastRatio ? ` [${fgColor} on ${bgColor}: ${contrastRatio}]` : '';
}

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
    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations;
    });
    return (violations as AxeViolation[])
      .filter((violation) => BLOCKING.has(violation.impact ?? ''))
      .map(
        (violation) =>
          `${violation.impact} ${violation.id} (${violation.help}): ` +
          violation.nodes.map((node) => `${node.target.join(' ')}${detailOf(node.any[0]?.data)}`).join(' | '),
      );
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
