import { Alert, Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-orders';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import { OrderQueue, QueueFilters } from '../features/admin-orders/OrderQueue.tsx';
import { orderAction } from '../features/admin-orders/order-actions.ts';
import { queueQueryOf } from '../features/admin-orders/queue-filters.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Заказы');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = queueQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  try {
    const [queue, suppliers] = await Promise.all([
      guard(
        api.call('order-line-list', {
          query: { page: query.page },
          body: query.filters,
          signal: request.signal,
          handles: [401, 403, 422],
        }),
      ),
      guard(api.call('supplier-list', { signal: request.signal, handles: [401, 403] })),
    ]);
    // The moment the queue's ages are counted from, the same for the server's render and the browser's.
    return { query, queue, suppliers: suppliers.suppliers, forbidden: false, now: new Date().toISOString() };
  } catch (error) {
    if (isForbidden(error)) return { query, queue: null, suppliers: [], forbidden: true, now: '' };
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => orderAction(request);

export default function AdminOrdersPage() {
  const { query, queue, suppliers, forbidden, now } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <Title order={1} fz="h3">
        Заказы
      </Title>
      {forbidden || !queue ? (
        <Alert color="gray">Заказы доступны владельцу и менеджерам</Alert>
      ) : (
        <>
          <QueueFilters query={query} suppliers={suppliers} />
          <Text size="sm" c="gray.7">
            Позиций: {queue.total}
          </Text>
          <OrderQueue lines={queue.data} now={now} />
          <ListPager list={queue} />
        </>
      )}
    </Stack>
  );
}
