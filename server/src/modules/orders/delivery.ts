import { fromKopecks, toKopecks, type CheckoutDeliveryMethod } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { readShopSetting, type DeliveryMethodSetting } from '../../db/shop-settings.ts';

/** What a delivery price may depend on: the order's lines as they will be billed. */
export interface PricedOrder {
  /** Sum of price × quantity of the lines, in kopecks. */
  itemsTotalKopecks: number;
  /** Number of lines. */
  positions: number;
}

/** A delivery method chosen for an order, with the price it costs for that order. */
export interface DeliveryQuote {
  id: number;
  name: string;
  description: string;
  needsAddress: boolean;
  priceKopecks: number;
}

/**
 * The shop's delivery policy, in one place: which methods an order may use and what each costs for it. Step 1
 * lists `offer(order)`, step 2 bills `quote(id, order)`; nothing else prices delivery. A policy is a snapshot,
 * pure and synchronous, so that checkout can use it inside its transaction without another round trip.
 */
export interface DeliveryPricing {
  /** Every method the order may use, priced for it, in the shop's order. */
  offer(order: PricedOrder): DeliveryQuote[];
  /** The method `methodId` priced for the order, or null when the shop offers no such method. */
  quote(methodId: number, order: PricedOrder): DeliveryQuote | null;
}

/**
 * The policy the shop settings describe (`delivery_methods`): each method at its flat price whatever the order.
 * A shop that wants free delivery above an amount or a price by weight replaces this function, not its callers.
 */
export function flatRateDeliveryPricing(methods: readonly DeliveryMethodSetting[]): DeliveryPricing {
  const quotes: DeliveryQuote[] = methods.map((method) => ({
    id: method.id,
    name: method.name,
    description: method.description,
    needsAddress: method.needs_address,
    priceKopecks: toKopecks(method.price),
  }));
  return {
    offer: () => quotes.map((quote) => ({ ...quote })),
    quote: (methodId) => {
      const found = quotes.find((quote) => quote.id === methodId);
      return found ? { ...found } : null;
    },
  };
}

/** The policy of the shop's current settings; a shop that configured no methods offers none. */
export async function loadDeliveryPricing(db: DbExecutor): Promise<DeliveryPricing> {
  return flatRateDeliveryPricing((await readShopSetting(db, 'delivery_methods')) ?? []);
}

/** A quote as the contract's step-1 delivery method. */
export const toCheckoutDeliveryMethod = (quote: DeliveryQuote): CheckoutDeliveryMethod => ({
  id: quote.id,
  name: quote.name,
  price: fromKopecks(quote.priceKopecks),
  description: quote.description,
  needs_address: quote.needsAddress,
});
