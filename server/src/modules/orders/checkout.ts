import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ADDRESS_REQUIRED_MESSAGE,
  BASKET_NOT_FOUND_MESSAGE,
  calendarDayIn,
  formatRoubles,
  fromKopecks,
  kopecksToDecimal,
  PAST_DATE_MESSAGE,
  toKopecks,
  type BasketRef,
  type Preorder,
  type Step1Request,
  type Step2Request,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { HttpError, notFound, unauthorized, validationFailed, type FieldErrors } from '../../http/errors.ts';
import { findClientProfile, listDeliveryAddresses } from '../auth/queries.ts';
import { listLines } from '../basket/queries.ts';
import { openBasket } from '../basket/service.ts';
import { fitsIntegerId } from '../catalog/queries.ts';
import { loadDeliveryPricing, toCheckoutDeliveryMethod, type DeliveryPricing, type PricedOrder } from './delivery.ts';
import {
  deleteBasketLines,
  findDeliveryAddress,
  findOrderBySubmission,
  insertBill,
  insertOrder,
  insertOrderLines,
  lockBasketLines,
  takeFromStock,
  updatePricesSeen,
  type BasketLineRow,
} from './queries.ts';

/** Detal runs one shop per installation; the preorder names it for clients of the multi-shop API it mirrors. */
export const SHOP_ID = 1;

export const NOT_YOUR_BASKET_MESSAGE = 'Заказ оформляется только из вашей корзины. Войдите заново и повторите';
export const LINES_NOT_IN_BASKET_MESSAGE =
  'Некоторых позиций уже нет в корзине: они заказаны или удалены. Обновите корзину и выберите позиции снова';
export const ORDER_CHANGED_MESSAGE = 'Цены или наличие изменились. Проверьте заказ и подтвердите его ещё раз';
export const UNKNOWN_DELIVERY_METHOD_MESSAGE = 'Выберите способ доставки из предложенных';
export const UNKNOWN_ADDRESS_MESSAGE = 'Этого адреса нет среди ваших адресов доставки';

/** Seams for tests; production passes none. */
export interface CheckoutHooks {
  /** Runs inside the order's transaction right after the order row is written; a throw must undo everything. */
  afterOrderRow?: (orderId: number) => void | Promise<void>;
}

export interface CheckoutOptions {
  /** The shop's time zone: a desired date is "not in the past" by its calendar. */
  timeZone: string;
  hooks?: CheckoutHooks;
  /** The current instant (tests fix it). */
  now?: () => Date;
}

/** Basket line ids as a set, in ascending order: the same choice of lines always reads the same. */
export const sortedLineIds = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * What makes two step-2 requests one submission: the client's `Idempotency-Key` when sent, else the basket and
 * the set of its lines. Basket line ids are never reused (a line added again is a new row), so a set of line ids
 * names one choice for good: a repeat of it, however late, is the same submission and gets the same order.
 */
export function submissionKeyOf(idempotencyKey: string | null, basketId: number, lineIds: readonly number[]): string {
  if (idempotencyKey !== null) return `key:${idempotencyKey}`;
  const digest = createHash('sha256').update(`${basketId}:${sortedLineIds(lineIds).join(',')}`).digest('hex');
  return `lines:${digest}`;
}

/**
 * The caller's own basket named by `ref`. An unknown id, a wrong key and another client's basket are all "not
 * found" (404, the basket module's rule: it never says which); an anonymous basket, even with its key, cannot be
 * ordered from (422): the client signs in again, which merges it into their own.
 */
async function ownBasketId(db: DbExecutor, clientId: number, ref: BasketRef): Promise<number> {
  // An id no basket can have (beyond int4) names none, rather than failing the comparison in SQL.
  if (!fitsIntegerId(ref.basket_id)) throw notFound(BASKET_NOT_FOUND_MESSAGE);
  const basket = await openBasket(db, ref, { clientId, sessionId: null });
  if (basket.clientId !== clientId) throw validationFailed({ basket_id: [NOT_YOUR_BASKET_MESSAGE] });
  return basket.id;
}

/** The 422 field error when some chosen lines are not in the basket; null when all are. */
function missingLinesError(foundIds: readonly number[], lineIds: readonly number[]): FieldErrors | null {
  const found = new Set(foundIds);
  return lineIds.every((id) => found.has(id)) ? null : { itemsForOrder: [LINES_NOT_IN_BASKET_MESSAGE] };
}

/** Lines at their current price (the offer's decimal text, or the roubles of the contract) and their pieces. */
function pricedOrder(lines: ReadonlyArray<{ price: string | number; pieces: number }>): PricedOrder {
  return {
    itemsTotalKopecks: lines.reduce((sum, line) => sum + toKopecks(line.price) * line.pieces, 0),
    positions: lines.length,
  };
}

