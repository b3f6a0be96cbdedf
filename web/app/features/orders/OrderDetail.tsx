import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '../../ui/index.ts';
import { Link } from 'react-router';
import {
  formatDate,
  formatDateTime,
  formatRoubles,
  multiplyMoney,
  orderLabel,
  sumMoney,
} from '@detal/contract/browser';
import type { Order, OrderLine } from '@detal/contract';
import type { ReactNode } from 'react';
import { DownloadBillButton } from '../bills/DownloadBillButton.tsx';
import { OrderLines } from './OrderLines.tsx';
import type { LineView } from './OrderLines.tsx';
import { OrderStatusBadge } from './OrderStatusBadge.tsx';
import { deliveryPriceText, OrderTotals } from './OrderTotals.tsx';
import { paths } from '../../paths.ts';
import classes from './orders.module.css';

/** What the client may do with a placed line (cancel, return), shown beside its status. */
export type LineActionsOf = (line: OrderLine) => ReactNode;

const orderLines = (order: Order, lineActions?: LineActionsOf): LineView[] =>
  order.items.map((line) => ({
    key: line.id,
    brandName: line.brand_name,
    article: line.article,
    description: line.description,
    supplierName: line.supplier_name,
    delivery: line.delivery,
    price: line.price,
    quantity: line.quantity,
    status: { status: line.status, name: line.status_name },
    expectedDay: ['new', 'in_work', 'ordered', 'in_transit'].includes(line.status) ? line.expected_day : null,
    actions: lineActions?.(line),
  }));

/** The goods still ordered: a canceled line is off the bill, so off the total too. */
export const goodsTotal = (order: Order): number =>
  sumMoney(
    order.items.filter((line) => line.status !== 'canceled').map((line) => multiplyMoney(line.price, line.quantity)),
  );

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tone="muted" weight={600} className={classes.factLabel}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** '12.06.2030, 10:00', '12.06.2030', 'к 10:00' or '-'. */
function desiredText(order: Order): string {
  const date = order.desired_date ? formatDate(order.desired_date) : null;
  const time = order.desired_time ? order.desired_time.slice(0, 5) : null;
  if (date && time) return `${date}, ${time}`;
  if (date) return date;
  if (time) return `к ${time}`;
  return '-';
}

/** A placed order: the confirmation after checkout, its facts, lines with their statuses, totals and the bill. */
export function OrderDetail({
  order,
  justPlaced,
  lineActions,
}: {
  order: Order;
  justPlaced: boolean;
  lineActions?: LineActionsOf;
}) {
  return (
    <Stack gap="lg">
      {justPlaced ? (
        <Alert color="green" title="Заказ оформлен" role="status">
          Спасибо! Мы приняли {orderLabel(order.id).toLowerCase()} и выставили счёт на оплату. Статус заказа и каждой
          позиции меняется здесь по мере работы над ним.
        </Alert>
      ) : null}

      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md">
          <Fact label="Статус">
            <OrderStatusBadge status={order.status} name={order.status_name} />
          </Fact>
          <Fact label="Оформлен">
            <Text size="sm">{formatDateTime(order.created_at)}</Text>
          </Fact>
          <Fact label="Доставка">
            <Text size="sm" weight={600}>
              {order.delivery_method.name}
            </Text>
            <Text size="sm" tone="muted">
              {deliveryPriceText(order.delivery_method.price)}
            </Text>
          </Fact>
          <Fact label="Желаемые дата и время">
            <Text size="sm">{desiredText(order)}</Text>
          </Fact>
          {order.delivery_address ? (
            <Fact label="Адрес доставки">
              <Text size="sm">{order.delivery_address}</Text>
            </Fact>
          ) : (
            <Fact label="Получение">
              <Text size="sm">{order.delivery_method.description || 'Самовывоз'}</Text>
            </Fact>
          )}
          {order.payer ? (
            <Fact label="Плательщик">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {order.payer.short_name}
              </Text>
              <Text size="sm" tone="muted">
                {order.payer.kpp ? `ИНН ${order.payer.inn}, КПП ${order.payer.kpp}` : `ИНН ${order.payer.inn}`}
              </Text>
            </Fact>
          ) : null}
          {order.comment ? (
            <Fact label="Комментарий">
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {order.comment}
              </Text>
            </Fact>
          ) : null}
        </SimpleGrid>
      </Card>

      <Stack gap="sm">
        <Title order={2} size={4}>
          Состав заказа
        </Title>
        <OrderLines lines={orderLines(order, lineActions)} />
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Title order={2} size={4}>
              Счёт
            </Title>
            {order.bill_id === null ? (
              <Text size="sm" tone="muted">
                Счёт по этому заказу ещё не выставлен.
              </Text>
            ) : (
              <>
                <Text size="sm">
                  Счёт № {order.bill_id} на {formatRoubles(order.total_price)} выставлен на этот заказ.
                </Text>
                <Group gap="sm">
                  <DownloadBillButton billId={order.bill_id} />
                  <Button component={Link} to={paths.payment(order.bill_id)} variant="subtle" size="xs">
                    Как оплатить
                  </Button>
                  <Anchor component={Link} to={paths.bills()} size="sm">
                    Все счета
                  </Anchor>
                </Group>
              </>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <OrderTotals goods={goodsTotal(order)} delivery={order.delivery_method.price} />
        </Card>
      </SimpleGrid>

      <Group>
        <Anchor component={Link} to={paths.orders()} size="sm">
          ← Все заказы
        </Anchor>
      </Group>
    </Stack>
  );
}
