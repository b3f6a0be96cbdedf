import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import {
  ORDER_STATUS_NAMES,
  billFileName,
  billRevisionName,
  billStatusText,
  formatDate,
  formatDateTime,
  formatRoubles,
} from '@detal/contract/browser';
import type { AdminOrder, AdminOrderScreenLine } from '@detal/contract';
import { paths } from '../../paths.ts';
import { BulkStatusBar, ExpectedDay, StatusBadge } from './OrderQueue.tsx';
import type { OrderActionResult } from './order-actions.ts';
import { download } from '../../lib/api/index.ts';

const FINAL = new Set(['issued', 'canceled']);

const signedRoubles = (value: number) => (value < 0 ? `−${formatRoubles(-value)}` : formatRoubles(value));

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="gray.7" miw={120}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The bill's documents as the client has them, newest first, each a PDF download: the current one (a cancel
 * made it «изм. n») and the earlier ones, kept unchanged.
 */
function BillRevisions({ bill }: { bill: NonNullable<AdminOrder['bill']> }) {
  if (bill.revisions.length === 0) return null;
  const newestFirst = [...bill.revisions].reverse();
  return (
    <Stack gap={2} mt={4} data-testid="bill-revisions">
      {newestFirst.map((item, index) => (
        <Group key={item.revision} gap={6} wrap="wrap">
          <Button
            variant="subtle"
            size="compact-xs"
            style={{ flexShrink: 0 }}
            onClick={() =>
              void download(
                'api:admin/bill-download',
                { bill_id: bill.id, revision: item.revision },
                billFileName(bill.id, item.revision),
              ).catch(() => {
                // Reported by the request layer's error notification.
              })
            }
          >
            PDF {billRevisionName(item.revision)} от {formatDate(item.issued_at)}
          </Button>
          <Text size="xs" c="gray.7">
            {formatRoubles(item.price_sum)}
            {index === 0 ? ' · действующий' : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Cancel with a confirmation: the first click asks, «Да, отменить» sends (with an optional note). The server
 * answers with the order's fresh screen, handed to `onCancelled` (the page shows it without loading it again).
 */
function CancelLine({ line, onCancelled }: { line: AdminOrderScreenLine; onCancelled: (order: AdminOrder) => void }) {
  const fetcher = useFetcher<OrderActionResult>();
  const [asking, setAsking] = useState(false);
  const cancelled =
    fetcher.state === 'idle' && fetcher.data?.intent === 'cancel' && fetcher.data.ok ? fetcher.data : null;
  useEffect(() => {
    if (cancelled) onCancelled(cancelled.order);
  }, [cancelled, onCancelled]);
  const refused = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  if (FINAL.has(line.status)) return null;
  if (!asking) {
    return (
      <>
        <Button size="compact-xs" variant="subtle" color="red" px={0} display="block" onClick={() => setAsking(true)}>
          Отменить
        </Button>
        {refused && (
          <Text fz="xs" c="red.8" role="alert">
            {refused}
          </Text>
        )}
      </>
    );
  }
  return (
    <fetcher.Form method="post" onSubmit={() => setAsking(false)}>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="line_id" value={line.id} />
      <Stack gap={4} miw={200} mt={4} style={{ whiteSpace: 'normal' }}>
        <Text size="xs" fw={600}>
          Отменить позицию? Остаток вернётся в каталог, неоплаченный счёт уменьшится
        </Text>
        <TextInput name="note" size="xs" placeholder="Причина (необязательно)" aria-label="Причина отмены" />
        <Group gap={4}>
          <Button type="submit" size="compact-xs" color="red" loading={fetcher.state !== 'idle'}>
            Да, отменить
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setAsking(false)}>
            Нет
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function History({ line }: { line: AdminOrderScreenLine }) {
  if (line.history.length === 0)
    return (
      <Text fz="xs" c="gray.6">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      {line.history.map((entry) => (
        <Text key={entry.id} fz="xs" lh={1.4}>
          {formatDateTime(entry.created_at)} · {ORDER_STATUS_NAMES[entry.from_status]} →{' '}
          {ORDER_STATUS_NAMES[entry.to_status]} · {entry.staff_name ?? 'командная строка'}
          {entry.note ? ` · «${entry.note}»` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function Margin({ margin, percent }: { margin: number | null; percent: number | null }) {
  if (margin === null) return <>—</>;
  return (
    <Text fz="inherit" c={margin < 0 ? 'red.8' : undefined} component="span" style={{ whiteSpace: 'nowrap' }}>
      {signedRoubles(margin)}
      {percent === null ? '' : ` (${String(percent).replace('.', ',')}%)`}
    </Text>
  );
}

/**
 * An order's screen for staff: client, delivery, comment, lines with prices, margin, status and history.
 * `lineExtra` adds under a line's supplier what another room knows of it (purchasing: its supplier orders).
 */
export function OrderScreen({
  order,
  onCancelled,
  lineExtra,
}: {
  order: AdminOrder;
  onCancelled: (order: AdminOrder) => void;
  lineExtra?: (line: AdminOrderScreenLine) => React.ReactNode;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { client, totals } = order;
  const name = [client.last_name, client.first_name, client.middle_name].filter(Boolean).join(' ');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Paper withBorder p="xs">
          <Text fw={600} size="sm" mb={4}>
            Клиент
          </Text>
          <Field label="Имя">
            <Link to={paths.adminClient(client.id)}>{name}</Link> ·{' '}
            <Link to={paths.adminShipmentIssue(client.id)}>выдача на кассе</Link>
          </Field>
          {client.company_name && <Field label="Компания">{client.company_name}</Field>}
          <Field label="E-mail">{client.email}</Field>
          <Field label="Телефон">{client.phone_number}</Field>
          {client.account_email.toLowerCase() !== client.email.toLowerCase() && (
            <Field label="Учётная запись">{client.account_email}</Field>
          )}
        </Paper>
        <Paper withBorder p="xs">
          <Text fw={600} size="sm" mb={4}>
            Доставка
          </Text>
          <Field label="Способ">
            {order.delivery_method.name} · {formatRoubles(order.delivery_method.price)}
          </Field>
          <Field label="Адрес">{order.delivery_address ?? '—'}</Field>
          <Field label="Желаемая дата">
            {order.desired_date ? formatDate(order.desired_date) : '—'}
            {order.desired_time ? `, ${order.desired_time.slice(0, 5)}` : ''}
          </Field>
          <Field label="Комментарий">{order.comment ?? '—'}</Field>
        </Paper>
      </SimpleGrid>

      <BulkStatusBar
        lineIds={order.lines.filter((line) => selected.has(line.id)).map((line) => line.id)}
        onDone={() => setSelected(new Set())}
      />

      <Table.ScrollContainer minWidth={1180}>
        <Table
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="xs"
          data-testid="order-lines"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={28} />
              <Table.Th>Артикул / бренд</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th miw={180}>Описание</Table.Th>
              <Table.Th>Поставщик</Table.Th>
              <Table.Th>Ожидается</Table.Th>
              <Table.Th ta="right">Кол.</Table.Th>
              <Table.Th ta="right">Закупка</Table.Th>
              <Table.Th ta="right">Продажа</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th ta="right">Маржа</Table.Th>
              <Table.Th>История</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr
                key={line.id}
                data-line-id={line.id}
                style={line.status === 'canceled' ? { opacity: 0.6 } : undefined}
              >
                <Table.Td>
                  <input
                    type="checkbox"
                    aria-label={`Выбрать позицию ${line.article}`}
                    checked={selected.has(line.id)}
                    onChange={() =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (next.has(line.id)) next.delete(line.id);
                        else next.add(line.id);
                        return next;
                      })
                    }
                  />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text fz="xs" fw={600} td={line.status === 'canceled' ? 'line-through' : undefined}>
                    {line.article}
                  </Text>
                  <Text fz="xs" c="gray.7">
                    {line.brand_name}
                  </Text>
                </Table.Td>
                <Table.Td miw={130} style={{ whiteSpace: 'nowrap' }}>
                  <StatusBadge status={line.status} />
                  {line.status === 'canceled' && !line.billed && (
                    <Text fz={10} c="gray.7">
                      снята со счёта
                    </Text>
                  )}
                  <CancelLine line={line} onCancelled={onCancelled} />
                </Table.Td>
                <Table.Td miw={180} maw={320}>
                  {line.description || '—'}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {line.supplier_name ?? '—'}
                  {lineExtra?.(line)}
                </Table.Td>
                <Table.Td>
                  <ExpectedDay day={line.expected_day} late={line.late} />
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line.purchase_price === null ? '—' : formatRoubles(line.purchase_price)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatRoubles(line.price)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatRoubles(line.total)}
                </Table.Td>
                <Table.Td ta="right">
                  <Margin margin={line.margin} percent={line.margin_percent} />
                </Table.Td>
                <Table.Td miw={260}>
                  <History line={line} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Paper withBorder p="xs" maw={460} data-testid="order-totals">
        <Field label="Товары">{formatRoubles(totals.items)}</Field>
        <Field label="Закупка">
          {formatRoubles(totals.purchase)}
          {totals.purchase_unknown ? ' (не у всех позиций)' : ''}
        </Field>
        <Field label="Маржа">
          <Margin margin={totals.margin} percent={totals.margin_percent} />
        </Field>
        <Field label="Доставка">{formatRoubles(order.delivery_method.price)}</Field>
        {totals.canceled > 0 && <Field label="Отменено">{formatRoubles(totals.canceled)}</Field>}
        <Field label="К оплате">
          <b>{formatRoubles(totals.due)}</b>
        </Field>
        {order.bill && (
          <Field label={`Счёт № ${order.bill.id}`}>
            {formatRoubles(order.bill.price_sum)} · {billStatusText(order.bill.paid)}
            <BillRevisions bill={order.bill} />
          </Field>
        )}
      </Paper>
      {order.refund_due > 0 && (
        <Alert color="orange" p="xs" maw={460} data-testid="refund-due" title="К возврату клиенту">
          {formatRoubles(order.refund_due)}: счёт оплачен до отмены позиций, оплаченный счёт не меняется.
        </Alert>
      )}
    </Stack>
  );
}
