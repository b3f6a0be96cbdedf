import { Anchor, Group, Stack, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-supplier-order';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { SupplierOrderScreen } from '../features/admin-purchasing/SupplierOrderScreen.tsx';
import { StateBadge } from '../features/admin-purchasing/SupplierOrdersTable.tsx';
import { ReorderNotice } from '../features/admin-purchasing/Alternatives.tsx';
import { purchasingAction } from '../features/admin-purchasing/purchasing-writes.ts';
import { isApiError } from '../lib/api/index.ts';
import { notFound } from '../lib/not-found.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Заказ поставщику ${data.order.number}` : 'Заказ поставщику');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id) || Number(params.id) > 2_147_483_647) notFound();
  const api = adminServerApi(request, context);
  try {
    const { order } = await api.call('supplier-order-get', { body: { id: Number(params.id) }, handles: [404] });
    // How the supplier takes orders (its channel and file template): which sending the screen offers.
    const { settings } = await api.call('supplier-order-channel-show', {
      body: { supplier_id: order.supplier_id },
      handles: [404],
    });
    return { order, channel: settings };
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => purchasingAction(request);

export const handle = adminSection('supplier-order-get', 'Закупки доступны владельцу и менеджерам');

export default function AdminSupplierOrderPage() {
  const { order, channel } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={paths.adminSupplierOrders()} size="sm">
          ← Заказы поставщикам
        </Anchor>
        <Anchor component={Link} to={paths.adminSupplierOrders(`supplier_id=${order.supplier_id}`)} size="sm">
          Все заказы поставщику
        </Anchor>
        <Anchor component={Link} to={paths.adminGoodsReceipts(`supplier_id=${order.supplier_id}`)} size="sm">
          Приходы от поставщика
        </Anchor>
        <Anchor component={Link} to={paths.adminPurchasing()} size="sm">
          К заказу
        </Anchor>
        <Anchor component={Link} to={paths.adminSupplierOrdering(order.supplier_id)} size="sm">
          Как заказываем у поставщика
        </Anchor>
      </Group>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={1} fz="h3">
          Заказ поставщику {order.number}
        </Title>
        <StateBadge state={order.state} name={order.state_name} />
      </Group>
      <ReorderNotice />
      <SupplierOrderScreen order={order} channel={channel} />
    </Stack>
  );
}
