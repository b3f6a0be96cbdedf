import { Fragment, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Form, Link, useNavigate } from 'react-router';
import { formatDateTime, formatRoubles } from '@detal/contract/browser';
import type {
  PurchaseQueueFilters,
  PurchaseQueueGroup,
  PurchaseQueueLine,
  SupplierOrderSummary,
} from '@detal/contract';
import { paths } from '../../paths.ts';
import { keysHelp, useListKeys } from '../../lib/use-list-keys.ts';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';
import { ExpectedDay, StatusBadge } from '../admin-orders/OrderQueue.tsx';
import { Alternatives } from './Alternatives.tsx';
import type { ListQuery } from './purchasing-filters.ts';
import classes from './Purchasing.module.css';
import { DenseTable, KeysHint, DateRangeFields, FilterButtons } from '../admin-shell/DenseList.tsx';

export const PURCHASE_QUEUE_SHORTCUTS = keysHelp([
  ['j/k или ↓/↑', 'строка'],
  ['x или пробел', 'выбрать'],
  ['g', 'все строки поставщика'],
  ['a', 'все'],
  ['v', 'варианты'],
  ['c', 'создать заказы'],
  ['Enter', 'открыть заказ клиента'],
]);

const supplierLabel = (name: string | null) => name ?? 'Поставщик не указан';

/** Filters as a GET form: they land in the URL. */
export function PurchaseQueueFiltersForm({
  query,
  groups,
}: {
  query: ListQuery<PurchaseQueueFilters>;
  groups: PurchaseQueueGroup[];
}) {
  const { filters } = query;
  return (
    <Form method="get" aria-label="Фильтры «К заказу»">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Поиск"
          name="q"
          type="search"
          placeholder="артикул, бренд, № заказа, клиент"
          defaultValue={filters.q ?? ''}
          size="xs"
          w={260}
          maw="100%"
        />
        <NativeSelect
          label="Поставщик"
          name="supplier_id"
          data={[
            { value: '', label: 'Все' },
            ...groups
              .filter((group) => group.supplier_id !== null)
              .map((group) => ({ value: String(group.supplier_id), label: `${group.supplier_name} (${group.lines})` })),
          ]}
          defaultValue={filters.supplier_id ? String(filters.supplier_id) : ''}
          size="xs"
          w={220}
        />
        <DateRangeFields from={filters.date_from} to={filters.date_to} />
        <Checkbox
          name="refused"
          value="1"
          label="Только отказы"
          defaultChecked={filters.refused === true}
          size="xs"
          mb={6}
        />
        <FilterButtons resetTo={paths.adminPurchasing()} />
      </Group>
    </Form>
  );
}

/** The queue by supplier, each a link narrowing the list to it. */
export function SupplierGroups({ groups, chosen }: { groups: PurchaseQueueGroup[]; chosen: number | null }) {
  if (groups.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap" aria-label="По поставщикам" data-testid="queue-groups">
      {groups.map((group) => {
        const text = `${supplierLabel(group.supplier_name)} · ${group.lines} поз. · ${formatRoubles(group.purchase_total)}`;
        const props = {
          variant: group.supplier_id === chosen ? 'filled' : 'light',
          color: group.supplier_id === null ? 'orange' : 'blue',
          tt: 'none',
          fw: 500,
          size: 'lg',
          radius: 'sm',
        } as const;
        return group.supplier_id === null ? (
          <Badge key={0} {...props}>
            {text}
          </Badge>
        ) : (
          <Badge
            key={group.supplier_id}
            component={Link}
            to={paths.adminPurchasing(`supplier_id=${group.supplier_id}`)}
            style={{ cursor: 'pointer' }}
            {...props}
          >
            {text}
          </Badge>
        );
      })}
    </Group>
  );
}

/** A supplier's header row: its waiting lines in all (not only this page's) and what they cost to buy. */
function GroupTotals({ name, shown, total }: { name: string | null; shown: number; total?: PurchaseQueueGroup }) {
  if (!total) return <>{`${supplierLabel(name)} · ${shown} поз.`}</>;
  const more = total.lines > shown ? ` (на странице ${shown})` : '';
  return (
    <>
      {supplierLabel(name)} · {total.lines} поз.{more} · {total.quantity} шт. · {formatRoubles(total.purchase_total)}
    </>
  );
}

function CreatedOrders({ result }: { result: JsonWriteResult | null }) {
  if (!result) return null;
  if (!result.ok)
    return (
      <Alert color="red" p="xs" role="alert" data-testid="purchase-create-error">
        {result.message}
      </Alert>
    );
  if (result.intent === 'hold-release') {
    return (
      <Alert color="green" p="xs" role="status" data-testid="hold-released">
        Удержание снято: позиции заказа № {(result.value as { order_id: number }).order_id} можно заказывать
      </Alert>
    );
  }
  const { orders } = result.value as { orders: SupplierOrderSummary[] };
  return (
    <Alert color="green" p="xs" role="status" data-testid="purchase-created">
      Черновики заказов поставщикам:{' '}
      {orders.map((order, index) => (
        <Fragment key={order.id}>
          {index > 0 ? ', ' : ''}
          <Anchor component={Link} to={paths.adminSupplierOrder(order.id)} fz="inherit">
            {order.number}
          </Anchor>{' '}
          ({order.supplier_name}, {order.lines_count} стр.)
        </Fragment>
      ))}
    </Alert>
  );
}

