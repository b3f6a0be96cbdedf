/**
 * Every page address of the shop (spec section 2), built in one place: links, redirects and guards use these
 * builders instead of string literals. Imports nothing, so every layer may use it.
 */
const segment = (value: string | number): string => encodeURIComponent(String(value));
/** `?a=1&b=2` from a query string with or without its `?`; empty for none. */
const withQuery = (query: string): string =>
  query === '' || query === '?' ? '' : query.startsWith('?') ? query : `?${query}`;

export const paths = {
  home: () => '/',
  /** The back office (issue 14). */
  adminLogin: () => '/admin/login',
  adminSetPassword: () => '/admin/set-password',
  /** The first owner's setup link, printed by the shop at start while it has no staff. */
  adminSetup: () => '/admin/setup',
  adminOrders: (query = '') => `/admin/orders${withQuery(query)}`,
  adminOrder: (id: number) => `/admin/orders/${segment(id)}`,
  /** Purchasing (issue 29): «К заказу», the supplier orders, the goods receipts. */
  adminPurchasing: (query = '') => `/admin/purchasing${withQuery(query)}`,
  adminSupplierOrders: (query = '') => `/admin/purchasing/orders${withQuery(query)}`,
  adminSupplierOrder: (id: number) => `/admin/purchasing/orders/${segment(id)}`,
  adminGoodsReceipts: (query = '') => `/admin/purchasing/receipts${withQuery(query)}`,
  /** `new` for a receipt not made yet (`?supplier_id=` chooses the supplier). */
  adminGoodsReceipt: (id: number | 'new', query = '') => `/admin/purchasing/receipts/${segment(id)}${withQuery(query)}`,
  // Cancels and returns (issue 32, decision 0064): the queue, one return, cancel requests, supplier returns, policies.
  adminReturns: (query = '') => `/admin/returns${withQuery(query)}`,
  adminReturn: (id: number) => `/admin/returns/${segment(id)}`,
  adminCancelRequests: (query = '') => `/admin/returns/cancels${withQuery(query)}`,
  adminSupplierReturns: (query = '') => `/admin/returns/supplier${withQuery(query)}`,
  adminReturnPolicies: () => '/admin/returns/policies',
  /** Return rates (decision 0065): `?kind=pair|brand|supplier&sort=rate|returns|purchases&page=`. */
  adminReturnRates: (query = '') => `/admin/returns/rates${withQuery(query)}`,
  adminPayments: (query = '') => `/admin/payments${withQuery(query)}`,
  adminClients: (query = '') => `/admin/clients${withQuery(query)}`,
  adminClient: (id: number) => `/admin/clients/${segment(id)}`,
  /** A client's ledger (issue 31): the client screen's «Взаиморасчёты», its filters in the query. */
  adminClientLedger: (id: number, query = '') => `/admin/clients/${segment(id)}${withQuery(query)}#ledger`,
  adminDebtors: (query = '') => `/admin/clients/debtors${withQuery(query)}`,
  adminUnmatchedLines: () => '/admin/clients/unmatched-payments',
  adminSupplierSource: (id: number) => `/admin/suppliers/${segment(id)}/source`,
  /** How the shop orders from the supplier (issue 29): channel, order and confirmation templates, API. */
  adminSupplierOrdering: (id: number) => `/admin/suppliers/${segment(id)}/ordering`,
  adminStaff: (query = '') => `/admin/staff${withQuery(query)}`,
  adminAudit: (query = '') => `/admin/audit${withQuery(query)}`,
  adminPricing: () => '/admin/pricing',
  adminContent: (query = '') => `/admin/content${withQuery(query)}`,
  /** `new` for a page not written yet. */
  adminContentPage: (id: number | 'new') => `/admin/content/pages/${segment(id)}`,
  adminContentNews: (id: number | 'new') => `/admin/content/news/${segment(id)}`,
  adminSettings: () => '/admin/settings',
  adminShipments: (query = '') => `/admin/shipments${withQuery(query)}`,
  adminShipmentIssue: (clientId?: number) => `/admin/shipments/issue${clientId ? `?client=${clientId}` : ''}`,
  adminSuppliers: (query = '') => `/admin/suppliers${withQuery(query)}`,
  adminSupplier: (id: number | 'new') => `/admin/suppliers/${segment(id)}`,
  adminCrossReferences: (query = '') => `/admin/suppliers/cross-references${withQuery(query)}`,
  adminBrands: (query = '') => `/admin/suppliers/brands${withQuery(query)}`,
  login: (next?: string) => (next === undefined ? '/login' : `/login?next=${segment(next)}`),
  register: (next?: string) => (next === undefined ? '/register' : `/register?next=${segment(next)}`),
  resetPassword: () => '/reset-password',
  cart: () => '/cart',
  contacts: () => '/contacts',
  catalog: () => '/catalog',
  catalogGroup: (slug: string) => `/catalog/${segment(slug)}`,
  recommendations: () => '/recommendations',
  /** `/search?article=…`: the search forms' GET target, sent on to `searchArticle` (works without scripts). */
  searchForm: () => '/search',
  /** `/search/list`: search by list (decision 0029); before `searchArticle` in routes.ts. */
  searchList: () => '/search/list',
  /** `/search/OC90`: the brand chips of an article. */
  searchArticle: (article: string, query = '') => `/search/${segment(article)}${withQuery(query)}`,
  /** `/search/KNECHT/OC90?sort=delivery`: a brand's full result. */
  searchBrand: (brand: string, article: string, query = '') =>
    `/search/${segment(brand)}/${segment(article)}${withQuery(query)}`,
  articles: () => '/articles',
  article: (slug: string) => `/articles/${segment(slug)}`,
  news: () => '/news',
  newsItem: (slug: string) => `/news/${segment(slug)}`,
  orders: () => '/orders',
  /** The order form for the chosen basket lines. */
  orderCreate: (lineIds: readonly number[]) => `/orders/create?items=${lineIds.join(',')}`,
  order: (id: number, created = false) => `/orders/${id}${created ? '?created=1' : ''}`,
  account: () => '/account',
  bills: () => '/bills',
  billsCommon: () => '/bills/common',
  billsDocuments: () => '/bills/documents',
  /** The client's returns (issue 32): their states, decisions and credits. */
  returns: (created?: number) => (created === undefined ? '/returns' : `/returns?created=${segment(created)}`),
  /** The request to return an issued line: the order it was in and the shipment line that issued it. */
  /** A photo of the client's own return, served by the storefront from the API with the client's token. */
  returnPhoto: (photoId: number) => `/returns/photo/${segment(photoId)}`,
  returnCreate: (orderId: number, shipmentLineId: number) =>
    `/returns/new?order=${segment(orderId)}&line=${segment(shipmentLineId)}`,
  payment: (billId?: number | string) => (billId === undefined ? '/payment' : `/payment?bill=${segment(billId)}`),
} as const;
