import {
  DEMO_TECH_CATALOG_KEY,
  ORDER_STATUS_NAMES,
  SHOP_API_PREFIX,
  TECH_API_PREFIX,
  fromKopecks,
  layoutSwappedArticle,
  multiplyMoney,
  normalizeArticle,
  normalizeBrand,
  pageOffset,
  paginationMeta,
  shopEndpoints,
  sumMoney,
  techEndpoints,
  toFieldErrors,
  toKopecks,
} from '@detal/contract';
import type {
  Account,
  Bill,
  BillPayment,
  BrandChip,
  CatalogGroup,
  ClientProfile,
  DeliveryMethod,
  EndpointBody,
  EndpointDef,
  EndpointParams,
  EndpointPayload,
  EndpointQuery,
  NewsItem,
  Offer,
  Order,
  OrderLine,
  OrderStatus,
  Page,
  Paginated,
  SearchItem,
  SearchRequest,
  SearchResult,
  ShopEndpoints,
  TechEndpoints,
  Template,
} from '@detal/contract';

/**
 * A stand-in for the shop's API in web tests that render pages: the contract's endpoints over fixed data. Like the
 * server it answers 401 to a session endpoint without the client's token, 422 to a request its schemas refuse,
 * 404 and 403 with the contract's error body; every answer it makes itself is checked against the endpoint's
 * response schema, so the fake cannot drift from the contract. Every request it receives is kept in `calls`.
 */

/** The token of the signed-in client: a request with `Authorization: Bearer <it>` is that client's. */
export const FAKE_CLIENT_TOKEN = 'abc';

export const fakeTemplate: Template = {
  shop: {
    name: 'Деталь на Складской',
    phone: '+7 (495) 123-45-67, +7 (495) 765-43-21',
    email: 'shop@detal.example',
    address: 'Москва, Складская ул., 1',
    work_hours: 'Пн–Сб 9:00–20:00',
  },
  menu: {
    header: [{ title: 'Новости', url: '/news' }],
    footer: [{ title: 'Оплата и доставка', url: '/articles/delivery' }],
  },
};

export const fakePages: Page[] = [
  {
    id: 1,
    slug: 'delivery',
    title: 'Доставка',
    content_html: '<h2>Курьер</h2><p>По Москве — 350 ₽.</p><table><tr><td>Самовывоз</td><td>0 ₽</td></tr></table>',
    meta_title: 'Доставка запчастей по Москве',
    meta_description: 'Курьер, самовывоз и транспортные компании.',
  },
  { id: 2, slug: 'about', title: 'О компании', content_html: '<p>Мы продаём запчасти.</p>', meta_title: null, meta_description: null },
];

/** 23 items, newest first: 'Новость 23' … 'Новость 1'; the newest has an image on the shop's own site. */
export const fakeNews: NewsItem[] = Array.from({ length: 23 }, (_, index) => {
  const number = 23 - index;
  return {
    id: number,
    slug: number === 23 ? 'opening' : `news-${number}`,
    title: number === 23 ? 'Мы открылись на Складской' : `Новость ${number}`,
    preview: `Анонс новости ${number}`,
    content_html: `<p>Текст новости ${number}</p>`,
    published_at: new Date(Date.UTC(2024, 0, number, 9)).toISOString(),
    image_url: number === 23 ? '/images/opening.jpg' : null,
  };
});

export const fakeOffers: Offer[] = Array.from({ length: 25 }, (_, index) => ({
  id: 100 + index,
  article: `OC ${90 + index}`,
  brand_name: index % 2 === 0 ? 'MAHLE' : 'KNECHT',
  description: `Фильтр масляный ${index}`,
  delivery: index % 3 === 0 ? null : index % 3,
  supplier_name: 'Склад Москва',
  price: 500 + index + 0.5,
  quantity: index % 4,
  weight: null,
}));

