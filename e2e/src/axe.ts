import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core run inside a page (its own script injected with addScriptTag: @axe-core/playwright needs Node 22),
 * against WCAG 2.1 A/AA and axe's best practices. The storefront's and the back office's accessibility checks
 * share it (a11y.e2e.test.ts, admin-a11y.e2e.test.ts). The page's context needs `bypassCSP: true`: the shop's
 * Content-Security-Policy refuses any injected script, axe's included.
 */

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

/** The loaded page's violations of serious or critical impact, one line each (empty: the page passes). */
export async function blockingViolationsOf(page: Page): Promise<string[]> {
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
}
