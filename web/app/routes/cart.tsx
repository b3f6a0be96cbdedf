import { Alert, Button, Group, Text } from '../ui/index.ts';
import { useLoaderData, useRevalidator, useRouteLoaderData } from 'react-router';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/cart';
import { BasketSkeleton } from '../features/basket/BasketSkeleton.tsx';
import { EmptyBasket } from '../features/basket/EmptyBasket.tsx';
import { FilledBasket } from '../features/basket/FilledBasket.tsx';
import { basketAction, isBasketWrite, loadBasketPage } from '../features/basket/basket-route.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import type { loader as rootLoader } from '../root.tsx';

// Public, but the page is the visitor's own basket.
export const handle = { access: 'public', personal: true } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

// The basket's ids live in the browser (spec section 3): its lines are loaded and changed there.
export const clientLoader = () => loadBasketPage();
clientLoader.hydrate = true as const;

export const clientAction = ({ request }: Route.ClientActionArgs) => basketAction(request);

/** Basket writes reload only this page's lines; other submissions follow the router's rules. */
export const shouldRevalidate = ({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isBasketWrite(formAction) || defaultShouldRevalidate;

export const meta: Route.MetaFunction = () =>
  pageMeta('Корзина', 'Корзина: выбранные запчасти, количество и сумма заказа.');

/** Until the browser has read its basket: the server cannot know it, so never "empty". */
export function HydrateFallback() {
  return (
    <>
      <PageIntro title="Корзина" />
      <BasketSkeleton />
    </>
  );
}

export default function CartPage() {
  const shell = useRouteLoaderData<typeof rootLoader>('root');
  const signedIn = shell?.signedIn ?? false;
  const revalidator = useRevalidator();
  const { basket } = useLoaderData<typeof clientLoader>();

  return (
    <>
      <PageIntro title="Корзина">
        {basket && basket !== 'failed' ? 'Проверьте количество, отметьте позиции для заказа и оформите его.' : null}
      </PageIntro>
      {basket === null ? <EmptyBasket /> : null}
      {basket === 'failed' ? (
        <Alert color="red" title="Не удалось загрузить корзину">
          <Group justify="space-between" gap="sm">
            <Text size="sm">Проверьте подключение к интернету и попробуйте ещё раз.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void revalidator.revalidate()}>
              Повторить
            </Button>
          </Group>
        </Alert>
      ) : null}
      {basket && basket !== 'failed' ? <FilledBasket basket={basket} signedIn={signedIn} /> : null}
    </>
  );
}
