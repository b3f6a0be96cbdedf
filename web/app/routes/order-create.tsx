import { Alert, Anchor, Button, Skeleton, Stack, Text } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/order-create';
import { CheckoutForm } from '../features/orders/CheckoutForm.tsx';
import { checkoutAction } from '../features/orders/checkout-action.ts';
import { loadCheckout } from '../features/orders/checkout-loader.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { paths } from '../paths.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** On the server only the session is checked: the basket ids step 1 needs live in the browser's storage. */
export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

/** Step 1 of checkout, in the browser, for the lines of `?items=` (the basket sends them here). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => loadCheckout(new URL(request.url));
clientLoader.hydrate = true as const;

/** Step 2: the basket ids it orders from are in the browser's storage, as for step 1. */
export const clientAction = ({ request }: Route.ClientActionArgs) => checkoutAction(request);

export const meta: Route.MetaFunction = () =>
  pageMeta('Оформление заказа', 'Оформление заказа: контактные данные и способ доставки.');

const intro = (
  <PageIntro title="Оформление заказа">
    Проверьте состав заказа, укажите контактные данные и способ получения.
  </PageIntro>
);

/** Shown while step 1 runs (and by server rendering, which cannot run it). */
export function HydrateFallback() {
  return (
    <>
      {intro}
      <Stack gap="md" aria-busy="true" aria-label="Загружаем заказ">
        <Skeleton height={120} radius="md" />
        <Skeleton height={260} radius="md" />
        <Skeleton height={160} radius="md" />
      </Stack>
    </>
  );
}

export default function OrderCreatePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {intro}
      {loaderData.state === 'ready' ? (
        // A new choice of lines is a new form.
        <CheckoutForm key={loaderData.lineIds.join(',')} preorder={loaderData.preorder} />
      ) : (
        <Alert color="orange" title="Нечего оформлять" role="alert">
          <Stack gap="sm" align="flex-start">
            {loaderData.state === 'nothing-chosen' ? (
              <Text size="sm">Выберите позиции в корзине и нажмите «Оформить заказ».</Text>
            ) : (
              loaderData.messages.map((message) => (
                <Text size="sm" key={message}>
                  {message}
                </Text>
              ))
            )}
            <Button component={Link} to={paths.cart()} variant="light" size="sm">
              Перейти в корзину
            </Button>
            <Anchor component={Link} to={paths.orders()} size="sm">
              Мои заказы
            </Anchor>
          </Stack>
        </Alert>
      )}
    </>
  );
}