export const fakeGroups: CatalogGroup[] = [
  {
    id: 1,
    slug: 'filtry',
    name: 'Фильтры',
    parent_id: null,
    children: [
      { id: 2, slug: 'filtry-maslyanye', name: 'Масляные фильтры', parent_id: 1, children: [] },
      { id: 3, slug: 'filtry-vozdushnye', name: 'Воздушные фильтры', parent_id: 1, children: [] },
    ],
  },
  { id: 4, slug: 'tormoza', name: 'Тормозная система', parent_id: null, children: [] },
];

/**
 * Each group's offers, its sub-groups' included: the oil filters group has every fake offer (two pages of 20), and
 * so has its parent.
 */
const groupOffers: Record<number, Offer[]> = { 1: fakeOffers, 2: fakeOffers, 3: fakeOffers.slice(0, 3), 4: [] };

type SearchOfferFields = Pick<Offer, 'id' | 'article' | 'brand_name' | 'price' | 'delivery' | 'quantity'>;

const searchOffer = (fields: SearchOfferFields): Offer => ({
  description: 'Фильтр масляный',
  supplier_name: 'Склад Москва',
  weight: 0.305,
  ...fields,
});

/**
 * What search finds: OC 90 of two brands (KNECHT with two offers, MAHLE with one out of stock), and W 712 of
 * MANN-FILTER alone, whose cross-reference FILTRON OP 526 is its analog.
 */
export const fakeSearchOffers: Offer[] = [
  searchOffer({ id: 301, article: 'OC 90', brand_name: 'KNECHT', price: 482, delivery: 1, quantity: 12 }),
  searchOffer({ id: 302, article: 'OC 90', brand_name: 'KNECHT', price: 455.3, delivery: 4, quantity: 3 }),
  searchOffer({ id: 303, article: 'OC 90', brand_name: 'MAHLE', price: 510, delivery: null, quantity: 0 }),
  searchOffer({ id: 311, article: 'W 712', brand_name: 'MANN-FILTER', price: 575.9, delivery: 2, quantity: 7 }),
  searchOffer({ id: 312, article: 'W 712', brand_name: 'MANN-FILTER', price: 640, delivery: 0, quantity: 2 }),
  searchOffer({ id: 321, article: 'OP 526', brand_name: 'FILTRON', price: 390.5, delivery: 1, quantity: 15 }),
];

interface BrandArticle {
  brand_name: string;
  /** Normalized. */
  article: string;
}

/** Pairs of articles that replace each other, both ways. */
const fakeCrossReferences: [BrandArticle, BrandArticle][] = [
  [
    { brand_name: 'MANN-FILTER', article: 'W712' },
    { brand_name: 'FILTRON', article: 'OP526' },
  ],
];

export const fakeClient: ClientProfile = {
  id: 7,
  email: 'ivanov@detal.example',
  first_name: 'Иван',
  last_name: 'Иванов',
  middle_name: null,
  company_name: null,
  phone_number: '+79991234567',
};

export const fakeAccount: Account = {
  client: fakeClient,
  delivery_addresses: [{ id: 1, address: 'Москва, Лесная ул., 5, кв. 12' }],
};

const pickUp: DeliveryMethod = { id: 1, name: 'Самовывоз', price: 0, description: 'Складская ул., 1' };
const courier: DeliveryMethod = { id: 2, name: 'Курьер по Москве', price: 350, description: 'На следующий день' };

function orderLine(id: number, offer: Offer, quantity: number, status: OrderStatus): OrderLine {
  const { article, brand_name, description, supplier_name, delivery, price } = offer;
  const line = { id, article, brand_name, description, supplier_name, delivery, price, quantity };
  return { ...line, status, status_name: ORDER_STATUS_NAMES[status] };
}

