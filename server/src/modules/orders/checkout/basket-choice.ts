import { BASKET_NOT_FOUND_MESSAGE, toKopecks, type BasketRef } from '@detal/contract';
import type { DbExecutor } from '../../../db/index.ts';
import { notFound, validationFailed, type FieldErrors } from '../../../http/errors.ts';
import { fitsIntegerId } from '../../../shared/integer-id.ts';
import { openBasket } from '../../basket/service.ts';
import type { PricedOrder } from '../delivery.ts';

// The basket lines a client chose to order, as both checkout steps check and price them.

export const NOT_YOUR_BASKET_MESSAGE = 'Заказ оформляется только из вашей корзины. Войдите заново и повторите';
export const LINES_NOT_IN_BASKET_MESSAGE =
  'Некоторых позиций уже нет в корзине: они заказаны или удалены. Обновите корзину и выберите позиции снова';

/** Basket line ids as a set, in ascending order: the same choice of lines always reads the same. */
export const sortedLineIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * The caller's own basket named by `ref`. An unknown id, a wrong key and another client's basket are all "not
 * found" (404, the basket module's rule: it never says which); an anonymous basket, even with its key, cannot be
 * ordered from (422): the client signs in again, which merges it into their own.
 */
export async function ownBasketId(db: DbExecutor, clientId: number, ref: BasketRef): Promise<number> {
  // An id no basket can have (beyond int4) names none, rather than failing the comparison in SQL.
  if (!fitsIntegerId(ref.basket_id)) throw notFound(BASKET_NOT_FOUND_MESSAGE);
  const basket = await openBasket(db, ref, { clientId, sessionId: null });
  if (basket.clientId !== clientId) throw validationFailed({ basket_id: [NOT_YOUR_BASKET_MESSAGE] });
  return basket.id;
}

/** The 422 field error when some chosen lines are not in the basket; null when all are. */
export function missingLinesError(foundIds: readonly number[], lineIds: readonly number[]): FieldErrors | null {
  const found = new Set(foundIds);
  return lineIds.every((id) => found.has(id)) ? null : { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] };
}

/** Lines at their current price (the offer's decimal text, or the roubles of the contract) and their pieces. */
export function pricedOrder(lines: ReadonlyArray<{ price: string | number; pieces: number }>): PricedOrder {
  return {
    itemsTotalKopecks: lines.reduce((sum, line) => sum + toKopecks(line.price) * line.pieces, 0),
    positions: lines.length,
  };
}
