import type { CancelRequest, Order, Paginated, ShipmentLine } from '@detal/contract';
import type { ServerApiClient } from '../../lib/api/ssr-client.server.ts';
import { isApiError } from '../../lib/api/errors.ts';

/**
 * What the order page shows beside its lines (issue 32): the client's cancel requests of the order's lines and the
 * shipment lines that issued them (a return names one). Both lists are the client's own, newest first, in pages;
 * nothing of this order is older than the order, so the pages are read until one reaches past it.
 */

/** Enough for any real order; a client with more pages of newer documents than this sees the newest only. */
const PAGES_AT_MOST = 20;

async function newerThan<T extends { created_at: string }>(
  since: string,
  readPage: (page: number) => Promise<Paginated<T>>,
): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; page <= PAGES_AT_MOST; page += 1) {
    const list = await readPage(page);
    const newer = list.data.filter((row) => row.created_at >= since);
    found.push(...newer);
    if (newer.length < list.data.length || page >= list.last_page) break;
  }
  return found;
}

export interface IssuedLine extends ShipmentLine {
  shipment_id: number;
  shipment_number: string;
  shipment_date: string;
}

export interface OrderReturnsView {
  /** The newest cancel request of each line that has one, by order line id. */
  cancelRequests: Record<number, CancelRequest>;
  /** The shipment lines that issued each line, by order line id. */
  issued: Record<number, IssuedLine[]>;
}

async function orderCancelRequests(
  api: ServerApiClient,
  order: Order,
  signal: AbortSignal,
): Promise<Record<number, CancelRequest>> {
  const requests = await newerThan(order.created_at, (page) =>
    api.callShop('client-cancel-request-all-post', { query: { page }, body: {}, signal }),
  );
  const byLine: Record<number, CancelRequest> = {};
  // Newest first: the first request seen of a line is its newest.
  for (const request of requests) {
    if (request.order_id === order.id) byLine[request.order_item_id] ??= request;
  }
  return byLine;
}

async function orderIssuedLines(
  api: ServerApiClient,
  order: Order,
  signal: AbortSignal,
): Promise<Record<number, IssuedLine[]>> {
  if (!order.items.some((line) => line.status === 'issued')) return {};
  const shipments = await newerThan(order.created_at, (page) =>
    api.callShop('client-shipment-all-post', { query: { page }, body: {}, signal }),
  );
  const byLine: Record<number, IssuedLine[]> = {};
  for (const shipment of shipments) {
    for (const line of shipment.lines) {
      if (line.order_id !== order.id) continue;
      (byLine[line.order_item_id] ??= []).push({
        ...line,
        shipment_id: shipment.id,
        shipment_number: shipment.number,
        shipment_date: shipment.date,
      });
    }
  }
  return byLine;
}

export async function loadOrderReturns(
  api: ServerApiClient,
  order: Order,
  signal: AbortSignal,
): Promise<OrderReturnsView> {
  const [cancelRequests, issued] = await Promise.all([
    orderCancelRequests(api, order, signal),
    orderIssuedLines(api, order, signal),
  ]);
  return { cancelRequests, issued };
}

/** The order's shipment line `lineId`, or null when none of the order's shipments has it. */
export async function findIssuedLine(
  api: ServerApiClient,
  order: Order,
  lineId: number,
  signal: AbortSignal,
): Promise<IssuedLine | null> {
  const issued = await orderIssuedLines(api, order, signal);
  return (
    Object.values(issued)
      .flat()
      .find((line) => line.id === lineId) ?? null
  );
}

/** A refusal's one line for the page: the first field's message, else the general one. */
export function refusalMessage(error: unknown): string {
  if (!isApiError(error)) throw error;
  const body = error.body as { error?: unknown } | null;
  if (body && typeof body.error === 'object' && body.error !== null) {
    const first = Object.values(body.error as Record<string, string[]>)[0]?.[0];
    if (first) return first;
  }
  return error.message;
}
