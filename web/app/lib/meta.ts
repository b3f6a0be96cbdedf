import type { MetaDescriptor } from 'react-router';
import { errorTitle, errorStatus } from './error-status.ts';

export const SITE_NAME = 'Деталь';

export interface OpenGraphExtras {
  /** og:type: 'article' for a news item, 'website' (the default) for everything else. */
  type?: 'website' | 'article';
  /** More tags of the page (og:image, article:published_time). */
  extra?: MetaDescriptor[];
}

/**
 * `<title>Корзина — Деталь</title>`, the meta description and the Open Graph title, description and type of a
 * page. og:url, og:site_name and the canonical link come from the document (root.tsx), for every page alike.
 */
export function pageMeta(title: string, description: string, og: OpenGraphExtras = {}): MetaDescriptor[] {
  return [
    { title: `${title} — ${SITE_NAME}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: og.type ?? 'website' },
    ...(og.extra ?? []),
  ];
}

/** An error page's title is exactly the spec's: 'Page Not Found' or 'Internal Server Error'. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  return [{ title: errorTitle(errorStatus(error)) }, { name: 'robots', content: 'noindex' }];
}
