/**
 * A supplier-order channel (issue 29, point 2(c); decision 0047): how the shop finds a supplier's offers, places
 * an order with it and reads the order's state back, whatever the supplier's system. One adapter per kind of
 * system (channels/abcp/ for sites on the ABCP platform); the supplier-order screens and the polling job speak
 * only this interface. Money is integer kopecks; quantities are whole pieces.
 */

/** One offer of the supplier for an article. */
export interface SupplierOffer {
  brand: string;
  number: string;
  description: string;
  priceKopecks: number;
  /** Pieces in stock; null when the supplier says only "some" or "to order" (see availabilityNote). */
  available: number | null;
  /** The supplier's words for availability when it is not a number ("+++", "под заказ"), else null. */
  availabilityNote: string | null;
  /** Pieces per pack: orders are multiples of it. */
  packing: number;
  /** Delivery time promised, in hours (the guaranteed one when the supplier gives both); null: not said. */
  deliveryHours: number | null;
  deliveryHoursMax: number | null;
  /** The supplier's name for the warehouse or source of this offer (may be empty). */
  warehouse: string;
  /** What placeOrder needs to order exactly this offer; opaque outside the adapter. */
  offerKey: string;
}

/** One line of an order to place: an offer found by findOffers, how many, and the shop's reference for it. */
export interface OrderLineRequest {
  /** The shop's own id of the line (a purchase-order line); answers name lines by it. */
  lineRef: string;
  offerKey: string;
  quantity: number;
  /** A note for the supplier on this line. */
  comment?: string;
}

export interface PlaceOrderRequest {
  /** The shop's number of the purchase order; the supplier keeps it beside its own (clientOrderNumber). */
  reference: string;
  lines: readonly OrderLineRequest[];
  comment?: string;
}

/** Whether the supplier took a line into an order. */
export type LineAcceptance =
  | {
      lineRef: string;
      accepted: true;
      supplierOrderNumber: string;
      /** The supplier's id of the line in its order (readOrder answers by it). */
      supplierLineId: string;
      quantity: number;
      priceKopecks: number;
    }
  | { lineRef: string; accepted: false; reason: string };

export interface PlacedOrder {
  /** The supplier's order numbers: usually one, several when the supplier splits the order (by warehouse). */
  supplierOrderNumbers: string[];
  lines: LineAcceptance[];
}

/**
 * Where a line stands, as quantities (position-states.ts computes them from the supplier's status through the
 * adapter's map): ordered = confirmed + refused + still unanswered; ready ≤ confirmed.
 */
export interface SupplierLineState {
  supplierLineId: string;
  brand: string;
  number: string;
  ordered: number;
  confirmed: number;
  refused: number;
  /** Received by the supplier for the shop, ready to hand over (or handed over). */
  ready: number;
  /** Why some or all of it was refused, in the supplier's or the map's words; null when nothing was. */
  refusalReason: string | null;
  priceKopecks: number;
  /** The supplier's own status, as it said it (kept for the staff and for building the map). */
  supplierStatus: { code: string; name: string };
  /** True when the map does not know the status: the line is counted as ordered, unanswered. */
  statusUnknown: boolean;
}

export interface SupplierOrderState {
  supplierOrderNumber: string;
  lines: SupplierLineState[];
}

export interface SupplierChannel {
  findOffers(article: string, brand: string): Promise<SupplierOffer[]>;
  placeOrder(request: PlaceOrderRequest): Promise<PlacedOrder>;
  /** The order's lines now; null when the supplier has no such order. */
  readOrder(supplierOrderNumber: string): Promise<SupplierOrderState | null>;
}

/** Why a call to the supplier failed, as the staff should read it. */
export type ChannelFailureKind =
  /** The supplier refused the login or password. */
  | 'credentials'
  /** The configured address is inside the shop's network and not allowed. */
  | 'address_not_allowed'
  /** No answer: name not found, connection refused or reset, timeout. */
  | 'unreachable'
  /** An answer the protocol does not have (not JSON, wrong shape, HTTP error without the API's error). */
  | 'unexpected_answer'
  /** The API answered with an error of its own (a missing parameter, a blocked account…). */
  | 'refused';

/** A failed call to the supplier; the message is in Russian for the staff and never holds credentials. */
export class SupplierChannelError extends Error {
  constructor(
    readonly kind: ChannelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'SupplierChannelError';
  }
}