/** An order with its status name, line count and total (lines and delivery) filled in. */
function order(fields: Omit<Order, 'status_name' | 'total_price' | 'count_position'>): Order {
  const lines = fields.items.map((line) => multiplyMoney(line.price, line.quantity));
  return {
    ...fields,
    status_name: ORDER_STATUS_NAMES[fields.status],
    total_price: sumMoney([...lines, fields.delivery_method.price]),
    count_position: fields.items.length,
  };
}

const searchOfferWithId = (id: number): Offer => fakeSearchOffers.find((offer) => offer.id === id)!;

/**
 * The client's orders, newest first: order 42 in work, by courier (bill 8, awaiting payment), and order 41 issued
 * (bill 7, paid).
 */
export const fakeOrders: Order[] = [
  order({
    id: 42,
    created_at: '2025-03-10T12:30:00.000Z',
    status: 'in_work',
    delivery_method: courier,
    delivery_address: fakeAccount.delivery_addresses[0]!.address,
    desired_date: '2025-03-12',
    desired_time: '10:00',
    comment: 'Позвонить за час',
    items: [orderLine(421, searchOfferWithId(301), 2, 'in_work'), orderLine(422, searchOfferWithId(311), 1, 'ordered')],
    bill_id: 8,
  }),
  order({
    id: 41,
    created_at: '2025-02-20T08:00:00.000Z',
    status: 'issued',
    delivery_method: pickUp,
    delivery_address: null,
    desired_date: null,
    desired_time: null,
    comment: null,
    items: [orderLine(411, searchOfferWithId(321), 1, 'issued')],
    bill_id: 7,
  }),
];

/** Each order's bill, newest first. */
export const fakeBills: Bill[] = fakeOrders.map((item) => ({
  id: item.bill_id!,
  created_at: item.created_at,
  date_bill: item.created_at,
  clients_shops_orders_id: item.id,
  price_sum: item.total_price,
  paid: item.status === 'issued',
}));

const fakePaymentTerms: Omit<BillPayment, 'bill'> = {
  requisites: {
    name: 'ООО «Деталь»',
    inn: '7701234567',
    kpp: '770101001',
    address: 'Москва, Складская ул., 1',
    bank_name: 'ПАО «Тестбанк»',
    bik: '044525999',
    settlement_account: '40702810900000012345',
    correspondent_account: '30101810400000000999',
  },
  vat_rate: null,
  payment_term_days: 5,
};

const DAY_MS = 86_400_000;

function billPayment(bill: Bill): NonNullable<BillPayment['bill']> {
  const { requisites, payment_term_days: termDays } = fakePaymentTerms;
  const purpose = `Оплата по счёту № ${bill.id}`;
  return {
    ...bill,
    purpose,
    pay_until: new Date(Date.parse(bill.date_bill) + termDays * DAY_MS).toISOString().slice(0, 10),
    qr_payload: [
      'ST00012',
      `Name=${requisites.name}`,
      `PersonalAcc=${requisites.settlement_account}`,
      `BIC=${requisites.bik}`,
      `Sum=${toKopecks(bill.price_sum)}`,
      `Purpose=${purpose}`,
    ].join('|'),
    qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="7" height="7"/></svg>',
  };
}

const json = (status: number, body: unknown) => Response.json(body, { status });
const notFound = (message: string) => json(404, { message, error: 'not_found' });

function paginate<T>(items: readonly T[], page: number, perPage: number): Paginated<T> {
  const start = pageOffset(page, perPage);
  return { data: items.slice(start, start + perPage), ...paginationMeta(items.length, page, perPage) };
}

const byIdOrSlug = <T extends { id: number; slug: string }>(items: T[], ref: string) =>
  items.find((item) => String(item.id) === ref || item.slug === ref);

/** The date filters of the lists, on the UTC calendar day (the server uses the shop's time zone). */
const withinDates = (instant: string, filters: { date_from?: string | null; date_to?: string | null }) => {
  const day = instant.slice(0, 10);
  return (!filters.date_from || day >= filters.date_from) && (!filters.date_to || day <= filters.date_to);
};

