import type { MetaDescriptor } from 'react-router';
import { errorTitle, errorStatus } from './error-status.ts';

export const SITE_NAME = 'Деталь';

/** `<title>Корзина — Деталь</title>` and the meta description of a page. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title: `${title} — ${SITE_NAME}` }, { name: 'description', content: description }];
}

/** An error page's title is exactly the spec's: 'Page Not Found' or 'Internal Server Error'. */
export function errorMeta(error: unknown): MetaDescriptor[] {
  return [{ title: errorTitle(errorStatus(error)) }, { name: 'robots', content: 'noindex' }];
}