/** Step 1: what ordering these basket lines would be, and what the step-2 form needs. */
export async function buildPreorder(db: Db, clientId: number, request: Step1Request): Promise<Preorder> {
  const lineIds = new Set(request.itemsForOrder);
  const basketId = await ownBasketId(db, clientId, request);
  const [basketLines, profile, addresses, pricing] = await Promise.all([
    listLines(db, basketId),
    findClientProfile(db, clientId),
    listDeliveryAddresses(db, clientId),
    loadDeliveryPricing(db),
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
  };
}

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

const priceChanged = (change: LineChange) => toKopecks(change.price) !== toKopecks(change.priceSeen);
const stockShort = (change: LineChange) => change.available < change.quantityInBasket;

function lineChanges(lines: readonly BasketLineRow[]): LineChange[] {
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

interface CheckedForm {
  quote: NonNullable<ReturnType<DeliveryPricing['quote']>>;
  address: string | null;
}

/** The form's checks that need the database or the shop's calendar; every failing field at once. */
async function checkForm(
  tx: Tx,
  clientId: number,
  request: Step2Request,
  pricing: DeliveryPricing,
  order: PricedOrder,
  today: string,
): Promise<{ form: CheckedForm | null; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const quote = pricing.quote(request.delivery_method_id, order);
  if (!quote) errors.delivery_method_id = [UNKNOWN_DELIVERY_METHOD_MESSAGE];
  let address: string | null = null;
  // A method without an address (pick-up) keeps none, whatever the form sent.
  if (quote?.needsAddress) {
    if (request.delivery_address_id != null) {
      address = await findDeliveryAddress(tx, clientId, request.delivery_address_id);
      if (address === null) errors.delivery_address_id = [UNKNOWN_ADDRESS_MESSAGE];
    } else if (request.delivery_address !== null) {
      address = request.delivery_address;
    } else {
      errors.delivery_address = [ADDRESS_REQUIRED_MESSAGE];
    }
  }
  if (request.desired_date != null && request.desired_date < today) errors.desired_date = [PAST_DATE_MESSAGE];
  return { form: quote ? { quote, address } : null, errors };
}

export interface PlaceOrderResult {
  orderId: number;
  /** False when the submission had been placed before and this is its repeat. */
  created: boolean;
}

type Outcome = { kind: 'placed'; result: PlaceOrderResult } | { kind: 'changed'; changes: LineChange[] };

/**
 * Step 2: the order of the chosen basket lines, all or nothing, exactly once per submission.
 *
 * In one transaction: the submission's lock (an advisory lock on client + key, so that concurrent twins queue
 * here), then a look-up of the order it already made (a repeat answers that order). Otherwise the chosen lines and
 * their offers are row-locked (in offer id order: one lock order for every checkout, so checkouts sharing offers
 * queue instead of deadlocking), the form is checked, and prices and stock are compared with what the client saw
 * (`price_seen`). Any change: the
 * lines remember the current prices (so the next submit can pass), nothing else is written, and OrderChangedError
 * (409) is thrown after commit. Else the order, its lines and its bill are written, stock is taken and the lines
 * leave the basket, and the transaction commits it all together.
 */
export async function placeOrder(
  db: Db,
  clientId: number,
  request: Step2Request,
  idempotencyKey: string | null,
  options: CheckoutOptions,
): Promise<PlaceOrderResult> {
  const lineIds = sortedLineIds(request.itemsForOrder);
  const submissionKey = submissionKeyOf(idempotencyKey, request.basket_id, lineIds);
  // Read before the transaction: inside it, every query goes through its one connection.
  const pricing = await loadDeliveryPricing(db);
  const today = calendarDayIn(options.timeZone, options.now?.() ?? new Date());

  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(${clientId}::int, hashtext(${submissionKey}))`);
    const placed = await findOrderBySubmission(tx, clientId, submissionKey);
    if (placed !== null) return { kind: 'placed', result: { orderId: placed, created: false } };

    const basketId = await ownBasketId(tx, clientId, request);
    const lines = await lockBasketLines(tx, basketId, lineIds);
    const order = pricedOrder(lines.map((line) => ({ price: line.price, pieces: line.quantityInBasket })));
    const { form, errors } = await checkForm(tx, clientId, request, pricing, order, today);
    const fieldErrors = { ...missingLinesError(lines.map((line) => line.lineId), lineIds), ...errors };
    if (Object.keys(fieldErrors).length > 0 || !form) throw validationFailed(fieldErrors);

    const changes = lineChanges(lines);
    if (changes.length > 0) {
      await updatePricesSeen(
        tx,
        changes.filter(priceChanged).map((change) => ({ lineId: change.lineId, price: change.price })),
      );
      return { kind: 'changed', changes };
    }

    const totalKopecks = order.itemsTotalKopecks + form.quote.priceKopecks;
    const orderId = await insertOrder(tx, {
      clientId,
      submissionKey,
      email: request.client_shops_email,
      firstName: request.first_name,
      lastName: request.last_name,
      middleName: request.middle_name,
      companyName: request.company_name,
      phoneNumber: request.phone_number,
      deliveryMethodId: form.quote.id,
      deliveryMethodName: form.quote.name,
      deliveryMethodDescription: form.quote.description,
      deliveryPrice: kopecksToDecimal(form.quote.priceKopecks),
      deliveryAddress: form.address,
      desiredDate: request.desired_date ?? null,
      desiredTime: request.desired_time ?? null,
      comment: request.comment,
      totalPrice: kopecksToDecimal(totalKopecks),
      countPosition: lines.length,
    });
    if (orderId === null) throw new Error(`Submission ${submissionKey} of client ${clientId} was placed under its lock`);
    await options.hooks?.afterOrderRow?.(orderId);
    await insertOrderLines(
      tx,
      orderId,
      lines.map((line) => ({
        offerId: line.id,
        article: line.article,
        brandName: line.brandName,
        description: line.description,
        supplierName: line.supplierName,
        deliveryDays: line.deliveryDays,
        price: line.price,
        quantity: line.quantityInBasket,
      })),
    );
    await insertBill(tx, orderId, clientId, kopecksToDecimal(totalKopecks));
    await takeFromStock(
      tx,
      lines.map((line) => ({ offerId: line.id, quantity: line.quantityInBasket })),
    );
    await deleteBasketLines(tx, basketId, lineIds);
    return { kind: 'placed', result: { orderId, created: true } };
  });

  if (outcome.kind === 'changed') throw new OrderChangedError(outcome.changes);
  return outcome.result;
}