const searchBrands = [
  ...new Set([
    ...fakeSearchOffers.map((offer) => offer.brand_name),
    ...fakeCrossReferences.flat().map((side) => side.brand_name),
  ]),
];

const offersOf = ({ brand_name, article }: BrandArticle) =>
  fakeSearchOffers.filter((offer) => offer.brand_name === brand_name && normalizeArticle(offer.article) === article);

/** The chip of a brand that has the article, through its offers or only through a cross-reference. */
function brandChip(brandName: string, article: string): BrandChip {
  const offers = offersOf({ brand_name: brandName, article });
  const kopecks = offers.map((offer) => toKopecks(offer.price));
  const deliveries = offers.flatMap((offer) => (offer.delivery === null ? [] : [offer.delivery]));
  return {
    brand_name: brandName,
    article: offers[0]?.article ?? article,
    description: offers[0]?.description ?? '',
    offers_count: offers.length,
    min_price: kopecks.length > 0 ? fromKopecks(Math.min(...kopecks)) : null,
    min_delivery: deliveries.length > 0 ? Math.min(...deliveries) : null,
  };
}

/** `products-search` by the rules of contract-decisions.md section 3, over `fakeSearchOffers`. */
function searchFor(request: SearchRequest, article: string): SearchResult {
  const crossReferenced = (side: BrandArticle) =>
    fakeCrossReferences.flatMap(([a, b]) =>
      a.brand_name === side.brand_name && a.article === side.article
        ? [b]
        : b.brand_name === side.brand_name && b.article === side.article
          ? [a]
          : [],
    );
  const brandNames = searchBrands.filter(
    (brandName) =>
      offersOf({ brand_name: brandName, article }).length > 0 ||
      fakeCrossReferences.flat().some((side) => side.brand_name === brandName && side.article === article),
  );
  const brands = brandNames
    .map((brandName) => brandChip(brandName, article))
    .sort(
      (left, right) =>
        Number(left.offers_count === 0) - Number(right.offers_count === 0) ||
        left.brand_name.localeCompare(right.brand_name, 'en'),
    );
  const target =
    request.brand_name === undefined
      ? brandNames.length === 1
        ? brandNames[0]!
        : null
      : (searchBrands.find((brandName) => normalizeBrand(brandName) === normalizeBrand(request.brand_name!)) ?? null);
  const passes = (offer: Offer) =>
    (!request.in_stock || offer.quantity > 0) &&
    (request.max_delivery === undefined || (offer.delivery !== null && offer.delivery <= request.max_delivery));
  const byPrice = (left: Offer, right: Offer) => toKopecks(left.price) - toKopecks(right.price);
  const byDelivery = (left: Offer, right: Offer) =>
    (left.delivery ?? Number.POSITIVE_INFINITY) - (right.delivery ?? Number.POSITIVE_INFINITY);
  const [first, second] = request.sort === 'price' ? [byPrice, byDelivery] : [byDelivery, byPrice];
  const group = (offers: Offer[], name: SearchItem['group']): SearchItem[] =>
    offers
      .filter(passes)
      .sort((left, right) => first(left, right) || second(left, right) || left.id - right.id)
      .map((offer) => ({ ...offer, group: name }));
  const requestedSide = target === null ? null : { brand_name: target, article };
  const items = requestedSide
    ? [
        ...group(offersOf(requestedSide), 'requested'),
        ...group(request.analogs ? crossReferenced(requestedSide).flatMap(offersOf) : [], 'analog'),
      ]
    : [];
  return { article: request.article, normalized_article: article, brand_name: target, brands, items };
}

/** An article typed on the Russian layout by mistake is searched as the keys it stands for, as the server does. */
function search(request: SearchRequest): SearchResult {
  const result = searchFor(request, normalizeArticle(request.article));
  const swapped = result.brands.length > 0 ? null : layoutSwappedArticle(request.article);
  const retried = swapped === null ? null : searchFor(request, swapped);
  return retried && retried.brands.length > 0 ? retried : result;
}

