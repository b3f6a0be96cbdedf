import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useRouteLoaderData } from 'react-router';
import type { Basket, BasketItem } from '@detal/contract';
import type { Route } from './+types/cart';
import { BasketCheckout } from '../components/basket/BasketCheckout.tsx';
import { BasketLines, isOrderable } from '../components/basket/BasketLines.tsx';
import { BasketSkeleton } from '../components/basket/BasketSkeleton.tsx';
import { EmptyBasket } from '../components/basket/EmptyBasket.tsx';
import { useBasketChanges, useBasketView } from '../components/basket/use-basket.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import type { loader as rootLoader } from '../root.tsx';
import { useSignedIn } from '../stores/auth.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta('Корзина', 'Корзина: выбранные запчасти, количество и сумма заказа.');

/**
 * The lines and the order button. Every line in stock is chosen for the order unless the client unticks it, so
 * lines added later (another tab) arrive chosen.
 */
function FilledBasket({ basket, signedIn }: { basket: Basket; signedIn: boolean }) {
  const changes = useBasketChanges();
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
    <>
      {basket.items.some((line) => line.price_changed) ? (
        <Alert
          color="orange"
          variant="light"
          mb="md"
          title="Цены изменились"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
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
    </>
  );
}

export default function CartPage() {
  const shell = useRouteLoaderData<typeof rootLoader>('root');
  const signedIn = useSignedIn(shell?.signedIn ?? false);
  const view = useBasketView();

  return (
    <>
      <PageIntro title="Корзина">
        {view.state === 'ready' ? 'Проверьте количество, отметьте позиции для заказа и оформите его.' : null}
      </PageIntro>
      {view.state === 'loading' ? <BasketSkeleton /> : null}
      {view.state === 'empty' ? <EmptyBasket /> : null}
      {view.state === 'failed' ? (
        <Alert color="red" variant="light" title="Не удалось загрузить корзину">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Проверьте подключение к интернету и попробуйте ещё раз.</Text>
            <Button size="xs" variant="light" color="red" onClick={view.retry}>
              Повторить
            </Button>
          </Group>
        </Alert>
      ) : null}
      {view.state === 'ready' ? <FilledBasket basket={view.basket} signedIn={signedIn} /> : null}
    </>
  );
}
