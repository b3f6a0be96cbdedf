import { creditCheck } from '../../ledger/holds.ts';
import { fromKopecks, type Preorder, type Step1Request } from '@detal/contract';
import type { Db } from '../../../db/index.ts';
import { unauthorized, validationFailed } from '../../../http/errors.ts';
import { listLines } from '../../basket/queries.ts';
import { pricingOf } from '../../pricing/client-pricing.ts';
import { findClientProfile, listDeliveryAddresses } from '../../clients/queries.ts';
import { listPayers } from '../../payers/service.ts';
import { loadDeliveryPricing, toCheckoutDeliveryMethod } from '../delivery.ts';
import { missingLinesError, ownBasketId, pricedOrder } from './basket-choice.ts';

/** Detal runs one shop per installation; the preorder names it for clients of the multi-shop API it mirrors. */
export const SHOP_ID = 1;

/** Step 1: what ordering these basket lines would be, and what the step-2 form needs. */
export async function buildPreorder(db: Db, clientId: number, request: Step1Request): Promise<Preorder> {
  const lineIds = new Set(request.itemsForOrder);
  const basketId = await ownBasketId(db, clientId, request);
  const [basketLines, profile, addresses, pricing, payers] = await Promise.all([
    pricingOf(db, clientId).then((clientPricing) => listLines(db, basketId, clientPricing)),
    findClientProfile(db, clientId),
    listDeliveryAddresses(db, clientId),
    loadDeliveryPricing(db),
    listPayers(db, clientId, false),
  ]);
  const items = basketLines.filter((line) => lineIds.has(line.id));
  const missing = missingLinesError(
    items.map((item) => item.id),
    [...lineIds],
  );
  if (missing) throw validationFailed(missing);
  // A session whose client is gone is no session.
  if (!profile) throw unauthorized();
  const { id: _id, ...contact } = profile;
  const order = pricedOrder(items.map((item) => ({ price: item.price, pieces: item.quantity_in_basket })));
  return {
    shop_id: SHOP_ID,
    client_shops_id: clientId,
    count_position_item: order.positions,
    count_total_price_item: fromKopecks(order.itemsTotalKopecks),
    basket_id: basketId,
    items,
    delivery_method: pricing.offer(order).map(toCheckoutDeliveryMethod),
    client_shops: contact,
    client_shops_delivery_address: addresses,
    payers,
    // (issue 31) Told before placing: the default payer's ledger (or the client's own), the goods' total.
    credit_hold: await creditCheck(db, clientId, payers[0]?.id ?? null, order.itemsTotalKopecks),
  };
}
