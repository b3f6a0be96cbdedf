import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../scripts/find-chromium.mjs';

/** Flags that keep headless Chromium quiet on a machine with no outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install Debian package "chromium" or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
