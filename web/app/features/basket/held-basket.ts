import { useSyncExternalStore } from 'react';

/**
 * What the browser remembers of its basket between visits (spec section 3): the ids and the header's count, in
 * localStorage. The lines stay on the server; the basket page loads them (routes/cart.tsx).
 */
export interface BasketIds {
  basket_id: number | null;
  basket_key: string | null;
  total_positions_in_basket: number;
  /**
   * Pieces of each offer (by id) in this basket, as the browser last learned them: from the basket's lines (the
   * basket page, the reload once a visit) and from its own adds. Absent while unknown (another basket taken over).
   */
  pieces?: Record<string, number>;
}

/** A basket the browser holds: both ids set. */
export interface HeldBasket {
  basket_id: number;
  basket_key: string;
}

export const EMPTY_BASKET: BasketIds = { basket_id: null, basket_key: null, total_positions_in_basket: 0 };

// The stored shape `{ state, version }` is the one earlier releases wrote: visitors keep their baskets.
const STORAGE_KEY = 'detal-basket';
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastIds: BasketIds = EMPTY_BASKET;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** The stored ids; the empty basket when none are stored or the entry is unreadable. */
export function basketIds(): BasketIds {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw === lastRaw) return lastIds;
  lastRaw = raw;
  try {
    const state = (JSON.parse(raw ?? 'null') as { state?: Partial<BasketIds> } | null)?.state;
    lastIds = { ...EMPTY_BASKET, ...state };
  } catch {
    lastIds = EMPTY_BASKET;
  }
  return lastIds;
}

function store(ids: BasketIds): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ state: ids, version: 0 }));
  listeners.forEach((listener) => listener());
}

/** The basket held now, or null when the browser has none. */
export function heldBasket(): HeldBasket | null {
  const { basket_id, basket_key } = basketIds();
  return basket_id !== null && basket_key !== null ? { basket_id, basket_key } : null;
}

/**
 * Takes the summary a basket endpoint answered with, or new ids alone (after login: the client's own basket). The
 * pieces per offer are kept only while the basket stays the same one.
 */
export function rememberBasket(summary: Partial<BasketIds>): void {
  const current = basketIds();
  const sameBasket = summary.basket_id === undefined || summary.basket_id === current.basket_id;
  const { pieces, ...rest } = current;
  store({ ...rest, ...(sameBasket && pieces ? { pieces } : {}), ...summary });
}

/** Records `added` more pieces of an offer in the held basket, when the browser knows its pieces at all. */
export function rememberAdded(offerId: number, added: number): void {
  const current = basketIds();
  if (!current.pieces) return;
  store({ ...current, pieces: { ...current.pieces, [offerId]: (current.pieces[offerId] ?? 0) + added } });
}

/** Forgets the basket (logout). */
export function forgetBasket(): void {
  store(EMPTY_BASKET);
}

/**
 * Forgets `held` if it is still the basket held: its key stopped working (deleted, merged at login). A newer
 * basket stored meanwhile (another request created it) is kept.
 */
export function dropBasket(held: HeldBasket): void {
  const current = heldBasket();
  if (current?.basket_id === held.basket_id && current.basket_key === held.basket_key) forgetBasket();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  // Another tab's change arrives as a storage event.
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Pieces of an offer in the held basket as far as the browser knows; 0 on the server and in the first render. */
export function usePiecesInBasket(offerId: number): number {
  return useSyncExternalStore(
    subscribe,
    () => basketIds().pieces?.[offerId] ?? 0,
    () => 0,
  );
}

/** The header's count; 0 on the server and in the first client render, which must match it. */
export function useBasketCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => basketIds().total_positions_in_basket,
    () => 0,
  );
}
