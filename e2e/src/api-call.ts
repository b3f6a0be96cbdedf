import { expect } from 'vitest';

/**
 * A journey's calls to the running shop's API, for the steps it takes as staff or as a client rather than through
 * the pages: staff with the journey's staff cookie, a client with its bearer token (none: anonymous). Asserts 200
 * and answers the `data`.
 */
export const apiCaller =
  (baseUrl: () => string, staffCookie: () => string) =>
  async <T>(scope: 'shop' | 'admin', endpoint: string, body: object, token = ''): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api/v1/${scope}/${endpoint}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(scope === 'admin' ? { cookie: staffCookie() } : token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    expect(response.status, `${endpoint}: ${text}`).toBe(200);
    return (JSON.parse(text) as { data: T }).data;
  };
