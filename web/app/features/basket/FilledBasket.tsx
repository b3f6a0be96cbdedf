import { useState } from 'react';
import { Alert, Stack } from '../../ui/index.ts';
import type { Basket, BasketItem } from '@detal/contract';
import { BasketCheckout } from './BasketCheckout.tsx';
import { BasketLines, isOrderable } from './BasketLines.tsx';
import { useBasketChanges, useOptimisticBasket } from './basket-changes.ts';

/**
 * The lines and the order button. Every line in stock is chosen for the order unless the client unticks it, so
 * lines added later (another tab) arrive chosen.
 */
export function FilledBasket({ basket: loaded, signedIn }: { basket: Basket; signedIn: boolean }) {
  const changes = useBasketChanges();
  const basket = useOptimisticBasket(loaded);
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(() => new Set());
  const isChosen = (line: BasketItem) => isOrderable(line) && !unchosen.has(line.id);
  const chosen = basket.items.filter(isChosen);

  const choose = (line: BasketItem, checked: boolean) =>
    setUnchosen((previous) => {
      const next = new Set(previous);
      if (checked) next.delete(line.id);
      else next.add(line.id);
      return next;
    });
  const chooseAll = (checked: boolean) =>
    setUnchosen(checked ? new Set() : new Set(basket.items.map((line) => line.id)));

  return (
    <Stack gap="md">
      {basket.items.some((line) => line.price_changed) ? (
        <Alert color="orange" title="Цены изменились" titleColor="#000">
          Цены некоторых товаров изменились с тех пор, как их добавили в корзину: здесь показаны актуальные. Такие
          позиции отмечены.
        </Alert>
      ) : null}
      <BasketLines
        items={basket.items}
        isChosen={isChosen}
        onChoose={choose}
        onChooseAll={chooseAll}
        changes={changes}
      />
      <BasketCheckout items={basket.items} chosen={chosen} signedIn={signedIn} onClear={changes.clear} />
    </Stack>
  );
}
