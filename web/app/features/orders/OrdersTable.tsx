import { Anchor, Box, Card, Group, Stack, Table, Text } from '../../ui/index.ts';
import { Link } from 'react-router';
import {
  formatDateTime,
  formatReadyDay,
  formatRoubles,
  orderLabel,
  pluralRu,
  shopToday,
} from '@detal/contract/browser';
import type { Order, OrderLine } from '@detal/contract';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { useDeliveryCalendar } from '../../components/DeliveryTime.tsx';
import { paths } from '../../paths.ts';
import frame from '../../components/page.module.css';
import classes from './orders.module.css';

export const positionsText = (count: number) => `${count} ${pluralRu(count, 'позиция', 'позиции', 'позиций')}`;

/** Lines whose day still matters: not yet in the client's hands, not canceled, not refused. */
const WAITING: ReadonlySet<OrderLine['status']> = new Set(['new', 'in_work', 'ordered', 'in_transit']);

/**
 * What the order holds, line by line (issue 29): «MANN-FILTER W 712/75 × 2», the line's own status where it is not
 * the order's (a part refused by the supplier while the rest is on its way), and the day a waiting line is expected.
 */
function Contents({ order }: { order: Order }) {
  const calendar = useDeliveryCalendar();
  const today = calendar ? shopToday(calendar) : null;
  return (
    <Stack gap={2} role="list" aria-label={`Состав заказа ${order.id}`}>
      {order.items.map((line) => (
        <Group key={line.id} gap={6} wrap="wrap" role="listitem" data-line-id={line.id}>
          <Text size="xs" tone="muted">
            {line.brand_name} {line.article} × {line.quantity}
          </Text>
          {line.status !== order.status || line.status_name !== order.status_name ? (
            <OrderStatusBadge status={line.status} name={line.status_name} />
          ) : null}
          {line.expected_day && WAITING.has(line.status) ? (
            <Text size="xs" tone="muted" data-expected-day={line.expected_day}>
              ожидается {today ? formatReadyDay(line.expected_day, today) : line.expected_day}
            </Text>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}

const orderLink = (order: Order) => (
  <Anchor component={Link} to={paths.order(order.id)} className={classes.orderLink}>
    {orderLabel(order.id)}
  </Anchor>
);

/** From md up: one row per order. */
function WideTable({ orders }: { orders: Order[] }) {
  return (
    <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="sm" aria-label="Заказы">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Заказ</Table.Th>
          <Table.Th>Дата</Table.Th>
          <Table.Th>Статус</Table.Th>
          <Table.Th>Состав</Table.Th>
          <Table.Th align="right">Сумма</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Table.Tr key={order.id} data-order-id={order.id}>
            <Table.Td>{orderLink(order)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <OrderStatusBadge status={order.status} name={order.status_name} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{positionsText(order.count_position)}</Text>
              <Box className={classes.contents}>
                <Contents order={order} />
              </Box>
            </Table.Td>
            <Table.Td align="right" weight={600} style={{ whiteSpace: 'nowrap' }}>
              {formatRoubles(order.total_price)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Below md: a card per order, its total and status first. */
function Cards({ orders }: { orders: Order[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Заказы">
      {orders.map((order) => (
        <Card key={order.id} withBorder padding="sm" radius="sm" role="listitem" data-order-id={order.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2}>
              {orderLink(order)}
              <Text size="sm" tone="muted">
                {formatDateTime(order.created_at)}
              </Text>
            </Stack>
            <Stack gap={6} align="flex-end">
              <Text weight={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(order.total_price)}
              </Text>
              <OrderStatusBadge status={order.status} name={order.status_name} />
            </Stack>
          </Group>
          <Text size="sm" className={classes.cardFoot}>
            {positionsText(order.count_position)}
          </Text>
          <Contents order={order} />
        </Card>
      ))}
    </Stack>
  );
}

/** The client's orders: a table from md up, cards below (both rendered on the server; CSS shows one). */
export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <>
      <Box className={frame.wide}>
        <WideTable orders={orders} />
      </Box>
      <Box className={frame.narrow}>
        <Cards orders={orders} />
      </Box>
    </>
  );
}
