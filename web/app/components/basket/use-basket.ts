import { useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Basket, BasketItem, BasketSummary } from '@detal/contract';
import { useBasketHydrated, useBasketStore } from '../../stores/basket.ts';
import type { HeldBasket } from '../../stores/basket.ts';
import { clearAllLines, deleteLine, loadBasket, reportBasketFailure, stepLineQuantity } from './basket-api.ts';

const BASKET_QUERY = 'basket';

export const basketQueryKey = (held: HeldBasket | null) =>
  [BASKET_QUERY, held?.basket_id ?? null, held?.basket_key ?? null] as const;

export function useHeldBasket(): HeldBasket | null {
  const basketId = useBasketStore((state) => state.basket_id);
  const basketKey = useBasketStore((state) => state.basket_key);
  return useMemo(
    () => (basketId !== null && basketKey !== null ? { basket_id: basketId, basket_key: basketKey } : null),
    [basketId, basketKey],
  );
}

export type BasketView =
  /** Not known yet: the stored ids are being read, or the lines loaded. */
  | { state: 'loading' }
  | { state: 'empty' }
  | { state: 'failed'; retry: () => void }
  | { state: 'ready'; basket: Basket };

/**
 * The held basket's lines, loaded in the browser (its ids live in the browser's storage). Until the stored ids
 * are read it is 'loading', never 'empty': an empty basket is only said when it is known to be.
 */
export function useBasketView(): BasketView {
  const hydrated = useBasketHydrated();
  const held = useHeldBasket();
  const query = useQuery({
    queryKey: basketQueryKey(held),
    queryFn: loadBasket,
    enabled: hydrated && held !== null,
  });
  if (!hydrated) return { state: 'loading' };
  if (held === null) return { state: 'empty' };
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'failed', retry: () => void query.refetch() };
  const basket = query.data;
  if (!basket || basket.items.length === 0) return { state: 'empty' };
  return { state: 'ready', basket };
}

const withinStock = (quantity: number, stock: number) => Math.min(Math.max(quantity, 1), Math.max(stock, 1));

export interface BasketChanges {
  step: (line: BasketItem, step: 1 | -1) => void;
  remove: (line: BasketItem) => void;
  clear: () => void;
}

/**
 * Changes of the held basket, shown at once (optimistically) and then reconciled with the server: the lines are
 * reloaded when the last change in flight has answered, so quick clicks do not flicker through stale states.
 */
export function useBasketChanges(): BasketChanges {
  const queryClient = useQueryClient();
  const held = useHeldBasket();
  const inFlight = useRef(0);

  return useMemo(() => {
    const key = basketQueryKey(held);
    const change = (preview: (basket: Basket) => Basket, call: () => Promise<BasketSummary | null>) => {
      inFlight.current += 1;
      void (async () => {
        try {
          await queryClient.cancelQueries({ queryKey: key });
          queryClient.setQueryData<Basket | null>(key, (basket) => (basket ? preview(basket) : basket));
          await call();
        } catch (error) {
          reportBasketFailure(error);
        } finally {
          inFlight.current -= 1;
          if (inFlight.current === 0) void queryClient.invalidateQueries({ queryKey: [BASKET_QUERY] });
        }
      })();
    };
    const withoutLines = (basket: Basket, keep: (line: BasketItem) => boolean): Basket => {
      const items = basket.items.filter(keep);
      return { ...basket, items, total_positions_in_basket: items.length };
    };

    return {
      step: (line, step) =>
        change(
          (basket) => ({
            ...basket,
            items: basket.items.map((item) =>
              item.id === line.id
                ? { ...item, quantity_in_basket: withinStock(item.quantity_in_basket + step, item.quantity) }
                : item,
            ),
          }),
          () => stepLineQuantity(line.id, step),
        ),
      remove: (line) =>
        change(
          (basket) => withoutLines(basket, (item) => item.id !== line.id),
          () => deleteLine(line.id),
        ),
      clear: () => change((basket) => withoutLines(basket, () => false), clearAllLines),
    };
  }, [queryClient, held]);
}
