import { Badge, Checkbox, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { Form, Link, useNavigate } from 'react-router';
import {
  SUPPLIER_ORDER_CHANNEL_NAMES,
  SUPPLIER_ORDER_STATES,
  SUPPLIER_ORDER_STATE_NAMES,
  type AdminSupplier,
  type SupplierOrderListFilters,
  type SupplierOrderState,
  type SupplierOrderSummary,
} from '@detal/contract';
import { formatDateTime, formatRoubles } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { useListKeys } from '../../lib/use-list-keys.ts';
import type { ListQuery } from './purchasing-filters.ts';
import classes from './Purchasing.module.css';
import { DenseTable, KeysHint, DateRangeFields, FilterButtons } from '../admin-shell/DenseList.tsx';

export const STATE_COLORS: Record<SupplierOrderState, string> = {
  draft: 'gray',
  sent: 'blue',
  partly_confirmed: 'cyan',
  confirmed: 'indigo',
  partly_received: 'teal',
  received: 'green',
  closed: 'dark',
  canceled: 'red',
};

/** A supplier order's state as a badge, whole. */
export function StateBadge({ state, name }: { state: SupplierOrderState; name?: string }) {
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
      data-testid="supplier-order-state"
    >
      {name ?? SUPPLIER_ORDER_STATE_NAMES[state]}
    </Badge>
  );
}

export function SupplierOrderFilters({
  query,
  suppliers,
}: {
  query: ListQuery<SupplierOrderListFilters>;
  suppliers: AdminSupplier[];
}) {
  const { filters } = query;
  const chosen = new Set(filters.state ?? []);
  return (
    <Form method="get" aria-label="Фильтры заказов поставщикам">
      <Group gap="xs" align="flex-end" wrap="wrap" mb={6}>
        <TextInput
          label="Поиск"
          name="q"
          type="search"
          placeholder="ЗП-12, номер поставщика, артикул"
          defaultValue={filters.q ?? ''}
          size="xs"
          w={260}
          maw="100%"
        />
        <NativeSelect
          label="Поставщик"
          name="supplier_id"
          data={[{ value: '', label: 'Все' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.name }))]}
          defaultValue={filters.supplier_id ? String(filters.supplier_id) : ''}
          size="xs"
          w={220}
        />
        <DateRangeFields from={filters.date_from} to={filters.date_to} />
        <FilterButtons resetTo={paths.adminSupplierOrders()} />
      </Group>
      <Group gap={6} wrap="wrap" aria-label="Состояния">
        {SUPPLIER_ORDER_STATES.map((state) => (
          <Checkbox
            key={state}
            name="state"
            value={state}
            label={SUPPLIER_ORDER_STATE_NAMES[state]}
            defaultChecked={chosen.has(state)}
            size="xs"
            mr="xs"
          />
        ))}
      </Group>
    </Form>
  );
}

/** Quantities as «заказано / подтв. / отказ / получено», the non-zero ones coloured. */
export function Quantities({
  ordered,
  confirmed,
  refused,
  received,
}: {
  ordered: number;
  confirmed: number;
  refused: number;
  received: number;
}) {
  return (
    <Text fz="inherit" component="span" className={classes.nowrap}>
      {ordered} / <span title="подтверждено">{confirmed}</span> /{' '}
      <Text component="span" fz="inherit" c={refused > 0 ? 'orange.9' : undefined} title="отказ">
        {refused}
      </Text>{' '}
      /{' '}
      <Text component="span" fz="inherit" c={received > 0 ? 'green.9' : undefined} title="получено">
        {received}
      </Text>
    </Text>
  );
}

/** The supplier orders, newest first: a dense table; Enter opens the one under the cursor. */
export function SupplierOrdersTable({ orders }: { orders: SupplierOrderSummary[] }) {
  const navigate = useNavigate();
  const { setCursor, rowsRef, rowProps } = useListKeys({
    count: orders.length,
    rowsKey: orders.map((order) => order.id).join(','),
    actions: { Enter: (at) => orders[at] && void navigate(paths.adminSupplierOrder(orders[at].id)) },
  });
  return (
    <>
      <KeysHint
        keys={[
          ['j/k или ↓/↑', 'строка'],
          ['Enter', 'открыть заказ'],
        ]}
      />
      <DenseTable label="Заказы поставщикам" minWidth={980} data-testid="supplier-orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Номер</Table.Th>
            <Table.Th>Создан</Table.Th>
            <Table.Th>Поставщик</Table.Th>
            <Table.Th>Канал</Table.Th>
            <Table.Th>№ у поставщика</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th ta="right">Строк</Table.Th>
            <Table.Th ta="right" title="заказано / подтверждено / отказ / получено, шт.">
              Шт.: зак. / подтв. / отказ / получ.
            </Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rowsRef}>
          {orders.map((order, index) => (
            <Table.Tr
              key={order.id}
              data-supplier-order-id={order.id}
              {...rowProps(index)}
              onClick={() => setCursor(index)}
            >
              <Table.Td className={classes.nowrap} fw={600}>
                <Link to={paths.adminSupplierOrder(order.id)}>{order.number}</Link>
              </Table.Td>
              <Table.Td className={classes.nowrap}>{formatDateTime(order.created_at)}</Table.Td>
              <Table.Td className={classes.nowrap}>{order.supplier_name}</Table.Td>
              <Table.Td className={classes.nowrap}>{SUPPLIER_ORDER_CHANNEL_NAMES[order.channel]}</Table.Td>
              <Table.Td className={classes.nowrap}>{order.supplier_number ?? '—'}</Table.Td>
              <Table.Td>
                <StateBadge state={order.state} name={order.state_name} />
              </Table.Td>
              <Table.Td ta="right">{order.lines_count}</Table.Td>
              <Table.Td ta="right">
                <Quantities
                  ordered={order.quantity}
                  confirmed={order.confirmed_quantity}
                  refused={order.refused_quantity}
                  received={order.received_quantity}
                />
              </Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {formatRoubles(order.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DenseTable>
      {orders.length === 0 && (
        <Text c="gray.7" size="sm">
          Заказов поставщикам по этим условиям нет
        </Text>
      )}
    </>
  );
}
