import {
  BASKET_NOT_FOUND_MESSAGE,
  INT4_MAX,
  normalizeArticle,
  normalizeBrand,
  type Basket,
  type BasketAddItemRequest,
  type BasketAddItemsRequest,
  type BasketAddItemsResult,
  type BasketRef,
  type BasketSummary,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { pricingOf, type ClientPricing } from '../pricing/client-pricing.ts';
import { conflict, notFound, type HttpError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/handlers.ts';
import { findBrandBySpelling } from '../catalog/brands-queries.ts';
import { basketKeyMatches } from './basket-key.ts';
import { claimBasketForClient } from './merge.ts';
import {
  addOfferToBasket,
  addOffersToBasket,
  countLines,
  countLinesIn,
  deleteAllLines,
  deleteLine,
  findBasket,
  findStockAndLine,
  insertAnonymousBasket,
  findBasketWithLines,
  listLines,
  lockBasket,
  markLineAnalogOf,
  setLineQuantity,
  stepLineQuantity,
  type StoredBasket,
} from './queries.ts';

export const BASKET_ITEM_NOT_FOUND_MESSAGE = 'Этой позиции нет в корзине';
export const OFFER_NOT_FOUND_MESSAGE = 'Товар не найден: возможно, он больше не продаётся';

export const basketNotFound = () => notFound(BASKET_NOT_FOUND_MESSAGE);
export const NOTHING_IN_STOCK_MESSAGE = 'Ни одной из выбранных позиций нет в наличии: в корзину ничего не добавлено';

/** The ids an add request carries: both, or neither (null: a new basket or the client's own). */
interface NullableRef {
  basket_id: number | null;
  basket_key: string | null;
}

/**
 * The basket an id/key pair names, if the caller may use it; else 404 "Корзина не найдена", the same answer for
 * an unknown id, a wrong key and a basket that is not the caller's, so that it reveals nothing.
 *
 * Who may use a basket: an anonymous basket, anyone holding its key; a client's own basket, only that client,
 * signed in, with its key. A client's basket is therefore never reached with another client's session, nor
 * with no session at all (after logout the web forgets the ids; a session that expired shows the basket again
 * at the next sign-in).
 */
export async function openBasket(db: Db, ref: BasketRef, auth: AuthContext): Promise<StoredBasket> {
  return checkAccess(await findBasket(db, ref.basket_id), ref, auth);
}

/** openBasket's check, for a basket already read (null: no such id). */
function checkAccess(stored: StoredBasket | null, ref: BasketRef, auth: AuthContext): StoredBasket {
  // Compared even when the id is unknown, so that both failures take the same time.
  if (!basketKeyMatches(stored?.key, ref.basket_key) || !stored) throw basketNotFound();
  if (stored.clientId !== null && stored.clientId !== auth.clientId) throw basketNotFound();
  return stored;
}

/**
 * The basket an add goes into: the one the ids name, or for a signed-in client holding an anonymous basket's key
 * (a sign-in that happened without the web sending its ids, a basket started in another tab), their own basket
 * with that one merged in.
 */
async function basketToUse(db: Db, ref: BasketRef, auth: AuthContext): Promise<BasketRef> {
  return claimIfSignedIn(db, await openBasket(db, ref, auth), ref, auth);
}

/** The merge of basketToUse, for a basket already read and checked; the answer then carries the client's ids. */
async function claimIfSignedIn(db: Db, stored: StoredBasket, ref: BasketRef, auth: AuthContext): Promise<BasketRef> {
  if (auth.clientId !== null && stored.clientId === null) return claimBasketForClient(db, auth.clientId, ref);
  return ref;
}

async function summaryOf(db: Db, ref: BasketRef): Promise<BasketSummary> {
  return {
    basket_id: ref.basket_id,
    basket_key: ref.basket_key,
    total_positions_in_basket: await countLines(db, ref.basket_id),
  };
}

/** The 409 of an add: how many the stock allows, counting what the basket already holds. */
export function stockRefusalMessage(stock: number, inBasket: number, requested: number): string {
  if (stock <= 0) return 'Этого товара сейчас нет в наличии';
  if (inBasket >= stock) return `В корзине уже ${inBasket} шт. — это всё, что есть в наличии`;
  if (inBasket === 0) return `В наличии только ${stock} шт., добавить ${requested} шт. нельзя`;
  return `В наличии ${stock} шт., в корзине уже ${inBasket} шт.: можно добавить ещё не больше ${stock - inBasket} шт.`;
}

/** Why an add was refused: the offer is gone (404), or the stock does not allow that many (409). */
async function refusalOf(
  db: DbExecutor,
  basketId: number | null,
  offerId: number,
  requested: number,
): Promise<HttpError> {
  const found = await findStockAndLine(db, basketId, offerId);
  if (found === null) return notFound(OFFER_NOT_FOUND_MESSAGE);
  return conflict(stockRefusalMessage(found.stock, found.inBasket, requested));
}

// SQLSTATE foreign_key_violation: the line's basket was deleted (merged at a login) after its key was checked.
const FOREIGN_KEY_VIOLATION = '23503';

function sqlStateOf(error: unknown): string | undefined {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    if ('code' in cause && typeof cause.code === 'string' && /^[0-9A-Z]{5}$/.test(cause.code)) return cause.code;
  }
  return undefined;
}

/** The add into a basket already checked; answers its number of lines after the add. */
async function addToExistingBasket(
  db: Db,
  ref: BasketRef,
  offerId: number,
  quantity: number,
  pricing: ClientPricing,
): Promise<number> {
  let lines: number | null;
  try {
    lines = await addOfferToBasket(db, ref.basket_id, offerId, quantity, pricing);
  } catch (error) {
    if (sqlStateOf(error) === FOREIGN_KEY_VIOLATION) throw basketNotFound();
    throw error;
  }
  if (lines === null) throw await refusalOf(db, ref.basket_id, offerId, quantity);
  return lines;
}

/** Whether an add makes a new anonymous basket: no ids, nobody signed in (addItem's and addItems' last branch). */
export const createsAnonymousBasket = (request: Partial<NullableRef>, auth: AuthContext): boolean =>
  !(request.basket_id != null && request.basket_key != null) && auth.clientId === null;

/**
 * basket-add-item. Null ids: a signed-in client's own basket (created when they have none), or a new anonymous
 * basket, created in one transaction with its first line so that a refused first add leaves no empty basket.
 */
export async function addItem(db: Db, request: BasketAddItemRequest, auth: AuthContext): Promise<BasketSummary> {
  const offerId = request.item.id;
  const { quantity } = request;
  // The line remembers the selling price the client saw: the one `price_changed` compares with later.
  const pricing = await pricingOf(db, auth.clientId);
  let target: BasketRef;
  let lines: number;
  if (request.basket_id != null && request.basket_key != null) {
    target = await basketToUse(db, { basket_id: request.basket_id, basket_key: request.basket_key }, auth);
    lines = await addToExistingBasket(db, target, offerId, quantity, pricing);
  } else if (auth.clientId !== null) {
    target = await claimBasketForClient(db, auth.clientId, null);
    lines = await addToExistingBasket(db, target, offerId, quantity, pricing);
  } else {
    // createsAnonymousBasket: the handler counts it against the limit of new baskets before this runs.
    target = await db.transaction(async (tx) => {
      const created = await insertAnonymousBasket(tx);
      if ((await addOfferToBasket(tx, created.basket_id, offerId, quantity, pricing)) === null) {
        throw await refusalOf(tx, null, offerId, quantity);
      }
      return created;
    });
    lines = 1;
  }
  if (request.analog_of) await rememberAnalogOf(db, target.basket_id, offerId, request.analog_of);
  return { basket_id: target.basket_id, basket_key: target.basket_key, total_positions_in_basket: lines };
}

/**
 * The part the client searched when adding an analog (issue 32, point 6; decision 0065), kept on the line: a brand
 * the catalogue does not know names no pair, and the line simply counts as no analog.
 */
async function rememberAnalogOf(
  db: DbExecutor,
  basketId: number,
  offerId: number,
  searched: NonNullable<BasketAddItemRequest['analog_of']>,
): Promise<void> {
  const brand = await findBrandBySpelling(db, normalizeBrand(searched.brand_name));
  const articleNormalized = normalizeArticle(searched.article);
  if (brand === null || articleNormalized === '') return;
  await markLineAnalogOf(db, basketId, offerId, { brandId: brand.id, articleNormalized });
}

/** The same offer twice in one request is one line: its quantities add up. */
function mergeSameOffers(items: BasketAddItemsRequest['items']): Array<{ offerId: number; quantity: number }> {
  const quantities = new Map<number, number>();
  // Capped at int4, the quantity column's type: the stock clamps it far below anyway.
  for (const item of items) quantities.set(item.id, Math.min(INT4_MAX, (quantities.get(item.id) ?? 0) + item.quantity));
  return [...quantities].map(([offerId, quantity]) => ({ offerId, quantity }));
}

/**
 * basket-add-items (decision 0029): several offers into the basket in one transaction, the basket row locked,
 * each quantity clamped to what the stock leaves (basket-add-item refuses more than the stock; a list of tens of
 * lines takes what there is and says so per offer). Which basket: as basket-add-item, the claim of an anonymous
 * basket by a signed-in client included. When no offer has anything left, 409 and nothing changes (no new basket).
 */
export async function addItems(
  db: Db,
  request: BasketAddItemsRequest,
  auth: AuthContext,
): Promise<BasketAddItemsResult> {
  const pricing = await pricingOf(db, auth.clientId);
  const wanted = mergeSameOffers(request.items);
  const ref =
    request.basket_id != null && request.basket_key != null
      ? { basket_id: request.basket_id, basket_key: request.basket_key }
      : null;
  // Read before the transaction (its reads run on the database itself): whose basket it is decides which to lock.
  const stored = ref === null ? null : await openBasket(db, ref, auth);
  return db.transaction(async (tx) => {
    let target: BasketRef;
    if (ref !== null && stored !== null && !(auth.clientId !== null && stored.clientId === null)) {
      // Checked again under the lock: a merge at a login may have taken the basket meanwhile.
      checkAccess(await lockBasket(tx, ref.basket_id), ref, auth);
      target = ref;
    } else if (auth.clientId !== null) {
      // The client's own basket, locked before the anonymous one it takes over: the order logins lock them in.
      target = await claimBasketForClient(tx, auth.clientId, ref);
    } else {
      target = await insertAnonymousBasket(tx);
    }
    const added = await addOffersToBasket(tx, target.basket_id, wanted, pricing);
    if (added.every((item) => item.added === 0)) throw conflict(NOTHING_IN_STOCK_MESSAGE);
    return {
      ...target,
      total_positions_in_basket: await countLinesIn(tx, target.basket_id),
      items: added.map((item) => ({ id: item.offerId, requested: item.requested, added: item.added })),
    };
  });
}

/** The basket at the viewer's selling prices (an anonymous viewer's are the retail group's). */
export async function showBasket(db: Db, ref: BasketRef, auth: AuthContext): Promise<Basket> {
  const pricing = await pricingOf(db, auth.clientId);
  const found = await findBasketWithLines(db, ref.basket_id, pricing);
  const stored = checkAccess(found?.basket ?? null, ref, auth);
  const target = await claimIfSignedIn(db, stored, ref, auth);
  const items = target === ref && found ? found.items : await listLines(db, target.basket_id, pricing);
  return { ...target, total_positions_in_basket: items.length, items };
}

/** A line the basket does not hold: 404, saying which (the basket itself, if it vanished meanwhile, or the line). */
async function lineNotFound(db: Db, ref: BasketRef, auth: AuthContext): Promise<HttpError> {
  await openBasket(db, ref, auth);
  return notFound(BASKET_ITEM_NOT_FOUND_MESSAGE);
}

export async function stepQuantity(
  db: Db,
  ref: BasketRef,
  lineId: number,
  step: 1 | -1,
  auth: AuthContext,
): Promise<BasketSummary> {
  await openBasket(db, ref, auth);
  if (!(await stepLineQuantity(db, ref.basket_id, lineId, step))) throw await lineNotFound(db, ref, auth);
  return summaryOf(db, ref);
}

export async function setQuantity(
  db: Db,
  ref: BasketRef,
  lineId: number,
  quantity: number,
  auth: AuthContext,
): Promise<BasketSummary> {
  await openBasket(db, ref, auth);
  if (!(await setLineQuantity(db, ref.basket_id, lineId, quantity))) throw await lineNotFound(db, ref, auth);
  return summaryOf(db, ref);
}

export async function removeLine(db: Db, ref: BasketRef, lineId: number, auth: AuthContext): Promise<BasketSummary> {
  await openBasket(db, ref, auth);
  if (!(await deleteLine(db, ref.basket_id, lineId))) throw await lineNotFound(db, ref, auth);
  return summaryOf(db, ref);
}

export async function clearBasket(db: Db, ref: BasketRef, auth: AuthContext): Promise<BasketSummary> {
  await openBasket(db, ref, auth);
  await deleteAllLines(db, ref.basket_id);
  return summaryOf(db, ref);
}
