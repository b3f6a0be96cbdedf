import type { z } from 'zod';
import { positionQuantities, type PositionStatusMap } from '../../position-states.ts';
import {
  SupplierChannelError,
  type LineAcceptance,
  type PlaceOrderRequest,
  type PlacedOrder,
  type SupplierChannel,
  type SupplierLineState,
  type SupplierOffer,
  type SupplierOrderState,
} from '../../supplier-channel.ts';
import {
  abcpBasketAddAnswerSchema,
  abcpBasketContentAnswerSchema,
  abcpBasketOrderAnswerSchema,
  abcpIdNameListSchema,
  abcpOrdersListAnswerSchema,
  abcpOrdersPageAnswerSchema,
  abcpSearchAnswerSchema,
  abcpStatusesAnswerSchema,
  type AbcpArticle,
  type AbcpOrderPosition,
} from './abcp-answers.ts';
import {
  ABCP_ERROR,
  AbcpApiError,
  callAbcp,
  scrubbed,
  type AbcpCall,
  type AbcpCredentials,
  type AbcpTransportSettings,
} from './abcp-http.ts';
import type { StatusCatalogueEntry } from './abcp-status-map.ts';

/**
 * The supplier-order channel for suppliers whose sites run on ABCP (decision 0047), over its public client API:
 * `search/articles` finds offers, `basket/content` + `basket/add` + `basket/order` place an order, `orders/list`
 * reads its positions. The ABCP basket is the supplier account's one basket, shared with people using the site:
 * an order is placed only into an empty basket (else it would take their positions along), and whatever of ours
 * did not go into the order is cleared again. Calls for one supplier account must not overlap (the caller, the
 * purchasing job, runs them one at a time per supplier).
 */

/** ABCP takes at most 500 positions into one order (API.ABCP.Client, basket/order). */
export const MAX_ORDER_POSITIONS = 500;

/**
 * Order numbers asked in one `orders/list` call: the documentation sets no limit; 50 numbers keep the query string
 * (GET) well under the 8 KB that servers commonly accept.
 */
export const ORDERS_PER_CALL = 50;

/**
 * How many of the account's latest orders are searched for a reference after a crash: the order placed by the
 * interrupted run is among the newest (the job retries within minutes), unless people placed this many since.
 */
export const ORDERS_LOOKED_BACK = 100;

export interface AbcpOrderSettings {
  /** `paymentMethod`: an id from `basket/paymentMethods`. */
  paymentMethodId: string;
  /** `shipmentMethod`: an id from `basket/shipmentMethods`; required by sites that list any. */
  shipmentMethodId?: string;
  /** `shipmentAddress`: an id from `basket/shipmentAddresses`; `0` (the default) is pick-up. */
  shipmentAddressId?: string;
  /** `shipmentOffice`: a pick-up office from `basket/shipmentOffices`, when the site asks for one. */
  shipmentOfficeId?: string;
}

export interface AbcpChannelSettings extends AbcpTransportSettings {
  credentials: AbcpCredentials;
  order: AbcpOrderSettings;
  /** The supplier's status codes to stages (abcp-status-map.ts builds a first one from the site's statuses). */
  statusMap: PositionStatusMap;
  /** `useOnlineStocks`: also search the supplier's online warehouses (slower, more offers); default true. */
  useOnlineStocks?: boolean;
}

/** What identifies one ABCP offer for `basket/add`: brand, number, itemKey, supplierCode. */
interface AbcpOfferKey {
  brand: string;
  number: string;
  itemKey: string;
  supplierCode: string;
}

function encodeOfferKey(key: AbcpOfferKey): string {
  return Buffer.from(JSON.stringify([key.brand, key.number, key.itemKey, key.supplierCode]), 'utf8').toString(
    'base64url',
  );
}

function decodeOfferKey(offerKey: string): AbcpOfferKey {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(offerKey, 'base64url').toString('utf8'));
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((part) => typeof part === 'string')) {
    throw new RangeError('Not an offer key of the ABCP channel');
  }
  const [brand, number, itemKey, supplierCode] = parts as [string, string, string, string];
  return { brand, number, itemKey, supplierCode };
}