/** The lines of one page grouped by supplier, in the order the server sent them (by supplier, then oldest first). */
function bySupplier(lines: PurchaseQueueLine[]): { key: string; name: string | null; lines: PurchaseQueueLine[] }[] {
  const groups = new Map<string, { key: string; name: string | null; lines: PurchaseQueueLine[] }>();
  for (const line of lines) {
    const key = String(line.supplier_id ?? 0);
    const group = groups.get(key) ?? { key, name: line.supplier_name, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * «К заказу» (issue 29, point 1): client lines waiting to be bought, grouped by their real supplier, with the
 * client, the order's day and the day promised; chosen by clicks or keys, then one draft order per supplier. A line
 * a supplier refused shows the reason and, on «Варианты», the other offers to re-order it from.
 */
export function PurchaseQueue({ lines, groups: totals }: { lines: PurchaseQueueLine[]; groups: PurchaseQueueGroup[] }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [result, setResult] = useState<JsonWriteResult | null>(null);
  const navigate = useNavigate();
  const create = useJsonWrite((answer) => {
    setResult(answer);
    if (answer.ok) setSelected(new Set());
  });
  const release = useJsonWrite(setResult);
  const groups = bySupplier(lines);
  const totalOf = (key: string) => totals.find((group) => String(group.supplier_id ?? 0) === key);
  // Rows in display order (grouped), for the keyboard's cursor.
  const ordered = groups.flatMap((group) => group.lines);
  const rowsKey = ordered.map((line) => line.order_item_id).join(',');
  useEffect(() => setSelected(new Set()), [rowsKey]);

  const toggleIn = (set: Set<number>, id: number) => {
    const next = new Set(set);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  };
  const toggle = (id: number) => setSelected((current) => toggleIn(current, id));
  const orderable = (line: PurchaseQueueLine) => line.supplier_id !== null && line.credit_hold === null;
  const chosen = ordered.filter((line) => selected.has(line.order_item_id) && orderable(line));
  const suppliersChosen = new Set(chosen.map((line) => line.supplier_id)).size;
  const createOrders = () => {
    if (chosen.length === 0) return;
    void create.submit('create', { order_item_ids: chosen.map((line) => line.order_item_id), comment: null });
  };
  const selectGroup = (supplierKey: string) => {
    const ids = groups.find((group) => group.key === supplierKey)?.lines.map((line) => line.order_item_id) ?? [];
    setSelected((current) => {
      const all = ids.every((id) => current.has(id));
      const next = new Set(current);
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };

  const { setCursor, rowsRef, rowProps } = useListKeys({
    count: ordered.length,
    rowsKey,
    actions: {
      x: (at) => ordered[at] && toggle(ordered[at].order_item_id),
      ' ': (at) => ordered[at] && toggle(ordered[at].order_item_id),
      g: (at) => ordered[at] && selectGroup(String(ordered[at].supplier_id ?? 0)),
      a: () =>
        setSelected((current) =>
          current.size === ordered.length ? new Set() : new Set(ordered.map((line) => line.order_item_id)),
        ),
      v: (at) => ordered[at] && setOpen((current) => toggleIn(current, ordered[at]!.order_item_id)),
      c: createOrders,
      Enter: (at) => ordered[at] && void navigate(paths.adminOrder(ordered[at].order_id)),
    },
  });

  let rowIndex = -1;
  return (
    <Stack gap={6}>
      <Group gap="xs" p={6} bg={chosen.length > 0 ? 'blue.0' : 'gray.0'} style={{ borderRadius: 4 }} wrap="wrap">
        <Text size="sm" fw={600} data-testid="selected-count" miw={96}>
          Выбрано: {chosen.length}
        </Text>
        <Button size="xs" onClick={createOrders} disabled={chosen.length === 0} loading={create.saving}>
          {suppliersChosen > 1 ? `Создать заказы поставщикам (${suppliersChosen})` : 'Создать заказ поставщику'}
        </Button>
        <Text size="xs" c="gray.7">
          один черновик на поставщика; уже открытый черновик поставщика пополняется
        </Text>
      </Group>
      <CreatedOrders result={result} />
      <KeysHint testId="queue-shortcuts" keys={PURCHASE_QUEUE_SHORTCUTS} />
      <DenseTable label="Позиции к заказу" minWidth={760} striped={false} data-testid="purchase-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28} />
            <Table.Th>Заказ</Table.Th>
            <Table.Th>Клиент</Table.Th>
            <Table.Th>Артикул</Table.Th>
            <Table.Th>Бренд</Table.Th>
            {/* The description gives way below 1200 px: the figures and the status stay in a tablet's width. */}
            <Table.Th visibleFrom="lg">Описание</Table.Th>
            <Table.Th ta="right">Кол.</Table.Th>
            <Table.Th ta="right">Закупка</Table.Th>
            <Table.Th ta="right">Продажа</Table.Th>
            <Table.Th title="День, обещанный клиенту">Обещано</Table.Th>
            <Table.Th>Статус</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rowsRef}>
          {groups.map((group) => {
            const ids = group.lines.map((line) => line.order_item_id);
            const all = ids.every((id) => selected.has(id));
            const some = ids.some((id) => selected.has(id));
            return (
              <Fragment key={group.key}>
                <Table.Tr className={classes.groupRow} data-supplier-group={group.name ?? ''}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Выбрать все позиции поставщика ${supplierLabel(group.name)}`}
                      checked={all}
                      indeterminate={some && !all}
                      disabled={group.key === '0'}
                      onChange={() => selectGroup(group.key)}
                    />
                  </Table.Td>
                  <Table.Td colSpan={10}>
                    <GroupTotals name={group.name} shown={group.lines.length} total={totalOf(group.key)} />
                  </Table.Td>
                </Table.Tr>
                {group.lines.map((line) => {
                  rowIndex += 1;
                  const index = rowIndex;
                  const opened = open.has(line.order_item_id);
                  return (
                    <Fragment key={line.order_item_id}>
                      <Table.Tr
                        data-line-id={line.order_item_id}
                        aria-selected={selected.has(line.order_item_id)}
                        bg={selected.has(line.order_item_id) ? 'blue.0' : undefined}
                        {...rowProps(index)}
                        onClick={() => setCursor(index)}
                      >
                        <Table.Td>
                          <Checkbox
                            size="xs"
                            aria-label={`Выбрать позицию ${line.brand_name} ${line.article} заказа № ${line.order_id}`}
                            checked={selected.has(line.order_item_id)}
                            disabled={!orderable(line)}
                            onChange={() => toggle(line.order_item_id)}
                          />
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>
                          <Link to={paths.adminOrder(line.order_id)}>№ {line.order_id}</Link>
                          <Text fz={10} c="gray.7">
                            {formatDateTime(line.created_at)}
                          </Text>
                        </Table.Td>
                        <Table.Td maw={180}>
                          <Text fz="xs" lineClamp={1} title={line.client_name}>
                            <Link to={paths.adminClient(line.client_id)}>{line.client_name}</Link>
                          </Text>
                        </Table.Td>
                        <Table.Td className={classes.nowrap} fw={600}>
                          {line.article}
                        </Table.Td>
                        <Table.Td className={classes.nowrap}>{line.brand_name}</Table.Td>
                        <Table.Td maw={220} visibleFrom="lg">
                          <Text fz="xs" lineClamp={1} title={line.description}>
                            {line.description || '—'}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{line.quantity}</Table.Td>
                        <Table.Td ta="right" className={classes.nowrap}>
                          {line.purchase_price === null ? '—' : formatRoubles(line.purchase_price)}
                        </Table.Td>
                        <Table.Td ta="right" className={classes.nowrap}>
                          {formatRoubles(line.price)}
                        </Table.Td>
                        <Table.Td>
                          <ExpectedDay day={line.expected_day} late={false} />
                        </Table.Td>
                        <Table.Td miw={150}>
                          <StatusBadge status={line.status} name={line.status_name} />
                          {line.credit_hold && (
                            <Group gap={4} wrap="nowrap" data-testid="credit-hold">
                              <Badge color="red" variant="light" size="sm" radius="sm" tt="none">
                                {line.credit_hold.name}
                              </Badge>
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color="red.9"
                                px={2}
                                loading={release.saving}
                                onClick={() => void release.submit('hold-release', { order_id: line.order_id })}
                              >
                                Снять удержание
                              </Button>
                            </Group>
                          )}
                          {line.refusal && (
                            <Text fz={10} c="orange.9" data-testid="refusal">
                              {line.refusal.supplier_name}:{' '}
                              <Link to={paths.adminSupplierOrder(line.refusal.supplier_order_id)}>
                                {line.refusal.supplier_order_number}
                              </Link>{' '}
                              · «{line.refusal.reason}»
                            </Text>
                          )}
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            px={0}
                            display="block"
                            aria-expanded={opened}
                            onClick={() => setOpen((current) => toggleIn(current, line.order_item_id))}
                          >
                            {opened ? 'Скрыть варианты' : 'Варианты'}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                      {opened && (
                        <Table.Tr>
                          <Table.Td />
                          <Table.Td colSpan={10}>
                            <Alternatives orderItemId={line.order_item_id} clientPrice={line.price} />
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  );
                })}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </DenseTable>
      {lines.length === 0 && (
        <Text c="gray.7" size="sm">
          Нет позиций, ждущих заказа, по этим условиям
        </Text>
      )}
    </Stack>
  );
}
