import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-orders';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { OrderQueue, QueueFilters } from '../features/admin-orders/OrderQueue.tsx';
import { orderAction } from '../features/admin-orders/order-actions.ts';
import { queueQueryOf } from '../features/admin-orders/queue-filters.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Заказы');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = queueQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [queue, suppliers] = await Promise.all([
    api.call('order-line-list', {
      query: { page: query.page },
      body: query.filters,
      handles: [422],
    }),
    api.call('supplier-list', {}),
  ]);
  // The moment the queue's ages are counted from, the same for the server's render and the browser's.
  return { query, queue, suppliers: suppliers.suppliers, now: new Date().toISOString() };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => orderAction(request);

export const handle = adminSection('order-line-list', 'Заказы доступны владельцу и менеджерам');

export default function AdminOrdersPage() {
  const { query, queue, suppliers, now } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <Title order={1} fz="h3">
        Заказы
      </Title>
      <>
        <QueueFilters query={query} suppliers={suppliers} />
        <Text size="sm" c="gray.7">
          Позиций: {queue.total}
        </Text>
        <OrderQueue lines={queue.data} now={now} />
        <ListPager list={queue} />
      </>
    </Stack>
  );
}
