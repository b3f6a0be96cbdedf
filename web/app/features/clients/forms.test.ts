import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './forms.ts';

const SHOP = 'https://shop.example';

/** Where a browser on the shop's page goes when it is sent to `location`. */
const landing = (location: string) => new URL(location, `${SHOP}/login?next=x`);

/** Pieces attackers combine: slashes of every kind, whitespace browsers drop, encodings, schemes, hosts. */
const nastyPiece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '%2F',
  '%2f',
  '%5C',
  '%09',
  '%00',
  '\u0000',
  '.',
  '..',
  '@',
  ':',
  '?',
  '#',
  'http:',
  'https://evil.example',
  'javascript:alert(1)',
  'evil.example',
  'login',
  'register',
  'orders',
  '\u3002',
  '\uff0f',
);
const nastyNext = fc.oneof(
  fc.array(nastyPiece, { maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.array(nastyPiece, { maxLength: 8 }).map((pieces) => `/${pieces.join('')}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.webUrl(),
);

describe('afterSignInPath', () => {
  it('always lands on a page of the shop, whatever `next` holds', () => {
    fc.assert(
      fc.property(fc.option(nastyNext, { nil: null }), (next) => {
        const path = afterSignInPath(next);
        expect(path.startsWith('/')).toBe(true);
        expect(path).not.toMatch(/^\/[/\\]/);
        // eslint-disable-next-line no-control-regex -- control characters are what is checked for
        expect(path).not.toMatch(/[\u0000-\u001f\u007f\\]/);
        expect(landing(path).origin).toBe(SHOP);
        expect(['/login', '/register']).not.toContain(landing(path).pathname);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps a plain path of the shop as it is, query and fragment included', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(segment), (segments, query) => {
        fc.pre(!['login', 'register'].includes(segments[0]!));
        const next = `/${segments.join('/')}${query ? `?page=${query}` : ''}`;
        expect(afterSignInPath(next)).toBe(next);
      }),
    );
  });

  it.each([
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/.//evil.example', '/'],
    ['https://evil.example/orders', '/'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/login?next=/orders', '/'],
    ['/orders?status=new#top', '/orders?status=new#top'],
  ])('%j goes to %j', (next, expected) => {
    expect(afterSignInPath(next)).toBe(expected);
  });
});
