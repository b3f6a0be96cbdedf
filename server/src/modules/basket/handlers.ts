import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { markNoReturn, NO_RETURN_POLICIES_NONE, type NoReturnLookup } from '../../shared/no-return.ts';
import { countBasketCreation } from './limits.ts';
import {
  addItem,
  addItems,
  clearBasket,
  createsAnonymousBasket,
  removeLine,
  setQuantity,
  showBasket,
  stepQuantity,
} from './service.ts';

/** The basket endpoints of contract-decisions.md section 4. */
export function createBasketHandlers(
  { database: { db } }: AppDeps,
  noReturn: NoReturnLookup = NO_RETURN_POLICIES_NONE,
): ShopHandlers {
  return {
    'basket-show': async ({ body, auth }) => {
      const basket = await showBasket(db, body, auth);
      return { ...basket, items: await markNoReturn(noReturn, basket.items, (line) => line.offer_id) };
    },
    'basket-add-item': async ({ body, auth, request, reply }) => {
      if (createsAnonymousBasket(body, auth)) await countBasketCreation(request, reply);
      return addItem(db, body, auth);
    },
    'basket-add-items': async ({ body, auth, request, reply }) => {
      if (createsAnonymousBasket(body, auth)) await countBasketCreation(request, reply);
      return addItems(db, body, auth);
    },
    'basket-changes-quantity-in-item': ({ body, auth }) =>
      stepQuantity(db, body, body.id, body.quantity_in_basket, auth),
    'basket-set-item-quantity': ({ body, auth }) => setQuantity(db, body, body.id, body.quantity_in_basket, auth),
    'basket-delete-item': ({ body, auth }) => removeLine(db, body, body.id, auth),
    'basket-cleaning-all-items': ({ body, auth }) => clearBasket(db, body, auth),
  };
}
