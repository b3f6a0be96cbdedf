// `npm run screenshots -w e2e -- / /cart`: starts the production build and saves Chromium screenshots of the
// given paths at the three widths the shop is designed for (375, 768, 1440 px) into e2e/artifacts/.
// `--client` takes them as a newly registered client (for /orders, /bills, /account).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

const WIDTHS = [375, 768, 1440] as const;
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));

const asClient = process.argv.includes('--client');

/** A session of a newly registered client: its token, as the login cookie carries it. */
async function clientToken(baseUrl: string): Promise<string> {
  const password = 'пароль для снимков';
  const response = await fetch(`${baseUrl}/api/v1/shop/client-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `screenshots-${Date.now()}@example.test`,
      password,
      password_confirmation: password,
      first_name: 'Анна',
      last_name: 'Смирнова',
      phone_number: '+7 916 555-12-34',
    }),
  });
  if (!response.ok) throw new Error(`Registration answered ${response.status}`);
  return ((await response.json()) as { data: { client: { access_token: string } } }).data.client.access_token;
}

const app = process.env.BASE_URL ? null : await startApp();
const baseUrl = process.env.BASE_URL ?? app!.baseUrl;
const browser = await launchChromium();
const token = asClient ? await clientToken(baseUrl) : null;
try {
  mkdirSync(outDir, { recursive: true });
  for (const pagePath of paths.length > 0 ? paths : ['/']) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      await context.close();
      console.log(path.join(outDir, name));
    }
  }
} finally {
  await browser.close();
  await app?.stop();
}
