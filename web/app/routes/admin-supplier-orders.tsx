import { Stack, Text } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-supplier-orders';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { PurchasingNav } from '../features/admin-purchasing/PurchasingNav.tsx';
import { SupplierOrderFilters, SupplierOrdersTable } from '../features/admin-purchasing/SupplierOrdersTable.tsx';
import { supplierOrdersQueryOf } from '../features/admin-purchasing/purchasing-filters.ts';

export const meta: Route.MetaFunction = () => adminMeta('Заказы поставщикам');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = supplierOrdersQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [list, { suppliers }] = await Promise.all([
    api.call('supplier-order-all', { query: { page: query.page }, body: query.filters, handles: [422] }),
    api.call('supplier-list', {}),
  ]);
  return { query, list, suppliers };
}

export const handle = adminSection('supplier-order-all', 'Закупки доступны владельцу и менеджерам');

export default function AdminSupplierOrdersPage() {
  const { query, list, suppliers } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <PurchasingNav title="Заказы поставщикам" />
      <SupplierOrderFilters query={query} suppliers={suppliers} />
      <Text size="sm" c="gray.7">
        Заказов: {list.total}
      </Text>
      <SupplierOrdersTable orders={list.data} />
      <ListPager list={list} />
    </Stack>
  );
}
