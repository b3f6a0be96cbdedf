import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What the browser remembers of its basket between visits (spec section 3); the items stay on the server. */
export interface BasketIds {
  basket_id: number | null;
  basket_key: string | null;
  total_positions_in_basket: number;
}

export interface BasketState extends BasketIds {
  /** Takes the summary a basket endpoint answered with (or part of it, e.g. new ids after login). */
  setBasket: (summary: Partial<BasketIds>) => void;
  /** Forgets the basket (logout, or a key that no longer works). */
  clearBasket: () => void;
}

export const EMPTY_BASKET: BasketIds = { basket_id: null, basket_key: null, total_positions_in_basket: 0 };

export const useBasketStore = create<BasketState>()(
  persist(
    (set) => ({
      ...EMPTY_BASKET,
      setBasket: (summary) => set(summary),
      clearBasket: () => set(EMPTY_BASKET),
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
    },
  ),
);
