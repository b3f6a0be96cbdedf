import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  ADDRESS_REQUIRED_MESSAGE,
  calendarDayIn,
  kopecksToDecimal,
  PAST_DATE_MESSAGE,
  type Step2Request,
} from '@detal/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { validationFailed, type FieldErrors } from '../../../http/errors.ts';
import { holdOrderIfNeededTx } from '../../ledger/holds.ts';
import { emit } from '../../../events/bus.ts';
import { deleteBasketLines, lockBasketLines, updatePricesSeen } from '../../basket/queries.ts';
import { insertBill } from '../../bills/queries.ts';
import { issueBill } from '../../bills/revisions.ts';
import { takeFromStock } from '../../catalog/offer-stock.ts';
import { countAnalogPurchasesTx, countBrandAndSupplierPurchasesTx } from '../../catalog/return-rates.ts';
import { pricingOf } from '../../pricing/client-pricing.ts';
import { findDeliveryAddress } from '../../clients/queries.ts';
import { loadDeliveryPricing, type DeliveryPricing, type PricedOrder } from '../delivery.ts';
import { findOrderBySubmission, insertOrder, insertOrderLines } from '../queries.ts';
import { payerForOrder } from '../../payers/service.ts';
import { missingLinesError, ownBasketId, pricedOrder, sortedLineIds } from './basket-choice.ts';
import { lineChanges, OrderChangedError, priceChanged, type LineChange } from './line-changes.ts';

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

/**
 * What makes two step-2 requests one submission: the client's `Idempotency-Key` when sent, else the basket and
 * the set of its lines. Basket line ids are never reused (a line added again is a new row), so a set of line ids
 * names one choice for good: a repeat of it, however late, is the same submission and gets the same order.
 */
export function submissionKeyOf(idempotencyKey: string | null, basketId: number, lineIds: readonly number[]): string {
  if (idempotencyKey !== null) return `key:${idempotencyKey}`;
  const digest = createHash('sha256')
    .update(`${basketId}:${sortedLineIds(lineIds).join(',')}`)
    .digest('hex');
  return `lines:${digest}`;
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
 * leave the basket, the e-mails about it enter the notification outbox, and the transaction commits it all
 * together. Each table's statements come from the module that owns it (basket lines, offer stock, bills, the
 * client's addresses, notifications); the checkout only composes them.
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
    // The client's prices as they are inside this transaction: a group or profile changed since step 1 shows up
    // as changed prices (409), compared with the selling prices the client saw.
    const clientPricing = await pricingOf(tx, clientId);
    const lines = await lockBasketLines(tx, basketId, lineIds, clientPricing);
    const order = pricedOrder(lines.map((line) => ({ price: line.price, pieces: line.quantityInBasket })));
    const { form, errors } = await checkForm(tx, clientId, request, pricing, order, today);
    const fieldErrors = {
      ...missingLinesError(
        lines.map((line) => line.lineId),
        lineIds,
      ),
      ...errors,
    };
    if (Object.keys(fieldErrors).length > 0 || !form) throw validationFailed(fieldErrors);
    // The payer billed (issue 30): one of this client's active payers, its requisites copied as they are now.
    const payer = request.payer_id === null ? null : await payerForOrder(tx, clientId, request.payer_id);

    const changes = lineChanges(lines);
    if (changes.length > 0) {
      await updatePricesSeen(
        tx,
        changes.filter(priceChanged).map((change) => ({ lineId: change.lineId, price: change.price })),
      );
      return { kind: 'changed', changes };
    }

    const totalKopecks = order.itemsTotalKopecks + form.quote.priceKopecks;
    const now = options.now?.() ?? new Date();
    const orderId = await insertOrder(tx, {
      createdAt: now,
      clientId,
      submissionKey,
      email: request.client_shops_email,
      firstName: request.first_name,
      lastName: request.last_name,
      middleName: request.middle_name,
      companyName: request.company_name,
      phoneNumber: request.phone_number,
      payerId: payer?.id ?? null,
      payer: payer?.requisites ?? null,
      deliveryMethodId: form.quote.id,
      deliveryMethodName: form.quote.name,
      deliveryMethodDescription: form.quote.description,
      deliveryPrice: kopecksToDecimal(form.quote.priceKopecks),
      deliveryAddress: form.address,
      desiredDate: request.desired_date ?? null,
      desiredTime: request.desired_time ?? null,
      comment: request.comment,
      replacementMaxPricePercent: request.replacement_max_price_percent,
      replacementMaxExtraDays: request.replacement_max_extra_days,
      totalPrice: kopecksToDecimal(totalKopecks),
      countPosition: lines.length,
    });
    if (orderId === null)
      throw new Error(`Submission ${submissionKey} of client ${clientId} was placed under its lock`);
    await options.hooks?.afterOrderRow?.(orderId);
    // Return rates (issue 32, point 6): a line added as an analog counts for its pair, and keeps the pair's id.
    const pairIds = await countAnalogPurchasesTx(
      tx,
      lines.map((line) => ({
        analogOf:
          line.analogOfBrandId === null || line.analogOfArticle === null
            ? null
            : { brandId: line.analogOfBrandId, articleNormalized: line.analogOfArticle },
        part: { brandId: line.brandId, articleNormalized: line.articleNormalized },
      })),
    );
    await insertOrderLines(
      tx,
      orderId,
      lines.map((line, index) => ({
        offerId: line.id,
        article: line.article,
        brandName: line.brandName,
        description: line.description,
        supplierName: line.supplierName,
        supplierId: line.supplierId,
        deliveryDays: line.deliveryDays,
        price: line.price,
        purchasePrice: line.purchasePrice,
        pricingProfileId: clientPricing.profileId,
        personalDiscount: clientPricing.discount,
        quantity: line.quantityInBasket,
        analogPairId: pairIds[index] ?? null,
      })),
    );
    // The bill is a document from here on: what it prints is frozen with it (revision 0).
    await issueBill(tx, await insertBill(tx, orderId, clientId, kopecksToDecimal(totalKopecks), now), options.timeZone);
    // The credit check (issue 31): over the limit, on the stop-list or prepaying, the order is held, not refused.
    await holdOrderIfNeededTx(tx, { orderId, clientId, payerId: payer?.id ?? null, totalKopecks }, now);
    await takeFromStock(
      tx,
      lines.map((line) => ({ offerId: line.id, quantity: line.quantityInBasket })),
    );
    await deleteBasketLines(tx, basketId, lineIds);
    // Every line counts for its brand and supplier (return rates), last: those rows are shared by all checkouts.
    await countBrandAndSupplierPurchasesTx(tx, lines);
    // The e-mails (to the client, with the bill; to the shop's staff) commit with the order or not at all.
    await emit(tx, 'OrderPlaced', { orderId });
    return { kind: 'placed', result: { orderId, created: true } };
  });

  if (outcome.kind === 'changed') throw new OrderChangedError(outcome.changes);
  return outcome.result;
}
