import { Button, Stack, Text } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-goods-receipts';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { PurchasingNav } from '../features/admin-purchasing/PurchasingNav.tsx';
import { GoodsReceiptsTable, ReceiptFilters } from '../features/admin-purchasing/GoodsReceiptsTable.tsx';
import { receiptsQueryOf } from '../features/admin-purchasing/purchasing-filters.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Приходы');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = receiptsQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [list, { suppliers }] = await Promise.all([
    api.call('goods-receipt-all', { query: { page: query.page }, body: query.filters, handles: [422] }),
    api.call('supplier-list', {}),
  ]);
  return { query, list, suppliers };
}

export const handle = adminSection('goods-receipt-all', 'Закупки доступны владельцу и менеджерам');

export default function AdminGoodsReceiptsPage() {
  const { query, list, suppliers } = useLoaderData<typeof loader>();
  const supplier = query.filters.supplier_id;
  return (
    <Stack gap="xs">
      <PurchasingNav title="Приходы">
        <Button
          component={Link}
          to={paths.adminGoodsReceipt('new', supplier ? `supplier_id=${supplier}` : '')}
          size="compact-sm"
        >
          Новый приход
        </Button>
      </PurchasingNav>
      <ReceiptFilters query={query} suppliers={suppliers} />
      <Text size="sm" c="gray.7">
        Приходов: {list.total}
      </Text>
      <GoodsReceiptsTable receipts={list.data} />
      <ListPager list={list} />
    </Stack>
  );
}
