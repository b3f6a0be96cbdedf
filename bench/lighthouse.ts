/**
 * Lighthouse on the storefront (issue 17): `npm run build && npm run bench:lighthouse`.
 *
 * The production build on the demo data (the e2e app: its seed); Lighthouse 12 with its default mobile preset
 * (a mid-range phone, simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, three runs per page, the median
 * of each category printed beside the runs and the machine's load. Targets: performance ≥ 90, accessibility ≥ 95
 * on the home page, a brand choice, a full result, the basket and sign-in. A benchmark rather than a test: the
 * performance score is simulated from this machine's timings, so it moves with the load.
 */
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../e2e/src/app-server.ts';
import { findChromium } from '../scripts/find-chromium.mjs';
import { machineLine, median, printTable } from './lib/figures.ts';

const PAGES = ['/', '/search/OC90', '/search/KNECHT/OC90', '/cart', '/login'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = { performance: 90, accessibility: 95 } as const;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const chromePath = findChromium();
if (!chromePath) throw new Error('Chromium not found: install Debian package "chromium" or set CHROMIUM_PATH');

console.log(machineLine());
const app = await startApp({});
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: string[][] = [];
let met = true;
try {
  for (const page of PAGES) {
    const scores = { performance: [] as number[], accessibility: [] as number[] };
    const loads: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      loads.push(load());
      const result = await lighthouse(`${app.baseUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      scores.performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
      scores.accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
    }
    const performance = median(scores.performance);
    const accessibility = median(scores.accessibility);
    met &&= performance >= TARGET.performance && accessibility >= TARGET.accessibility;
    rows.push([
      page,
      String(performance),
      scores.performance.join('/'),
      String(accessibility),
      scores.accessibility.join('/'),
      loads[0] ?? '',
    ]);
  }
} finally {
  await chrome.kill();
  await app.stop();
}
console.log(`Lighthouse ${RUNS} runs per page, mobile preset (medians):`);
printTable(['page', 'performance', 'runs', 'accessibility', 'runs', 'load average at start'], rows);
console.log(
  `Performance ≥ ${TARGET.performance} and accessibility ≥ ${TARGET.accessibility} on every page: ${met ? 'met' : 'NOT met'}.`,
);
console.log(machineLine());
