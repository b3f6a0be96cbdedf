import { createIsBotFromList, list } from 'isbot';
import { errorTitle } from './error-status.ts';

/**
 * Browser automation (headless Chrome, Playwright, Selenium) renders pages as a person's browser does: tests,
 * prerenderers and screenshot tools must see the real error page. isbot counts them as bots; here they are not.
 */
const AUTOMATED_BROWSERS = new Set(['headless', 'playwright', 'selenium', 'phantomjs']);

/** Search engines, link-preview fetchers and other crawlers, by user agent. */
export const isCrawler = createIsBotFromList(list.filter((pattern) => !AUTOMATED_BROWSERS.has(pattern)));

/**
 * Crawlers that meet an error get its status and a bare text body instead of the rendered error page (spec
 * section 2), so no error page is indexed or previewed. Null when the page should render.
 */
export function botErrorResponse(request: Request, status: number, headers: Headers): Response | null {
  if (status < 400 || !isCrawler(request.headers.get('user-agent'))) return null;
  headers.set('Content-Type', 'text/plain; charset=utf-8');
  return new Response(request.method.toUpperCase() === 'HEAD' ? null : `${status} ${errorTitle(status)}`, {
    status,
    headers,
  });
}
