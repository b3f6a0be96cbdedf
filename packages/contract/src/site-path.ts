/** A stand-in origin: a site path is read against it as a browser reads a link on the shop's pages. */
const SITE_ORIGIN = 'http://site.invalid';

/**
 * True for a path on the shop's own site (`/news`, `/articles/delivery?from=menu#top`): one leading slash, and a
 * browser reading it as a link stays on the site. Browsers read a backslash as a slash and drop tabs and line
 * breaks, so `/\host` and `/<TAB>/host` lead to another host as `//host` does: a backslash, a space or a control
 * character anywhere is refused, and so is a path that resolves to two leading slashes (`/.//host`).
 */
export function isSitePath(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (!text.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(text)) return false;
  try {
    const url = new URL(text, SITE_ORIGIN);
    return url.origin === SITE_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}
