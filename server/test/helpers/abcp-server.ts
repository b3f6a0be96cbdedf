import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local ABCP site for tests (decision 0047): an HTTP server speaking the public client API as documented
 * (API.ABCP.Client), so the adapter is tested over the network as it talks to a real supplier. Every operation
 * checks `userlogin` and `userpsw` (the MD5 of the password) and answers an error as an HTTP status with
 * `{ errorCode, errorMessage }`. It keeps one basket and the orders made from it; the test moves positions through
 * statuses (`setPosition`), and can make the site misbehave (`misbehave`).
 */

export interface AbcpSiteArticle {
  brand: string;
  number: string;
  description: string;
  /** As the API sends it: a JSON number of roubles. */
  price: number;
  availability: number;
  packing: number;
  /** Hours. */
  deliveryPeriod: number;
  deliveryPeriodMax: number;
  supplierCode: string;
  itemKey: string;
  supplierDescription: string;
}

export interface AbcpSiteStatus {
  id: string;
  name: string;
}

export interface AbcpSiteOptions {
  login: string;
  password: string;
  articles: AbcpSiteArticle[];
  statuses: AbcpSiteStatus[];
  /** The status a new position gets. */
  initialStatusId: string;
  paymentMethods: { id: string; name: string }[];
  shipmentMethods: { id: string; name: string }[];
  shipmentAddresses: { id: string; name: string }[];
}

interface SitePosition {
  positionId: string;
  brand: string;
  number: string;
  itemKey: string;
  supplierCode: string;
  description: string;
  quantityOrdered: number;
  quantity: number;
  price: number;
  statusId: string;
  comment: string;
}

interface SiteOrder {
  number: string;
  clientOrderNumber: string;
  comment: string;
  paymentMethod: string;
  shipmentMethod: string;
  shipmentAddress: string;
  positions: SitePosition[];
}

interface BasketPosition {
  brand: string;
  number: string;
  itemKey: string;
  supplierCode: string;
  quantity: number;
  comment: string;
}

export interface RecordedRequest {
  method: string;
  operation: string;
  /** The query string (GET) or the form body (POST), as received. */
  params: URLSearchParams;
  rawUrl: string;
  rawBody: string;
}

/** How the site misbehaves for the next requests: an HTML page, a 500, a wrong shape, or silence. */
export type Misbehaviour = 'html' | 'http500' | 'wrong_shape' | 'silent' | null;

export interface AbcpSite {
  url: string;
  requests: RecordedRequest[];
  orders: Map<string, SiteOrder>;
  basket: BasketPosition[];
  misbehave(how: Misbehaviour): void;
  /**
   * Slows every answer (or only `operation`'s) by this many ms: a slow supplier (0: none). The request is carried
   * out after the wait even if the caller hung up meanwhile, as a real server does.
   */
  delay(ms: number, operation?: string): void;
  /** Moves a position to a status (and, when given, the quantity the supplier keeps on it). */
  setPosition(orderNumber: string, positionId: string, change: { statusId: string; quantity?: number }): void;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const clean = (text: string) => text.replace(/[^0-9a-zа-я]/gi, '').toLowerCase();

class ApiFailure extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

const GET_OPERATIONS = new Set([
  'search/articles',
  'basket/content',
  'basket/paymentMethods',
  'basket/shipmentMethods',
  'basket/shipmentAddresses',
  'basket/shipmentOffices',
  'orders',
  'orders/list',
  'orders/statuses',
]);
const POST_OPERATIONS = new Set(['basket/add', 'basket/clear', 'basket/order']);

/** `positions[0][brand]=…&positions[0][number]=…` -> [{ brand, number, … }]. */
function indexedList(params: URLSearchParams, name: string): Record<string, string>[] {
  const list: Record<string, string>[] = [];
  for (const [key, value] of params) {
    const match = new RegExp(`^${name}\\[(\\d+)\\](?:\\[(\\w+)\\])?$`).exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    list[index] ??= {};
    list[index][match[2] ?? ''] = value;
  }
  return list.filter(Boolean);
}

function required(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value === '') throw new ApiFailure(400, 2, `Не найден обязательный параметр ${name}`);
  return value;
}