interface HandlerInput<E extends EndpointDef> {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
}

/** An endpoint's answer: its payload, sent in `{ data }` once the contract accepts it, or a whole (error) Response. */
type Handler<E extends EndpointDef> = (input: HandlerInput<E>) => EndpointPayload<E> | Response;
type Handlers<T extends Record<string, EndpointDef>> = { [K in keyof T]?: Handler<T[K]> };

const shopHandlers: Handlers<ShopEndpoints> = {
  template: () => fakeTemplate,
  'page-list': () =>
    fakePages.map(({ id, slug, title, meta_description }) => ({
      id,
      slug,
      title,
      meta_description,
      updated_at: '2024-03-01T10:00:00.000Z',
    })),
  'page/:id': ({ params }) => byIdOrSlug(fakePages, params.id) ?? notFound('Страница не найдена'),
  'news-list': ({ query }) =>
    paginate(
      fakeNews.map(({ content_html: _body, ...preview }) => preview),
      query.page,
      query.per_page,
    ),
  'news-page/:id': ({ params }) => byIdOrSlug(fakeNews, params.id) ?? notFound('Новость не найдена'),
  'website-products-recommend-preview/:id': ({ params }) => (params.id === '1' ? fakeOffers.slice(0, 10) : []),
  'products-search': ({ body }) => ({ result_products_search: search(body) }),
  'client-me': () => ({ client: fakeClient }),
  'client-show-account': () => fakeAccount,
  'show-client-all-orders-post': ({ query, body }) =>
    paginate(
      fakeOrders.filter(
        (item) =>
          withinDates(item.created_at, body) &&
          (body.status == null || item.status === body.status) &&
          (body.id == null || item.id === body.id),
      ),
      query.page,
      body.per_page,
    ),
  'show-client-order-post': ({ body }) => fakeOrders.find((item) => item.id === body.id) ?? notFound('Заказ не найден'),
  'client-bill-all-post': ({ query, body }) =>
    paginate(
      fakeBills.filter((bill) => withinDates(bill.date_bill, body) && (body.paid == null || bill.paid === body.paid)),
      query.page,
      body.per_page,
    ),
  'client-bill-summary-post': () => {
    const total = (bills: Bill[]) => ({ count: bills.length, sum: sumMoney(bills.map((bill) => bill.price_sum)) });
    return {
      total: total(fakeBills),
      paid: total(fakeBills.filter((bill) => bill.paid)),
      awaiting: total(fakeBills.filter((bill) => !bill.paid)),
    };
  },
  'client-bill-payment-post': ({ body }) => {
    if (body.billId == null) return { ...fakePaymentTerms, bill: null };
    const bill = fakeBills.find((item) => item.id === body.billId);
    return bill ? { ...fakePaymentTerms, bill: billPayment(bill) } : notFound('Счёт не найден');
  },
};

/**
 * The catalogue's answers; `get-group-items` over `groupOffers`. The key check comes first, as the catalogue's own.
 */
function techHandlers(key: string): Handlers<TechEndpoints> {
  const forbidden = () => json(403, { message: 'Неверный ключ каталога', error: 'forbidden' });
  return {
    'get-all-groups': ({ body }) => (body.key === key ? fakeGroups : forbidden()),
    'get-group-items': ({ body }) => {
      if (body.key !== key) return forbidden();
      const offers = groupOffers[body.group_id];
      return offers ? paginate(offers, body.page, body.per_page) : notFound('Группа каталога не найдена');
    },
  };
}

/** The endpoint whose path pattern (`page/:id`) `path` matches, with its decoded parameters. */
function matchEndpoint(endpoints: Record<string, EndpointDef>, path: string) {
  const segments = path.split('/');
  for (const [key, endpoint] of Object.entries(endpoints)) {
    const pattern = endpoint.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      const segment = segments[index]!;
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = decodeURIComponent(segment);
      return true;
    });
    if (matches) return { key, endpoint, params };
  }
  return null;
}