const plain = (text: string) => text.replace(/[^0-9a-zа-яё]/gi, '').toLowerCase();

const sameKey = (a: AbcpOfferKey, b: { brand: string; number: string; itemKey: string; supplierCode: string }) =>
  a.itemKey === b.itemKey &&
  a.supplierCode === b.supplierCode &&
  plain(a.brand) === plain(b.brand) &&
  plain(a.number) === plain(b.number);

/** Availability codes ABCP uses instead of a count. */
const AVAILABILITY_NOTES: Readonly<Record<number, string>> = { [-1]: '+', [-2]: '++', [-3]: '+++', [-10]: 'под заказ' };

function toOffer(article: AbcpArticle): SupplierOffer {
  const availability = article.availability;
  const counted = availability !== null && Number.isInteger(availability) && availability >= 0;
  return {
    brand: article.brand,
    number: article.number,
    description: article.description,
    priceKopecks: article.price,
    available: counted ? availability : null,
    availabilityNote:
      counted || availability === null ? null : (AVAILABILITY_NOTES[availability] ?? String(availability)),
    packing: article.packing !== null && Number.isInteger(article.packing) && article.packing > 0 ? article.packing : 1,
    deliveryHours: article.deliveryPeriod,
    deliveryHoursMax: article.deliveryPeriodMax,
    warehouse: article.supplierDescription || article.distributorCode,
    offerKey: encodeOfferKey(article),
  };
}

export class AbcpChannel implements SupplierChannel {
  constructor(private readonly settings: AbcpChannelSettings) {}

