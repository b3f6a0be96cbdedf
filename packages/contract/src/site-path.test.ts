import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-path.ts';

describe('isSitePath', () => {
  it.each(['/', '/news', '/articles/delivery?from=menu#top', '/search/OC%2090', '/catalog/filtry-maslyanye'])(
    'takes %s',
    (path) => expect(isSitePath(path)).toBe(true),
  );

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/.//evil.example',
    '/%09/x\\y',
    '/news page',
    'news',
    'https://evil.example',
    'javascript:alert(1)',
    '',
  ])('refuses %j', (path) => expect(isSitePath(path)).toBe(false));
});