type Schema = NonNullable<EndpointDef['body']>;

/** One request handled as the server's routes do: who may call the endpoint, then its schemas, then the answer. */
async function serve(
  endpoints: Record<string, EndpointDef>,
  handlers: Record<string, Handler<EndpointDef> | undefined>,
  path: string,
  request: Request,
  signedIn: boolean,
): Promise<Response> {
  const match = matchEndpoint(endpoints, path);
  if (!match || match.endpoint.method !== request.method) return notFound('Не найдено');
  const { key, endpoint } = match;
  if (endpoint.session && !signedIn) {
    return json(401, { message: 'Требуется вход в личный кабинет', error: 'unauthorized' });
  }

  const issues: { path: PropertyKey[]; message: string }[] = [];
  const check = (schema: Schema | undefined, value: unknown) => {
    if (!schema) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    issues.push(...parsed.error.issues);
    return undefined;
  };
  const input = {
    params: check(endpoint.params, match.params),
    query: check(endpoint.query, Object.fromEntries(new URL(request.url).searchParams)),
    body: check(endpoint.body, request.method === 'POST' ? await request.json() : undefined),
  };
  if (issues.length > 0) {
    return json(422, { message: 'Проверьте правильность заполнения полей', error: toFieldErrors(issues) });
  }

  const handler = handlers[key];
  if (!handler || endpoint.response === 'pdf') {
    return json(501, { message: `The fake shop API does not answer ${key}`, error: 'unavailable' });
  }
  const answer = handler(input as HandlerInput<EndpointDef>);
  if (answer instanceof Response) return answer;
  const checked = endpoint.response.safeParse({ data: answer });
  if (!checked.success) {
    throw new Error(`The fake answer of ${key} breaks the contract: ${JSON.stringify(checked.error.issues)}`);
  }
  return json(200, checked.data);
}

export interface FakeShopApi {
  apiFetch: (request: Request) => Promise<Response>;
  calls: Request[];
  /** Replaces the answer of one endpoint path (e.g. 'shop/template') until reset. */
  override: (path: string, answer: (() => Response) | null) => void;
}

export function createFakeShopApi(options: { catalogKey?: string; clientToken?: string } = {}): FakeShopApi {
  const calls: Request[] = [];
  const overrides = new Map<string, () => Response>();
  const tech = techHandlers(options.catalogKey ?? DEMO_TECH_CATALOG_KEY);
  const bearer = `Bearer ${options.clientToken ?? FAKE_CLIENT_TOKEN}`;

  function answer(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    const signedIn = request.headers.get('authorization') === bearer;
    // Each handler map is typed by its endpoints; the dispatch looks handlers up by key.
    if (pathname.startsWith(TECH_API_PREFIX)) {
      const path = pathname.slice(TECH_API_PREFIX.length);
      return serve(techEndpoints, tech as Record<string, Handler<EndpointDef>>, path, request, signedIn);
    }
    if (pathname.startsWith(SHOP_API_PREFIX)) {
      const path = pathname.slice(SHOP_API_PREFIX.length);
      return serve(shopEndpoints, shopHandlers as Record<string, Handler<EndpointDef>>, path, request, signedIn);
    }
    return Promise.resolve(notFound('Не найдено'));
  }

  return {
    calls,
    override: (path, response) => {
      if (response) overrides.set(path, response);
      else overrides.delete(path);
    },
    apiFetch: async (request) => {
      calls.push(request.clone());
      const path = new URL(request.url).pathname.replace(SHOP_API_PREFIX, 'shop/').replace(TECH_API_PREFIX, 'tech/');
      return overrides.get(path)?.() ?? answer(request);
    },
  };
}