  private async call<T extends z.ZodType>(schema: T, call: AbcpCall): Promise<z.output<T>> {
    const body = await callAbcp(this.settings.credentials, this.settings, call);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new SupplierChannelError(
        'unexpected_answer',
        `API поставщика ответило на ${call.operation} не так, как описано в документации ABCP`,
      );
    }
    return parsed.data;
  }

  async findOffers(article: string, brand: string): Promise<SupplierOffer[]> {
    try {
      const articles = await this.call(abcpSearchAnswerSchema, {
        method: 'GET',
        operation: 'search/articles',
        params: [
          ['number', article],
          ['brand', brand],
          ['useOnlineStocks', this.settings.useOnlineStocks === false ? '0' : '1'],
        ],
      });
      return articles.map(toOffer);
    } catch (error) {
      // A search that finds nothing answers «object not found».
      if (error instanceof AbcpApiError && error.errorCode === ABCP_ERROR.objectNotFound) return [];
      throw error;
    }
  }

  async placeOrder(request: PlaceOrderRequest): Promise<PlacedOrder> {
    const lines = request.lines.map((line) => {
      if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) {
        throw new RangeError(`An order line's quantity is a positive whole number: ${line.quantity}`);
      }
      return { ...line, key: decodeOfferKey(line.offerKey) };
    });
    // The basket adds the quantity of a position already in it: two lines of one offer would become one.
    for (const [index, line] of lines.entries()) {
      if (lines.slice(0, index).some((other) => sameKey(other.key, line.key))) {
        throw new RangeError('Two lines of one supplier order name the same offer; merge them first');
      }
    }
    if (lines.length === 0) return { supplierOrderNumbers: [], lines: [] };
    if (lines.length > MAX_ORDER_POSITIONS) {
      throw new SupplierChannelError(
        'refused',
        `В одном заказе у поставщика на ABCP не больше ${MAX_ORDER_POSITIONS} позиций: разделите заказ`,
      );
    }

    const basket = await this.call(abcpBasketContentAnswerSchema, {
      method: 'GET',
      operation: 'basket/content',
      params: [],
    });
    if (basket.length > 0) {
      throw new SupplierChannelError(
        'refused',
        'В корзине на сайте поставщика уже лежат товары: оформите или удалите их там, ' +
          'иначе они ушли бы в этот заказ',
      );
    }

    const added = await this.inEmptyBasket(() =>
      this.call(abcpBasketAddAnswerSchema, {
        method: 'POST',
        operation: 'basket/add',
        params: lines.flatMap((line, index) => [
          [`positions[${index}][brand]`, line.key.brand],
          [`positions[${index}][number]`, line.key.number],
          [`positions[${index}][itemKey]`, line.key.itemKey],
          [`positions[${index}][supplierCode]`, line.key.supplierCode],
          [`positions[${index}][quantity]`, String(line.quantity)],
          [`positions[${index}][comment]`, line.comment ?? ''],
        ]),
      }),
    );
    // One result per position sent, in the order sent.
    const answersLines =
      added.positions.length === lines.length &&
      added.positions.every(
        (result, index) =>
          plain(result.brand) === plain(lines[index]!.key.brand) &&
          plain(result.number) === plain(lines[index]!.key.number),
      );
    if (!answersLines) {
      await this.clearBasket().catch(() => undefined);
      throw new SupplierChannelError('unexpected_answer', 'API поставщика ответило на basket/add не по тем позициям');
    }
    const acceptance = new Map<string, LineAcceptance>();
    const inBasket = lines.filter((line, index) => {
      const result = added.positions[index]!;
      if (result.status === 1) return true;
      acceptance.set(line.lineRef, {
        lineRef: line.lineRef,
        accepted: false,
        reason: this.remoteText(result.errorMessage) || 'Поставщик не принял позицию в корзину',
      });
      return false;
    });

    let orderNumbers: string[] = [];
    if (inBasket.length > 0) {
      const ordered = await this.inEmptyBasket(() =>
        this.call(abcpBasketOrderAnswerSchema, {
          method: 'POST',
          operation: 'basket/order',
          params: this.orderParams(request),
        }),
      );
      orderNumbers = ordered.orders.map((order) => order.number);
      for (const line of inBasket) {
        const found = ordered.orders
          .flatMap((order) => order.positions.map((position) => ({ order: order.number, position })))
          .find(({ position }) => sameKey(line.key, position));
        acceptance.set(
          line.lineRef,
          found
            ? {
                lineRef: line.lineRef,
                accepted: true,
                supplierOrderNumber: found.order,
                supplierLineId: found.position.positionId,
                quantity: found.position.quantity,
                priceKopecks: found.position.price,
              }
            : {
                lineRef: line.lineRef,
                accepted: false,
                reason: this.remoteText(ordered.errorMessage) || 'Поставщик не включил позицию в заказ',
              },
        );
      }
      // Ours left in the basket would go into the next order, or into someone's order on the site.
      if (inBasket.some((line) => !acceptance.get(line.lineRef)?.accepted)) {
        await this.clearBasket();
      }
    }
    return { supplierOrderNumbers: orderNumbers, lines: lines.map((line) => acceptance.get(line.lineRef)!) };
  }

  /**
   * A basket call after the basket was found empty: when it fails, what is in the basket now is ours, and is
   * cleared so that it goes into nobody's next order.
   */
  private async inEmptyBasket<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      await this.clearBasket().catch(() => undefined);
      throw error;
    }
  }

  private remoteText(text: string): string {
    return text ? scrubbed(text, this.settings.credentials) : '';
  }

  private async clearBasket(): Promise<void> {
    await callAbcp(this.settings.credentials, this.settings, { method: 'POST', operation: 'basket/clear', params: [] });
  }

  private orderParams(request: PlaceOrderRequest): [string, string][] {
    const { order } = this.settings;
    const params: [string, string][] = [
      ['paymentMethod', order.paymentMethodId],
      ['shipmentAddress', order.shipmentAddressId ?? '0'],
      ['clientOrderNumber', request.reference],
    ];
    if (order.shipmentMethodId !== undefined) params.push(['shipmentMethod', order.shipmentMethodId]);
    if (order.shipmentOfficeId !== undefined) params.push(['shipmentOffice', order.shipmentOfficeId]);
    if (request.comment) params.push(['comment', request.comment]);
    return params;
  }

  async readOrder(supplierOrderNumber: string): Promise<SupplierOrderState | null> {
    const [state] = await this.readOrders([supplierOrderNumber]);
    return state ?? null;
  }

  /**
   * Several orders, ORDERS_PER_CALL to a call (what the polling job uses); orders the supplier does not know are
   * left out.
   */
  async readOrders(supplierOrderNumbers: readonly string[]): Promise<SupplierOrderState[]> {
    const states: SupplierOrderState[] = [];
    for (let start = 0; start < supplierOrderNumbers.length; start += ORDERS_PER_CALL) {
      const numbers = supplierOrderNumbers.slice(start, start + ORDERS_PER_CALL);
      let orders;
      try {
        orders = await this.call(abcpOrdersListAnswerSchema, {
          method: 'GET',
          operation: 'orders/list',
          params: numbers.map((number, index) => [`orders[${index}]`, number] as const),
        });
      } catch (error) {
        if (error instanceof AbcpApiError && error.errorCode === ABCP_ERROR.objectNotFound) continue;
        throw error;
      }
      const wanted = new Set(numbers);
      for (const order of orders) {
        if (!wanted.has(order.number)) continue;
        states.push({
          supplierOrderNumber: order.number,
          lines: order.positions.map((position) => this.lineState(position)),
        });
      }
    }
    return states;
  }

  private lineState(position: AbcpOrderPosition): SupplierLineState {
    const code = position.statusCode || position.statusId;
    const quantities = positionQuantities(
      {
        orderedQuantity: position.quantityOrdered ?? position.quantity,
        currentQuantity: position.quantity,
        statusCode: code,
        statusName: position.status,
      },
      this.settings.statusMap,
    );
    return {
      supplierLineId: position.positionId,
      brand: position.brand,
      number: position.number,
      ...quantities,
      priceKopecks: position.price,
      supplierStatus: { code, name: position.status },
    };
  }

  /**
   * The orders the account placed with `clientOrderNumber` = `reference`, among its latest `ORDERS_LOOKED_BACK`
   * (`orders`, newest first, with positions): how a placing cut short by a crash is found before placing again.
   * Each accepted line is named by brand, number, itemKey and supplierCode, as `placeOrder` answers.
   */
  async ordersWithReference(reference: string): Promise<{ number: string; lines: SupplierLineState[] }[]> {
    let page;
    try {
      page = await this.call(abcpOrdersPageAnswerSchema, {
        method: 'GET',
        operation: 'orders',
        params: [
          ['format', 'p'],
          ['skip', '0'],
          ['limit', String(ORDERS_LOOKED_BACK)],
        ],
      });
    } catch (error) {
      if (error instanceof AbcpApiError && error.errorCode === ABCP_ERROR.objectNotFound) return [];
      throw error;
    }
    return page.items
      .filter((order) => order.clientOrderNumber === reference)
      .map((order) => ({ number: order.number, lines: order.positions.map((position) => this.lineState(position)) }));
  }

  /** The site's own position statuses (`orders/statuses`), to build this supplier's map from. */
  async positionStatuses(): Promise<StatusCatalogueEntry[]> {
    const statuses = await this.call(abcpStatusesAnswerSchema, {
      method: 'GET',
      operation: 'orders/statuses',
      params: [],
    });
    return statuses.map((status) => ({ code: status.id, name: status.name }));
  }

  /** The ids the order settings take: payment and shipment methods, delivery addresses, pick-up offices. */
  async orderOptions(): Promise<
    Record<
      'paymentMethods' | 'shipmentMethods' | 'shipmentAddresses' | 'shipmentOffices',
      { id: string; name: string }[]
    >
  > {
    const list = (operation: string) =>
      this.call(abcpIdNameListSchema, { method: 'GET', operation, params: [] }).catch((error: unknown) => {
        // A site without the option answers «not found» for its list.
        if (error instanceof AbcpApiError && error.errorCode === ABCP_ERROR.objectNotFound) return [];
        throw error;
      });
    const [paymentMethods, shipmentMethods, shipmentAddresses, shipmentOffices] = await Promise.all([
      list('basket/paymentMethods'),
      list('basket/shipmentMethods'),
      list('basket/shipmentAddresses'),
      list('basket/shipmentOffices'),
    ]);
    return { paymentMethods, shipmentMethods, shipmentAddresses, shipmentOffices };
  }
}
