import { useMemo, useRef } from 'react';
import { useFetchers, useSubmit } from 'react-router';
import type { Basket, BasketItem } from '@detal/contract';
import { basketSubmit, isBasketWrite } from './basket-route.ts';
import type { BasketIntent } from './basket-route.ts';

export interface BasketChanges {
  step: (line: BasketItem, step: 1 | -1) => void;
  /** A typed quantity (within 1 and the stock). */
  set: (line: BasketItem, quantity: number) => void;
  remove: (line: BasketItem) => void;
  clear: () => void;
}

/**
 * Changes of the held basket as submissions to the basket action, each its own fetcher so that quick clicks all
 * go through (the action sends them to the server one after another).
 */
export function useBasketChanges(): BasketChanges {
  const submit = useSubmit();
  const sent = useRef(0);
  return useMemo(() => {
    const send = (intent: BasketIntent, fields: Record<string, number> = {}) => {
      sent.current += 1;
      void submit({ intent, ...fields }, { ...basketSubmit, navigate: false, fetcherKey: `basket-${sent.current}` });
    };
    return {
      step: (line, step) => send('step', { line: line.id, step }),
      set: (line, quantity) => send('set', { line: line.id, quantity }),
      remove: (line) => send('delete', { line: line.id }),
      clear: () => send('clear'),
    };
  }, [submit]);
}

const withinStock = (quantity: number, stock: number) => Math.min(Math.max(quantity, 1), Math.max(stock, 1));

function preview(basket: Basket, form: FormData): Basket {
  const line = Number(form.get('line'));
  const keep = (items: BasketItem[]) => ({ ...basket, items, total_positions_in_basket: items.length });
  switch (form.get('intent')) {
    case 'step': {
      const step = Number(form.get('step'));
      return {
        ...basket,
        items: basket.items.map((item) =>
          item.id === line
            ? { ...item, quantity_in_basket: withinStock(item.quantity_in_basket + step, item.quantity) }
            : item,
        ),
      };
    }
    case 'set': {
      const quantity = Number(form.get('quantity'));
      return {
        ...basket,
        items: basket.items.map((item) =>
          item.id === line ? { ...item, quantity_in_basket: withinStock(quantity, item.quantity) } : item,
        ),
      };
    }
    case 'delete':
      return keep(basket.items.filter((item) => item.id !== line));
    case 'clear':
      return keep([]);
    default:
      return basket;
  }
}

/** The basket as it will be once the changes in flight have answered: shown at once, reconciled by revalidation. */
export function useOptimisticBasket(basket: Basket): Basket {
  const pending = useFetchers().filter((fetcher) => fetcher.formData && isBasketWrite(fetcher.formAction));
  return pending.reduce((shown, fetcher) => preview(shown, fetcher.formData!), basket);
}
