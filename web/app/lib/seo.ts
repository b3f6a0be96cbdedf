import type { MetaDescriptor } from 'react-router';

/** Absolute URLs, canonical addresses and the root loader's public origin, for meta tags and the sitemap. */

/** The query parameters that name a different page of content (the rest are views of the same page). */
const CANONICAL_PARAMS = ['page'];

/** `origin` + a path or an absolute URL (which stays as it is). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** The canonical address of a page: the path, and `?page=n` only past the first page of a list. */
export function canonicalUrl(origin: string, pathname: string, search: string): string {
  const kept = new URLSearchParams();
  const params = new URLSearchParams(search);
  for (const name of CANONICAL_PARAMS) {
    const value = params.get(name);
    if (value !== null && value !== '1') kept.set(name, value);
  }
  const query = kept.toString();
  return absoluteUrl(origin, `${pathname}${query ? `?${query}` : ''}`);
}

interface RootMatch {
  id: string;
  data?: unknown;
}

/** The public origin the root loader exposes, read from a meta function's `matches`; null before it loaded. */
export function publicOriginOf(matches: ReadonlyArray<RootMatch | undefined>): string | null {
  const root = matches.find((match) => match?.id === 'root')?.data;
  if (typeof root !== 'object' || root === null) return null;
  const { publicUrl } = root as { publicUrl?: unknown };
  return typeof publicUrl === 'string' ? publicUrl : null;
}

/** og:image for an image URL that may be a path on the shop's own site. */
export function ogImage(matches: ReadonlyArray<RootMatch | undefined>, imageUrl: string | null): MetaDescriptor[] {
  if (!imageUrl) return [];
  const origin = publicOriginOf(matches);
  const absolute = origin ? absoluteUrl(origin, imageUrl) : /^https?:\/\//.test(imageUrl) ? imageUrl : null;
  return absolute ? [{ property: 'og:image', content: absolute }] : [];
}

export interface SitemapEntry {
  /** A path on the shop's site. */
  path: string;
  /** When the page last changed (ISO 8601). */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** A sitemaps.org urlset of the entries, each at its absolute address on `origin`. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Paths no crawler should visit: the API, the back office, the client's private pages and the forms that lead
 * to them.
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/admin',
  '/account',
  '/orders',
  '/bills',
  '/payment',
  '/cart',
  '/login',
  '/register',
  '/reset-password',
];

/** robots.txt: the shop open to every crawler but for the private paths, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
