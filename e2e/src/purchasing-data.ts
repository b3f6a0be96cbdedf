/**
 * The purchasing journey's data, made through the shop API as clients would (issue 29): the offers of a few
 * well-known parts with the supplier each comes from, chosen so that two suppliers each have two distinct parts and
 * the part to be refused has an offer elsewhere; then clients ordering them.
 */

async function shopPost<T>(baseUrl: string, endpoint: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/shop/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${endpoint} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** An offer a client can buy: its id, part and the supplier's display name («Склад 3» when it has none). */
export interface JourneyOffer {
  id: number;
  brand: string;
  article: string;
  supplier: string;
  stock: number;
}

/** Well-known parts of the demo seed (server/src/seed/known-parts.ts), each offered by two to four suppliers. */
const PARTS: readonly (readonly [brand: string, article: string])[] = [
  ['KNECHT', 'OC90'],
  ['MAHLE', 'OC90'],
  ['MANN-FILTER', 'W712/75'],
  ['FILTRON', 'OP520/1'],
  ['MANN-FILTER', 'W719/45'],
  ['MAHLE', 'OC456'],
  ['KNECHT', 'OC456'],
  ['FILTRON', 'OP526/1'],
  ['BOSCH', '0451103318'],
  ['BOSCH', '0451103316'],
];

export async function knownOffers(baseUrl: string): Promise<JourneyOffer[]> {
  const offers: JourneyOffer[] = [];
  for (const [brand, article] of PARTS) {
    const { result_products_search: result } = await shopPost<{
      result_products_search: {
        items: {
          id: number;
          quantity: number;
          article: string;
          brand_name: string;
          supplier_name: string | null;
          group: string;
        }[];
      };
    }>(baseUrl, 'products-search', { article, brand_name: brand });
    for (const item of result.items) {
      if (item.group !== 'requested' || item.supplier_name === null) continue;
      offers.push({
        id: item.id,
        brand: item.brand_name,
        article: item.article,
        supplier: item.supplier_name,
        stock: item.quantity,
      });
    }
  }
  return offers;
}

/** The journey's choice: supplier one's parts P1 (3 pieces) and P2, supplier two's P3 and P4 (to be refused). */
export interface JourneyPlan {
  first: string;
  second: string;
  p1: JourneyOffer;
  p2: JourneyOffer;
  p3: JourneyOffer;
  p4: JourneyOffer;
}

const partKey = (offer: JourneyOffer) => `${offer.brand} ${offer.article}`;

export function planJourney(offers: JourneyOffer[]): JourneyPlan {
  const bySupplier = new Map<string, JourneyOffer[]>();
  for (const offer of offers) bySupplier.set(offer.supplier, [...(bySupplier.get(offer.supplier) ?? []), offer]);
  const suppliers = [...bySupplier.keys()].sort();
  for (const first of suppliers) {
    const own = bySupplier.get(first)!;
    const p1 = own.find((offer) => offer.stock >= 3);
    if (!p1) continue;
    const p2 = own.find((offer) => partKey(offer) !== partKey(p1) && offer.stock >= 1);
    if (!p2) continue;
    for (const second of suppliers) {
      if (second === first) continue;
      const used = new Set([partKey(p1), partKey(p2)]);
      const candidates = bySupplier.get(second)!.filter((offer) => !used.has(partKey(offer)) && offer.stock >= 1);
      const p4 = candidates.find((offer) =>
        offers.some((other) => partKey(other) === partKey(offer) && other.supplier !== second),
      );
      const p3 = p4 && candidates.find((offer) => partKey(offer) !== partKey(p4));
      if (p3 && p4) return { first, second, p1, p2, p3, p4 };
    }
  }
  throw new Error(`No two suppliers with two parts each among ${offers.length} offers`);
}

/** A client registered and ordering `lines` (offer and pieces) in one order, pick-up: its e-mail and order. */
export async function clientOrders(
  baseUrl: string,
  {
    name,
    password,
    lines,
  }: { name: { first: string; last: string }; password: string; lines: { offer: JourneyOffer; quantity: number }[] },
): Promise<{ email: string; orderId: number }> {
  const email = `purchasing-${name.last.toLowerCase()}-${Date.now()}@example.test`;
  const contact = { first_name: name.first, last_name: name.last, phone_number: '+7 916 700-29-29' };
  const { client } = await shopPost<{ client: { access_token: string } }>(baseUrl, 'client-registration', {
    email,
    password,
    password_confirmation: password,
    ...contact,
  });
  const token = client.access_token;
  let basket: { basket_id: number | null; basket_key: string | null } = { basket_id: null, basket_key: null };
  for (const line of lines) {
    const added = await shopPost<{ basket_id: number; basket_key: string }>(
      baseUrl,
      'basket-add-item',
      { ...basket, item: { id: line.offer.id }, quantity: line.quantity },
      token,
    );
    basket = { basket_id: added.basket_id, basket_key: added.basket_key };
  }
  const shown = await shopPost<{ items: { id: number }[] }>(baseUrl, 'basket-show', basket, token);
  const { orderForClient } = await shopPost<{ orderForClient: { id: number } }>(
    baseUrl,
    'create-order-order-step2-from-items-post',
    {
      ...basket,
      itemsForOrder: shown.items.map((item) => item.id),
      client_shops_email: email,
      ...contact,
      delivery_method_id: 1,
    },
    token,
  );
  return { email, orderId: orderForClient.id };
}
