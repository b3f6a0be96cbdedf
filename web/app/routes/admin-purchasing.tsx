import { Stack, Text } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-purchasing';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { PurchasingNav } from '../features/admin-purchasing/PurchasingNav.tsx';
import {
  PurchaseQueue,
  PurchaseQueueFiltersForm,
  SupplierGroups,
} from '../features/admin-purchasing/PurchaseQueue.tsx';
import { ReorderNotice } from '../features/admin-purchasing/Alternatives.tsx';
import { queueQueryOf } from '../features/admin-purchasing/purchasing-filters.ts';
import { purchasingAction } from '../features/admin-purchasing/purchasing-writes.ts';

export const meta: Route.MetaFunction = () => adminMeta('К заказу');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = queueQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  // The groups count every supplier's waiting lines whatever supplier is chosen: the list of suppliers stays whole
  // (and the table's supplier rows say how many lines and what sum each has in all, not only on this page).
  const [queue, { groups }] = await Promise.all([
    api.call('supplier-order-queue', { query: { page: query.page }, body: query.filters, handles: [422] }),
    api.call('supplier-order-queue-suppliers', {
      body: { ...query.filters, supplier_id: null },
      handles: [422],
    }),
  ]);
  return { query, queue, groups };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => purchasingAction(request);

export const handle = adminSection('supplier-order-queue', 'Закупки доступны владельцу и менеджерам');

export default function AdminPurchasingPage() {
  const { query, queue, groups } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <PurchasingNav title="К заказу" />
      <PurchaseQueueFiltersForm query={query} groups={groups} />
      <SupplierGroups groups={groups} chosen={query.filters.supplier_id ?? null} />
      <ReorderNotice />
      <Text size="sm" c="gray.7">
        Позиций: {queue.total}
      </Text>
      <PurchaseQueue lines={queue.data} groups={groups} />
      <ListPager list={queue} />
    </Stack>
  );
}