export async function startAbcpSite(options: AbcpSiteOptions): Promise<AbcpSite> {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, SiteOrder>();
  let basket: BasketPosition[] = [];
  let misbehaviour: Misbehaviour = null;
  let delayMs = 0;
  let delayedOperation: string | undefined;
  let nextOrder = 7_001_000;
  let nextPosition = 55_000;

  const statusName = (id: string) => options.statuses.find((status) => status.id === id)?.name ?? '';
  const positionAnswer = (position: SitePosition) => ({
    positionId: position.positionId,
    brand: position.brand,
    number: position.number,
    numberFix: clean(position.number),
    supplierCode: position.supplierCode,
    itemKey: position.itemKey,
    description: position.description,
    quantityOrdered: String(position.quantityOrdered),
    // Order answers carry numbers as text, the price with a comma (as the documentation warns).
    quantity: String(position.quantity),
    price: position.price.toFixed(2).replace('.', ','),
    comment: position.comment,
    status: statusName(position.statusId),
    statusId: position.statusId,
    statusCode: position.statusId,
    statusDate: '2026-11-27 10:00:00',
  });
  const orderAnswer = (order: SiteOrder) => ({
    number: order.number,
    status: 'Активный',
    clientOrderNumber: order.clientOrderNumber,
    sum: order.positions.reduce((sum, position) => sum + position.price * position.quantity, 0).toFixed(2),
    positions: order.positions.map(positionAnswer),
  });

  function answer(operation: string, params: URLSearchParams): unknown {
    switch (operation) {
      case 'search/articles': {
        const number = clean(required(params, 'number'));
        const brand = clean(required(params, 'brand'));
        const found = options.articles.filter(
          (article) => clean(article.number) === number && clean(article.brand) === brand,
        );
        if (found.length === 0) throw new ApiFailure(404, 301, 'Объект не найден');
        return found.map((article) => ({ ...article, numberFix: clean(article.number), distributorCode: '' }));
      }
      case 'basket/content':
        return basket.map((position, index) => ({ ...position, positionId: index + 1, status: 1 }));
      case 'basket/clear':
        basket = [];
        return { status: 1 };
      case 'basket/add': {
        const positions = indexedList(params, 'positions');
        if (positions.length === 0) throw new ApiFailure(400, 2, 'Не найден обязательный параметр positions');
        const results = positions.map((position) => {
          const article = options.articles.find(
            (candidate) =>
              candidate.itemKey === position.itemKey &&
              candidate.supplierCode === position.supplierCode &&
              clean(candidate.brand) === clean(position.brand ?? '') &&
              clean(candidate.number) === clean(position.number ?? ''),
          );
          const quantity = Number(position.quantity);
          const base = {
            brand: position.brand,
            number: position.number,
            supplierCode: position.supplierCode,
            quantity,
            comment: position.comment ?? '',
          };
          if (!article) return { ...base, status: 0, errorMessage: 'Предложение не найдено' };
          if (!Number.isInteger(quantity) || quantity <= 0 || quantity % article.packing !== 0) {
            return { ...base, status: 0, errorMessage: `Количество должно быть кратно ${article.packing}` };
          }
          const inBasket = basket.find(
            (item) => item.itemKey === article.itemKey && item.supplierCode === article.supplierCode,
          );
          if (inBasket) inBasket.quantity += quantity;
          else
            basket.push({
              brand: article.brand,
              number: article.number,
              itemKey: article.itemKey,
              supplierCode: article.supplierCode,
              quantity,
              comment: position.comment ?? '',
            });
          return { ...base, status: 1 };
        });
        return { status: results.every((result) => result.status === 1) ? 1 : 0, positions: results };
      }
      case 'basket/order': {
        const paymentMethod = required(params, 'paymentMethod');
        if (!options.paymentMethods.some((method) => method.id === paymentMethod)) {
          throw new ApiFailure(400, 4, 'Ошибка в параметре paymentMethod');
        }
        const shipmentAddress = required(params, 'shipmentAddress');
        const shipmentMethod = params.get('shipmentMethod') ?? '';
        if (options.shipmentMethods.length > 0 && !options.shipmentMethods.some((m) => m.id === shipmentMethod)) {
          throw new ApiFailure(400, 2, 'Не найден обязательный параметр shipmentMethod');
        }
        if (basket.length === 0) return { status: 0, errorMessage: 'Корзина пуста', orders: [] };
        const order: SiteOrder = {
          number: String(nextOrder++),
          clientOrderNumber: params.get('clientOrderNumber') ?? '',
          comment: params.get('comment') ?? '',
          paymentMethod,
          shipmentMethod,
          shipmentAddress,
          positions: basket.map((item) => {
            const article = options.articles.find((candidate) => candidate.itemKey === item.itemKey)!;
            return {
              positionId: String(nextPosition++),
              brand: item.brand,
              number: item.number,
              itemKey: item.itemKey,
              supplierCode: item.supplierCode,
              description: article.description,
              quantityOrdered: item.quantity,
              quantity: item.quantity,
              price: article.price,
              statusId: options.initialStatusId,
              comment: item.comment,
            };
          }),
        };
        orders.set(order.number, order);
        basket = [];
        return { status: 1, clientOrderNumber: order.clientOrderNumber, orders: [orderAnswer(order)] };
      }
      case 'orders/list': {
        const numbers = indexedList(params, 'orders').map((entry) => entry['']);
        if (numbers.length === 0) throw new ApiFailure(400, 2, 'Не найден обязательный параметр orders');
        return numbers.flatMap((number) => {
          const order = number === undefined ? undefined : orders.get(number);
          return order ? [orderAnswer(order)] : [];
        });
      }
      case 'orders': {
        // The account's orders, newest first; `format=p` adds the positions.
        const skip = Number(params.get('skip') ?? '0');
        const limit = Number(params.get('limit') ?? '100');
        const all = [...orders.values()].reverse();
        const items = all.slice(skip, skip + limit).map((order) => {
          const answered = orderAnswer(order);
          return params.get('format') === 'p' ? answered : { ...answered, positions: undefined };
        });
        return { count: all.length, items };
      }
      case 'orders/statuses':
        return options.statuses.map((status) => ({ ...status, color: 'ffffff', isFinalStatus: false }));
      case 'basket/paymentMethods':
        return options.paymentMethods;
      case 'basket/shipmentMethods':
        return options.shipmentMethods;
      case 'basket/shipmentAddresses':
        return options.shipmentAddresses;
      case 'basket/shipmentOffices':
        throw new ApiFailure(404, 301, 'Объект не найден');
      default:
        throw new ApiFailure(404, 3, 'Неизвестная операция');
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://site.test');
    const operation = url.pathname.replace(/^\/+|\/+$/g, '');
    const params = request.method === 'POST' ? new URLSearchParams(rawBody) : url.searchParams;
    requests.push({ method: request.method ?? '', operation, params, rawUrl: request.url ?? '', rawBody });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    if (delayMs > 0 && (delayedOperation === undefined || delayedOperation === operation)) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    if (misbehaviour === 'silent') return; // never answers: the client's deadline ends it
    if (misbehaviour === 'html') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Сайт на обслуживании</body></html>');
      return;
    }
    if (misbehaviour === 'http500') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal Server Error');
      return;
    }
    try {
      const method = request.method === 'POST' ? POST_OPERATIONS : GET_OPERATIONS;
      if (!method.has(operation)) throw new ApiFailure(404, 3, 'Неизвестная операция');
      if (params.get('userlogin') !== options.login || params.get('userpsw') !== md5(options.password)) {
        throw new ApiFailure(403, 102, 'Ошибка аутентификации пользователя');
      }
      const body = answer(operation, params);
      send(200, misbehaviour === 'wrong_shape' ? { unexpected: true } : body);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      send(error.httpStatus, { errorCode: error.errorCode, errorMessage: error.message });
    }
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    get basket() {
      return basket;
    },
    misbehave(how) {
      misbehaviour = how;
    },
    delay(ms, operation) {
      delayMs = ms;
      delayedOperation = operation;
    },
    setPosition(orderNumber, positionId, change) {
      const position = orders.get(orderNumber)?.positions.find((candidate) => candidate.positionId === positionId);
      if (!position) throw new Error(`No position ${positionId} in order ${orderNumber}`);
      position.statusId = change.statusId;
      if (change.quantity !== undefined) position.quantity = change.quantity;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
