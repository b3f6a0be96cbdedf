import type { MetaDescriptor } from 'react-router';

/**
 * A back office page's title, and `noindex` (React Router keeps only the deepest route's meta, so every admin
 * page says it itself).
 */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title: `${title} — Деталь` },
  { name: 'robots', content: 'noindex, nofollow' },
];
