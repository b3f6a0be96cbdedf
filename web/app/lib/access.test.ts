import { describe, expect, it } from 'vitest';
import { enforceAccess, resolveAccess } from './access.ts';

const url = (path: string) => new URL(path, 'http://shop.test');

describe('resolveAccess', () => {
  it('sends an anonymous visitor from a session route to /login, remembering where they were going', () => {
    expect(resolveAccess('session', false, url('/orders'))).toBe('/login?next=%2Forders');
    expect(resolveAccess('session', false, url('/bills?page=2'))).toBe('/login?next=%2Fbills%3Fpage%3D2');
  });

  it('treats a route without an access mark as a session route', () => {
    expect(resolveAccess(undefined, false, '/account')).toBe('/login?next=%2Faccount');
    expect(resolveAccess(undefined, true, '/account')).toBeNull();
  });

  it('lets a signed-in client stay on a session route', () => {
    expect(resolveAccess('session', true, url('/orders/5'))).toBeNull();
  });

  it('sends a signed-in client from /login and /register (guest routes) to the home path', () => {
    expect(resolveAccess('guest', true, url('/login'))).toBe('/');
    expect(resolveAccess('guest', true, url('/register'))).toBe('/');
    expect(resolveAccess('guest', false, url('/login'))).toBeNull();
  });

  it('lets everyone open a public route', () => {
    expect(resolveAccess('public', false, url('/cart'))).toBeNull();
    expect(resolveAccess('public', true, url('/cart'))).toBeNull();
  });
});

describe('enforceAccess', () => {
  const request = (path: string, cookie?: string) =>
    new Request(url(path), { headers: cookie === undefined ? {} : { cookie } });

  it('throws a redirect to /login for a session route without a token cookie', () => {
    let thrown: unknown;
    try {
      enforceAccess(request('/orders/create'), { access: 'session' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('Location')).toBe('/login?next=%2Forders%2Fcreate');
  });

  it('counts a token cookie as a session and an empty one as none', () => {
    expect(enforceAccess(request('/orders', 'a=1; token=abc'), { access: 'session' })).toBeNull();
    expect(() => enforceAccess(request('/orders', 'token='), { access: 'session' })).toThrow();
    expect(() => enforceAccess(request('/login', 'token=abc'), { access: 'guest' })).toThrow();
    expect(enforceAccess(request('/login'), { access: 'guest' })).toBeNull();
  });
});
