import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { zonedDayAndMinutes } from '@detal/contract/browser';
import type { Route } from './+types/admin-goods-receipt';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { GoodsReceiptForm } from '../features/admin-purchasing/GoodsReceiptForm.tsx';
import { GoodsReceiptScreen } from '../features/admin-purchasing/GoodsReceiptScreen.tsx';
import { PostedBadge } from '../features/admin-purchasing/GoodsReceiptsTable.tsx';
import { positiveInt } from '../features/admin-purchasing/purchasing-filters.ts';
import { purchasingAction } from '../features/admin-purchasing/purchasing-writes.ts';
import { isApiError } from '../lib/api/index.ts';
import { notFound } from '../lib/not-found.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(params.id === 'new' ? 'Новый приход' : `Приход № ${params.id}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  if (params.id === 'new') {
    const { suppliers } = await api.call('supplier-list', {});
    const supplierId = positiveInt(new URL(request.url).searchParams.get('supplier_id'));
    return {
      receipt: null,
      suppliers,
      supplierId,
      today: zonedDayAndMinutes(new Date(), 'Europe/Moscow').day,
    };
  }
  if (!/^[1-9]\d{0,9}$/.test(params.id) || Number(params.id) > 2_147_483_647) notFound();
  try {
    const { receipt } = await api.call('goods-receipt-get', { body: { id: Number(params.id) }, handles: [404] });
    return { receipt, suppliers: [], supplierId: receipt.supplier_id, today: '' };
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => purchasingAction(request);

export const handle = adminSection('goods-receipt-get', 'Закупки доступны владельцу и менеджерам');

export default function AdminGoodsReceiptPage() {
  const { receipt, suppliers, supplierId, today } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={paths.adminGoodsReceipts()} size="sm">
          ← Приходы
        </Anchor>
        {supplierId && (
          <Anchor component={Link} to={paths.adminSupplierOrders(`supplier_id=${supplierId}`)} size="sm">
            Заказы этому поставщику
          </Anchor>
        )}
      </Group>
      {receipt ? (
        <>
          <Group gap="sm" align="baseline" wrap="wrap">
            <Title order={1} fz="h3">
              Приход № {receipt.id}
            </Title>
            <PostedBadge posted={receipt.posted} />
          </Group>
          <GoodsReceiptScreen receipt={receipt} />
        </>
      ) : (
        <>
          <Title order={1} fz="h3">
            Новый приход
          </Title>
          <GoodsReceiptForm suppliers={suppliers} supplierId={supplierId} today={today} />
        </>
      )}
    </Stack>
  );
}
