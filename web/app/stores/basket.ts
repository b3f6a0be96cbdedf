import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the browser remembers of its basket between visits (spec section 3); the items stay on the server. */
export interface BasketIds {
  basket_id: number | null;
  basket_key: string | null;
  total_positions_in_basket: number;
}

/** A basket the browser holds: both ids set. */
export interface HeldBasket {
  basket_id: number;
  basket_key: string;
}

export interface BasketState extends BasketIds {
  /**
   * Takes the summary a basket endpoint answered with, or new ids alone (after login: the client's own basket).
   * New ids without a count make the store ask the server for the count (spec section 4: items are reloaded).
   */
  setBasket: (summary: Partial<BasketIds>) => void;
  /** Forgets the basket (logout). */
  clearBasket: () => void;
  /**
   * Forgets `held` if it is still the basket held: its key stopped working (deleted, merged at login). A newer
   * basket stored meanwhile (another request created it) is kept.
   */
  dropBasket: (held: HeldBasket) => void;
}

export const EMPTY_BASKET: BasketIds = { basket_id: null, basket_key: null, total_positions_in_basket: 0 };

export const useBasketStore = create<BasketState>()(
  persist(
    (set, get) => ({
      ...EMPTY_BASKET,
      setBasket: (summary) => {
        const before = get();
        set(summary);
        const after = get();
        const idsChanged = after.basket_id !== before.basket_id || after.basket_key !== before.basket_key;
        if (idsChanged && summary.total_positions_in_basket === undefined) void refreshHeldBasket();
      },
      clearBasket: () => set(EMPTY_BASKET),
      dropBasket: (held) => {
        const { basket_id, basket_key } = get();
        if (basket_id === held.basket_id && basket_key === held.basket_key) set(EMPTY_BASKET);
      },
    }),
    {
      name: 'detal-basket',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ basket_id, basket_key, total_positions_in_basket }) => ({
        basket_id,
        basket_key,
        total_positions_in_basket,
      }),
      // The server cannot see localStorage: the first client render must match the server's empty basket, so the
      // stored one is read only after hydration (see hydrateClientStores).
      skipHydration: true,
      // The count stored days ago may be stale, and the key dead (merged at a login elsewhere): ask once per visit.
      onRehydrateStorage: () => (state) => {
        if (state?.basket_id != null) void refreshHeldBasket();
      },
    },
  ),
);

/** The basket held now, or null when the browser has none. */
export function heldBasket(): HeldBasket | null {
  const { basket_id, basket_key } = useBasketStore.getState();
  return basket_id !== null && basket_key !== null ? { basket_id, basket_key } : null;
}

/** Reloads the held basket's count from the server, dropping a dead key (see components/basket/refresh-basket.ts). */
async function refreshHeldBasket(): Promise<void> {
  const { refreshHeldBasket: refresh } = await import('../components/basket/refresh-basket.ts');
  await refresh();
}

const subscribeToHydration = (onChange: () => void) => useBasketStore.persist.onFinishHydration(onChange);
const hasHydrated = () => useBasketStore.persist.hasHydrated();
const notOnServer = () => false;

/** False until the stored basket has been read (never on the server): until then "no basket" means "not known yet". */
export function useBasketHydrated(): boolean {
  return useSyncExternalStore(subscribeToHydration, hasHydrated, notOnServer);
}
