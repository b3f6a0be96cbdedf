// Where Debian's chromium package (or CHROMIUM_PATH) put the browser; null when there is none.
// Shared by scripts/test.mjs and the e2e suite so both agree on whether a browser exists.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  try {
    const found = execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
      encoding: 'utf8',
    });
    return found.trim() || null;
  } catch {
    return null;
  }
}
