// `npm run screenshots -w e2e -- / /cart`: starts the production build and saves Chromium screenshots of the
// given paths at the three widths the shop is designed for (375, 768, 1440 px) into e2e/artifacts/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

const WIDTHS = [375, 768, 1440] as const;
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));

const app = process.env.BASE_URL ? null : await startApp();
const baseUrl = process.env.BASE_URL ?? app!.baseUrl;
const browser = await launchChromium();
try {
  mkdirSync(outDir, { recursive: true });
  for (const pagePath of paths.length > 0 ? paths : ['/']) {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      await page.close();
      console.log(path.join(outDir, name));
    }
  }
} finally {
  await browser.close();
  await app?.stop();
}
