import { Box, Card, Group, Stack, Table, Text } from '../../ui/index.ts';
import { formatLineTotal, formatRoubles } from '@detal/contract/browser';
import type { OrderStatus } from '@detal/contract';
import type { ReactNode } from 'react';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { DeliveryTime, ReadyDay, useDeliveryCalendar } from '../../components/DeliveryTime.tsx';
import frame from '../../components/page.module.css';
import classes from './orders.module.css';

/** «ожидается к 28 ноября» under a placed line's status while it is on its way. */
function Expected({ day }: { day: string | null | undefined }) {
  const calendar = useDeliveryCalendar();
  if (!day || !calendar) return null;
  return (
    <Text size="xs" tone="muted" data-testid="line-expected-day">
      ожидается <ReadyDay day={day} calendar={calendar} />
    </Text>
  );
}

/** One line as both the preorder (basket lines) and the placed order show it. */
export interface LineView {
  key: number;
  brandName: string;
  article: string;
  description: string;
  supplierName: string | null;
  delivery: number | null;
  /** The preorder only (placed orders keep no probability): the supplier's delivery probability, or null. */
  deliveryProbability?: number | null;
  price: number;
  quantity: number;
  /** Placed orders only: the line's own status. */
  status?: { status: OrderStatus; name: string };
  /** Placed orders only: the day a line still on its way is expected ready ('yyyy-mm-dd'), or null. */
  expectedDay?: string | null;
  /** Shown under the line (a changed price, the stock left). */
  note?: ReactNode;
  /** Placed orders only: what the client may do with the line (cancel, return), beside its status. */
  actions?: ReactNode;
}

const supplierText = (line: LineView) => line.supplierName ?? '-';

interface LinesProps {
  lines: LineView[];
  label: string;
  /** The expected ready day beside each line's days: an order to be placed (from now), not a placed one. */
  dated: boolean;
}

/** From md up: one row per line. */
function WideTable({ lines, label, dated }: LinesProps) {
  const withStatus = lines.some((line) => line.status);
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Товар</Table.Th>
          <Table.Th className={frame.desktop}>Поставщик</Table.Th>
          <Table.Th>Срок</Table.Th>
          <Table.Th align="right">Цена</Table.Th>
          <Table.Th align="right" style={{ whiteSpace: 'nowrap' }}>
            Кол-во
          </Table.Th>
          <Table.Th align="right">Сумма</Table.Th>
          {withStatus ? <Table.Th>Статус</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.key}>
            <Table.Td>
              <Text weight={600} size="sm">
                {line.brandName} {line.article}
              </Text>
              <Text size="sm" tone="muted" lineClamp={2}>
                {line.description}
              </Text>
              <Text size="xs" tone="muted" className={frame.belowDesktop}>
                Поставщик: {supplierText(line)}
              </Text>
              {line.note}
            </Table.Td>
            <Table.Td className={frame.desktop}>
              <Text size="sm">{supplierText(line)}</Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">
                <DeliveryTime days={line.delivery} probability={line.deliveryProbability} dated={dated} />
              </Text>
            </Table.Td>
            <Table.Td align="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatRoubles(line.price)}</Text>
            </Table.Td>
            <Table.Td align="right">
              <Text size="sm">{line.quantity} шт.</Text>
            </Table.Td>
            <Table.Td align="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" weight={600}>
                {formatLineTotal(line.price, line.quantity)}
              </Text>
            </Table.Td>
            {withStatus ? (
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {line.status ? <OrderStatusBadge status={line.status.status} name={line.status.name} /> : null}
                <Expected day={line.expectedDay} />
                {line.actions}
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Below md: a card per line. */
function Cards({ lines, label, dated }: LinesProps) {
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {lines.map((line) => (
        <Card key={line.key} withBorder padding="sm" radius="sm" role="listitem">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Text weight={600} size="sm">
                {line.brandName} {line.article}
              </Text>
              <Text size="sm" tone="muted">
                {line.description}
              </Text>
            </div>
            {line.status ? <OrderStatusBadge status={line.status.status} name={line.status.name} /> : null}
          </Group>
          <Expected day={line.expectedDay} />
          <Text size="xs" tone="muted" className={classes.cardMeta}>
            Поставщик: {supplierText(line)} · Срок:{' '}
            <DeliveryTime days={line.delivery} probability={line.deliveryProbability} dated={dated} />
          </Text>
          {line.note}
          <Group justify="space-between" wrap="nowrap" className={classes.cardFoot}>
            <Text size="sm">
              {formatRoubles(line.price)} × {line.quantity} шт.
            </Text>
            <Text weight={700} style={{ whiteSpace: 'nowrap' }}>
              {formatLineTotal(line.price, line.quantity)}
            </Text>
          </Group>
          {line.actions}
        </Card>
      ))}
    </Stack>
  );
}

/** The lines of an order (to be placed, or placed): a table from md up, cards below. */
export function OrderLines({
  lines,
  label = 'Состав заказа',
  dated = false,
}: {
  lines: LineView[];
  label?: string;
  dated?: boolean;
}) {
  return (
    <>
      <Box className={frame.wide}>
        <WideTable lines={lines} label={label} dated={dated} />
      </Box>
      <Box className={frame.narrow}>
        <Cards lines={lines} label={label} dated={dated} />
      </Box>
    </>
  );
}
