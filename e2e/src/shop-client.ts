import { expect } from 'vitest';

/** The kopecks of a '1 234,50 ₽' text as the pages show money. */
export const kopecksOf = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', ''));

/**
 * A new client registered through the shop API (`{emailPrefix}-{time}@example.test`), for journeys that then sign
 * in through the pages like anyone would; answers the e-mail.
 */
export async function registerClient(
  baseUrl: string,
  { emailPrefix, password, profile }: { emailPrefix: string; password: string; profile: Record<string, string> },
): Promise<string> {
  const email = `${emailPrefix}-${Date.now()}@example.test`;
  const response = await fetch(`${baseUrl}/api/v1/shop/client-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, password_confirmation: password, ...profile }),
  });
  expect(response.status).toBe(200);
  return email;
}

/** The id of a registered client (signing in through the API, then `client-me`), for the shop's CLI commands. */
export async function clientIdOf(baseUrl: string, email: string, password: string): Promise<number> {
  const login = await fetch(`${baseUrl}/api/v1/shop/client-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  const { data } = (await login.json()) as { data: { client: { access_token: string } } };
  const me = await fetch(`${baseUrl}/api/v1/shop/client-me`, {
    headers: { authorization: `Bearer ${data.client.access_token}` },
  });
  expect(me.status).toBe(200);
  return ((await me.json()) as { data: { client: { id: number } } }).data.client.id;
}
