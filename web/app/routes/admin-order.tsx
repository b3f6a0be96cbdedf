import { useCallback, useState } from 'react';
import type { AdminOrder } from '@detal/contract';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { Route } from './+types/admin-order';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { StatusBadge } from '../features/admin-orders/OrderQueue.tsx';
import { OrderScreen } from '../features/admin-orders/OrderScreen.tsx';
import { LinePurchasing } from '../features/admin-purchasing/LinePurchasing.tsx';
import { LineReturns } from '../features/admin-returns/ReturnScreen.tsx';
import { orderAction, type OrderActionResult } from '../features/admin-orders/order-actions.ts';
import { isApiError } from '../lib/api/index.ts';
import { notFound } from '../lib/not-found.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Заказ № ${params.id}`);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,9}$/.test(params.id) || Number(params.id) > 2_147_483_647) notFound();
  const api = adminServerApi(request, context);
  try {
    const [{ order }, { links }, returns] = await Promise.all([
      api.call('order-show', { body: { id: Number(params.id) }, handles: [404] }),
      // Purchasing's side of each line (issue 29): its supplier orders, the supplier's number, the quantities.
      api.call('supplier-order-item-links', { body: { order_id: Number(params.id) } }),
      // Each line's returns (issue 32); an order's lines are few, their returns fewer: the first page holds them.
      api.call('return-list', { query: { page: 1 }, body: { order_id: Number(params.id) } }),
    ]);
    return { order, links, returns: returns.data };
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => orderAction(request);

export const handle = adminSection('order-show', 'Заказы доступны владельцу и менеджерам');

/**
 * A line's cancel answers with the order's fresh screen (shown at once, OrderScreen's onCancelled): the page's
 * loader does not run again for it. A status change answers counts only, so the page reloads after it.
 */
export const shouldRevalidate = ({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  isCancelAnswer(actionResult) ? false : defaultShouldRevalidate;

const isCancelAnswer = (result: unknown): boolean =>
  typeof result === 'object' && result !== null && (result as OrderActionResult).intent === 'cancel';

export default function AdminOrderPage() {
  const { order: loaded, links, returns } = useLoaderData<typeof loader>();
  // The cancel's answer stands until the loader brings a newer screen (after a status change, a navigation).
  const [cancelled, setCancelled] = useState<{ over: AdminOrder; order: AdminOrder } | null>(null);
  const order = cancelled?.over === loaded ? cancelled.order : loaded;
  const onCancelled = useCallback((fresh: AdminOrder) => setCancelled({ over: loaded, order: fresh }), [loaded]);
  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={paths.adminOrders()} size="sm">
          ← Очередь заказов
        </Anchor>
        <Anchor component={Link} to={paths.adminOrders(`order_id=${order.id}`)} size="sm">
          Позиции заказа в очереди
        </Anchor>
        <Anchor component={Link} to={paths.adminClient(order.client.id)} size="sm">
          Карточка клиента
        </Anchor>
      </Group>
      <Group gap="sm" align="baseline" wrap="wrap">
        <Title order={1} fz="h3">
          Заказ № {order.id}
        </Title>
        <Text size="sm" c="gray.7">
          от {formatDateTime(order.created_at)}
        </Text>
        <Text size="sm" c="gray.7">
          статус заказа
        </Text>
        <span data-testid="order-status">
          <StatusBadge status={order.status} name={order.status_name} />
        </span>
      </Group>
      <OrderScreen
        order={order}
        onCancelled={onCancelled}
        lineExtra={(line) => (
          <>
            <LinePurchasing links={links.filter((link) => link.order_item_id === line.id)} />
            <LineReturns returns={returns.filter((item) => item.order_item_id === line.id)} />
          </>
        )}
      />
    </Stack>
  );
}
