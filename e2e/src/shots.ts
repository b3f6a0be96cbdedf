import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * Screenshots taken inside a journey, at the moment its screen holds what it should (a refusal with its
 * alternatives open, a receipt's under-delivery): when `SHOTS_DIR` is set, the page at `widths` (1440, 768 and 375
 * px unless said; full page), then back to its width. Nothing without `SHOTS_DIR`. A page wider than the window is said in the file's
 * name (`-wider-NNNpx`), as the screenshots script does.
 */
export async function shoot(page: Page, name: string, widths: readonly number[] = [1440, 768, 375]): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    const wider = scroll > width + 1 ? `-wider-${scroll}px` : '';
    await page.screenshot({ path: path.join(dir, `${name}-${width}${wider}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}
