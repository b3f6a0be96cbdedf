import { formatRoubles, toKopecks } from '@detal/contract';
import { HttpError } from '../../../http/errors.ts';
import type { BasketLineRow } from '../../basket/queries.ts';

export const ORDER_CHANGED_MESSAGE = 'Цены или наличие изменились. Проверьте заказ и подтвердите его ещё раз';

/** One line whose price or stock moved since the client saw it. */
export interface LineChange {
  lineId: number;
  article: string;
  brandName: string;
  /** Decimal texts: the price the client saw and the price now. Equal when only the stock changed. */
  priceSeen: string;
  price: string;
  quantityInBasket: number;
  /** Pieces in stock now. */
  available: number;
}

export const priceChanged = (change: LineChange) => toKopecks(change.price) !== toKopecks(change.priceSeen);
const stockShort = (change: LineChange) => change.available < change.quantityInBasket;

export function lineChanges(lines: readonly BasketLineRow[]): LineChange[] {
  return lines
    .map((line) => ({
      lineId: line.lineId,
      article: line.article,
      brandName: line.brandName,
      priceSeen: line.priceSeen,
      price: line.price,
      quantityInBasket: line.quantityInBasket,
      available: line.quantity,
    }))
    .filter((change) => priceChanged(change) || stockShort(change));
}

/** The client's words for one changed line. */
function changeMessages(change: LineChange): string[] {
  const part = `${change.brandName} ${change.article}`;
  const messages: string[] = [];
  if (priceChanged(change)) {
    messages.push(`${part}: цена изменилась с ${formatRoubles(change.priceSeen)} на ${formatRoubles(change.price)}`);
  }
  if (stockShort(change)) {
    messages.push(
      change.available === 0
        ? `${part}: товар закончился`
        : `${part}: в наличии ${change.available} шт., в заказе ${change.quantityInBasket} шт.`,
    );
  }
  return messages;
}

/**
 * The 409 of a submission whose lines changed (nothing was created). `error` maps `items.<basket line id>` to
 * what changed on that line (the old and new price, the stock left), in the shape of the contract's field
 * errors; `changes` keeps the same facts as data.
 */
export class OrderChangedError extends HttpError {
  constructor(readonly changes: LineChange[]) {
    super(
      409,
      ORDER_CHANGED_MESSAGE,
      Object.fromEntries(changes.map((change) => [`items.${change.lineId}`, changeMessages(change)])),
    );
    this.name = 'OrderChangedError';
  }
}
