import { Anchor, Button, Group, Stack, Text } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/orders';
import { withSession } from '../features/clients/session.server.ts';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { OrderFilters } from '../features/orders/OrderFilters.tsx';
import { OrdersTable } from '../features/orders/OrdersTable.tsx';
import { hasOrderFilters, orderFilterError, readOrderFilters } from '../features/orders/order-filters.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { pageParam } from '../lib/not-found.ts';
import { paths } from '../paths.ts';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';

export const handle = { access: 'session' } satisfies AccessHandle;

const ORDERS_PER_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const filters = readOrderFilters(new URL(request.url).searchParams);
  const error = orderFilterError(filters);
  const page = pageParam(request);
  // A reversed range is shown on the form instead of being sent for a 422.
  const list = error
    ? null
    : await withSession(request, context, (api) =>
        api.callShop('show-client-all-orders-post', {
          query: { page },
          body: { ...filters, per_page: ORDERS_PER_PAGE },
          signal: request.signal,
        }),
      );
  return { list, filters, error };
}

export const meta: Route.MetaFunction = () => pageMeta('Мои заказы', 'Заказы клиента: статусы, состав и суммы.');

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { list, filters, error } = loaderData;
  const filtered = hasOrderFilters(filters);
  return (
    <>
      <AccountTabs />
      <PageIntro title="Мои заказы">
        Ваши заказы со статусами, составом и суммами. Откройте заказ, чтобы увидеть подробности.
      </PageIntro>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <OrderFilters filters={filters} error={error} />
          <Anchor component={Link} to={paths.bills()} size="sm">
            Счета на оплату
          </Anchor>
        </Group>
        {list && list.total > 0 ? (
          <Text size="sm" tone="muted">
            Найдено заказов: {list.total}
          </Text>
        ) : null}
        {list && list.data.length > 0 ? <OrdersTable orders={list.data} /> : null}
        {list && list.data.length === 0 ? (
          list.total > 0 ? (
            <Text tone="muted">
              На этой странице заказов нет.{' '}
              <Anchor component={Link} to={paths.orders()}>
                К первой странице
              </Anchor>
            </Text>
          ) : filtered ? (
            <Text tone="muted">Заказов с такими условиями нет. Измените номер, даты или статус.</Text>
          ) : (
            <Stack gap="sm" align="flex-start">
              <Text tone="muted">
                Заказов пока нет. Найдите запчасти по артикулу, положите в корзину и оформите заказ.
              </Text>
              <Button component={Link} to={paths.cart()} variant="light">
                Перейти в корзину
              </Button>
            </Stack>
          )
        ) : null}
        {list ? <PageLinks page={list.current_page} lastPage={list.last_page} /> : null}
      </Stack>
    </>
  );
}
