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

async function shopCall<T>(baseUrl: string, endpoint: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/shop/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export interface PlacedByApi {
  email: string;
  orderId: number;
  articles: string[];
  /** The offers' brands, in the order of `articles`. */
  brands: string[];
}

/** The part every order by the API is searched by. */
export const SEARCHED_PART = { article: 'OC90', brand_name: 'KNECHT' } as const;

/**
 * A new client orders `lines` KNECHT OC 90 offers (one piece each, pick-up) through the shop API, as the web would:
 * registration, search, basket, step 2. For journeys that start from an order (the back office's queue). With
 * `analog`, the first analogs of the search instead, added as the web adds an analog from the result (`analog_of`:
 * the part searched), so that checkout counts their pairs (decision 0065).
 */
export async function placeOrderByApi(
  baseUrl: string,
  {
    password,
    lines = 2,
    name = { first: 'Глеб', last: 'Очередников' },
    analog = false,
  }: { password: string; lines?: number; name?: { first: string; last: string }; analog?: boolean },
): Promise<PlacedByApi> {
  const email = `orders-client-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.test`;
  const contact = { first_name: name.first, last_name: name.last, phone_number: '+7 916 700-11-22' };
  const { client } = await shopCall<{ client: { access_token: string } }>(baseUrl, 'client-registration', {
    email,
    password,
    password_confirmation: password,
    ...contact,
  });
  const token = client.access_token;
  const { result_products_search: result } = await shopCall<{
    result_products_search: {
      items: { id: number; quantity: number; article: string; brand_name: string; group: string }[];
    };
  }>(baseUrl, 'products-search', SEARCHED_PART, token);
  const group = analog ? 'analog' : 'requested';
  const offers = result.items.filter((item) => item.group === group && item.quantity >= 1).slice(0, lines);
  expect(offers).toHaveLength(lines);
  let basket: { basket_id: number | null; basket_key: string | null } = { basket_id: null, basket_key: null };
  for (const offer of offers) {
    const added = await shopCall<{ basket_id: number; basket_key: string }>(
      baseUrl,
      'basket-add-item',
      { ...basket, item: { id: offer.id }, quantity: 1, ...(analog ? { analog_of: SEARCHED_PART } : {}) },
      token,
    );
    basket = { basket_id: added.basket_id, basket_key: added.basket_key };
  }
  const shown = await shopCall<{ items: { id: number }[] }>(baseUrl, 'basket-show', basket, token);
  const { orderForClient } = await shopCall<{ orderForClient: { id: number } }>(
    baseUrl,
    'create-order-order-step2-from-items-post',
    {
      ...basket,
      itemsForOrder: shown.items.map((item) => item.id),
      client_shops_email: email,
      ...contact,
      delivery_method_id: 1,
      comment: 'Заберу сам',
    },
    token,
  );
  return {
    email,
    orderId: orderForClient.id,
    articles: offers.map((offer) => offer.article),
    brands: offers.map((offer) => offer.brand_name),
  };
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
