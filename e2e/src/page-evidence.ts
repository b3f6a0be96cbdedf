import type { Locator, Page } from 'playwright-core';

const failedCalls = new WeakMap<Page, string[]>();

/** Records the page's API answers of status 400 and above, for the evidence of a failed wait. */
export function recordFailedApiCalls(page: Page): void {
  const calls: string[] = [];
  failedCalls.set(page, calls);
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/')) {
      calls.push(`${response.request().method()} ${new URL(response.url()).pathname} -> ${response.status()}`);
    }
  });
  page.on('pageerror', (error) => calls.push(`page error: ${error.message}`));
}

/**
 * Waits for `locator` to show; when it does not, fails with what the page showed instead and the API calls
 * that failed, so that a failure in CI explains itself.
 */
export async function waitShown(page: Page, locator: Locator, timeout = 30_000): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    const text = await page
      .locator('main')
      .innerText({ timeout: 2_000 })
      .catch(() => '(no main)');
    const calls = failedCalls.get(page) ?? [];
    throw new Error(
      `${(error as Error).message}\nat ${page.url()}\nmain showed:\n${text}\nfailed API calls: ${calls.join('; ') || 'none'}`,
    );
  }
}
