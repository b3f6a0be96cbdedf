import { useEffect, useState } from 'react';
import { Anchor, Badge, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { Form, Link, useFetcher, useNavigate } from 'react-router';
import {
  RETURN_REASONS,
  RETURN_REASON_NAMES,
  RETURN_STATES,
  RETURN_STATE_NAMES,
  type ReturnListFilters,
  type ReturnListItem,
  type ReturnState,
} from '@detal/contract';
import { formatDateTime, formatRoubles } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { keysHelp, useListKeys } from '../../lib/use-list-keys.ts';
import { DateRangeFields, DenseTable, FilterButtons, KeysHint } from '../admin-shell/DenseList.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { FieldInput, Intent } from './ReturnForms.tsx';
import { WriteOutcome } from '../admin-shell/WriteOutcome.tsx';
import type { ReturnActionResult } from './returns-actions.ts';
import classes from './Returns.module.css';
import cards from './ReturnCards.module.css';

export const RETURNS_SHORTCUTS = keysHelp([
  ['j/k или ↓/↑', 'строка'],
  ['x или пробел', 'выбрать'],
  ['a', 'все'],
  ['Enter', 'открыть возврат'],
]);

const STATE_COLORS: Record<ReturnState, string> = {
  requested: 'orange',
  approved: 'blue',
  rejected: 'gray',
  received: 'cyan',
  credited: 'green',
  closed: 'gray',
};

export function ReturnStateBadge({ state, name }: { state: ReturnState; name: string }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" size="sm" radius="sm" tt="none" fw={600} miw="max-content">
      {name}
    </Badge>
  );
}

export interface SupplierName {
  id: number;
  name: string;
}

/** The suppliers as a select's options, after the empty choice named `none`. */
export const supplierOptions = (suppliers: SupplierName[], none: string) => [
  { value: '', label: none },
  ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
];

/** Filters as a GET form: they land in the URL. */
export function ReturnsFiltersForm({ filters, suppliers }: { filters: ReturnListFilters; suppliers: SupplierName[] }) {
  return (
    <Form method="get" aria-label="Фильтры возвратов">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Состояние"
          name="state"
          data={[
            { value: '', label: 'Все' },
            ...RETURN_STATES.map((state) => ({ value: state, label: RETURN_STATE_NAMES[state] })),
          ]}
          defaultValue={filters.state ?? ''}
          size="xs"
          w={130}
        />
        <NativeSelect
          label="Причина"
          name="reason"
          data={[
            { value: '', label: 'Все' },
            ...RETURN_REASONS.map((reason) => ({ value: reason, label: RETURN_REASON_NAMES[reason] })),
          ]}
          defaultValue={filters.reason ?? ''}
          size="xs"
          w={170}
        />
        <NativeSelect
          label="Поставщик"
          name="supplier_id"
          data={supplierOptions(suppliers, 'Все')}
          defaultValue={filters.supplier_id ? String(filters.supplier_id) : ''}
          size="xs"
          w={180}
        />
        <TextInput
          label="Клиент №"
          name="client_id"
          defaultValue={filters.client_id ?? ''}
          inputMode="numeric"
          size="xs"
          w={90}
        />
        <DateRangeFields from={filters.date_from} to={filters.date_to} />
        <FilterButtons resetTo={paths.adminReturns()} />
      </Group>
    </Form>
  );
}

/** Who asked: the client's name linking to its screen, its number under it for the phone and the counter. */
export function ClientLink({ id, name }: { id: number; name: string }) {
  return (
    <>
      <Anchor component={Link} to={paths.adminClient(id)} fz="xs">
        {name || `Клиент № ${id}`}
      </Anchor>
      <Text fz={10} c="gray.7">
        № {id}
      </Text>
    </>
  );
}

const supplierNameOf = (suppliers: SupplierName[], id: number | null) =>
  id === null ? '—' : (suppliers.find((supplier) => supplier.id === id)?.name ?? `№ ${id}`);

/**
 * The returns as a dense table: the return, its day, the client, the order, the line, pieces and sum, the reason,
 * the supplier and the state. With `selectable`, a checkbox per requested return and the bulk decision above it
 * (approve, or reject with one reason for all), and the keyboard; without it, the short list of a client's or an
 * order's screen.
 */
export function ReturnsTable({
  returns,
  suppliers,
  selectable = false,
  showClient = true,
}: {
  returns: ReturnListItem[];
  suppliers: SupplierName[];
  selectable?: boolean;
  showClient?: boolean;
}) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const fetcher = useFetcher<ReturnActionResult>();
  const navigate = useNavigate();
  const decidable = returns.filter((item) => item.state === 'requested');
  const rowsKey = returns.map((item) => `${item.id}:${item.state}`).join(',');
  useEffect(() => setSelected(new Set()), [rowsKey]);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      current.size === decidable.length ? new Set() : new Set(decidable.map((item) => item.id)),
    );
  const { setCursor, rowsRef, rowProps } = useListKeys({
    count: selectable ? returns.length : 0,
    rowsKey,
    actions: selectable
      ? {
          x: (at) => returns[at]?.state === 'requested' && toggle(returns[at].id),
          ' ': (at) => returns[at]?.state === 'requested' && toggle(returns[at].id),
          a: toggleAll,
          Enter: (at) => returns[at] && void navigate(paths.adminReturn(returns[at].id)),
        }
      : {},
  });

  const empty = (
    <Text fz="sm" c="gray.7" data-testid="returns-empty">
      Возвратов нет
    </Text>
  );
  const table = (
    <DenseTable
      label={null}
      minWidth={selectable ? 720 : 680}
      frameClassName={cards.frame}
      striped={false}
      className={`${cards.cards} ${cards.queue} ${selectable ? '' : cards.unpicked}`}
      data-testid="returns-table"
    >
      <Table.Thead>
        <Table.Tr>
          {selectable && (
            <Table.Th w={28}>
              <Checkbox
                size="xs"
                aria-label="Выбрать все заявки"
                checked={decidable.length > 0 && selected.size === decidable.length}
                indeterminate={selected.size > 0 && selected.size < decidable.length}
                disabled={decidable.length === 0}
                onChange={toggleAll}
              />
            </Table.Th>
          )}
          <Table.Th>Возврат</Table.Th>
          {showClient && <Table.Th>Клиент</Table.Th>}
          <Table.Th>Заказ</Table.Th>
          <Table.Th>Позиция</Table.Th>
          <Table.Th ta="right">Шт.</Table.Th>
          <Table.Th ta="right">Сумма</Table.Th>
          <Table.Th>Причина</Table.Th>
          <Table.Th>Поставщик</Table.Th>
          <Table.Th>Состояние</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={rowsRef}>
        {returns.map((item, index) => (
          <Table.Tr
            key={item.id}
            data-return-id={item.id}
            aria-selected={selectable ? selected.has(item.id) : undefined}
            bg={selected.has(item.id) ? 'blue.0' : undefined}
            {...(selectable ? rowProps(index) : {})}
            onClick={selectable ? () => setCursor(index) : undefined}
          >
            {selectable && (
              <Table.Td className={cards.pick}>
                <Checkbox
                  size="xs"
                  name="return_id"
                  value={item.id}
                  aria-label={`Выбрать возврат № ${item.id}`}
                  checked={selected.has(item.id)}
                  disabled={item.state !== 'requested'}
                  onChange={() => toggle(item.id)}
                />
              </Table.Td>
            )}
            <Table.Td className={`${classes.nowrap} ${cards.id}`}>
              <Anchor component={Link} to={paths.adminReturn(item.id)} fz="xs" fw={600}>
                № {item.id}
              </Anchor>
              <Text fz={10} c="gray.7">
                {formatDateTime(item.created_at)}
              </Text>
            </Table.Td>
            {showClient && (
              <Table.Td maw={130} className={cards.client}>
                <ClientLink id={item.client_id} name={item.client_name} />
              </Table.Td>
            )}
            <Table.Td className={`${classes.nowrap} ${cards.order} ${cards.labelled}`} data-label="Заказ">
              <Link to={paths.adminOrder(item.order_id)}>№ {item.order_id}</Link>
            </Table.Td>
            <Table.Td maw={240} className={cards.part}>
              <Text fz="xs" fw={600} span className={classes.nowrap}>
                {item.brand} {item.article}
              </Text>
              <Text fz={10} c="gray.7" lineClamp={1} title={item.description}>
                {item.description || '—'}
              </Text>
            </Table.Td>
            <Table.Td ta="right" className={`${cards.qty} ${cards.pieces} ${cards.end}`}>
              {item.quantity}
            </Table.Td>
            <Table.Td ta="right" className={`${classes.nowrap} ${cards.sum} ${cards.end}`}>
              {formatRoubles(item.price * item.quantity)}
            </Table.Td>
            <Table.Td maw={140} className={cards.reason}>
              <Text fz="xs">{item.reason_name}</Text>
              {item.comment && (
                <Text fz={10} c="gray.7" lineClamp={1} title={item.comment}>
                  {item.comment}
                </Text>
              )}
            </Table.Td>
            <Table.Td maw={110} className={`${cards.supplier} ${cards.end}`}>
              <Text fz="xs" lineClamp={1} title={supplierNameOf(suppliers, item.supplier_id)}>
                {supplierNameOf(suppliers, item.supplier_id)}
              </Text>
            </Table.Td>
            <Table.Td className={`${cards.state} ${cards.end}`}>
              <ReturnStateBadge state={item.state} name={item.state_name} />
              {item.decision_reason && (
                <Text fz={10} c="gray.7" lineClamp={1} title={item.decision_reason}>
                  {item.decision_reason}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DenseTable>
  );
  if (!selectable) return returns.length === 0 ? empty : table;
  const result = fetcher.data;
  const outcome = (
    <WriteOutcome result={result} text={`Решение записано: ${result?.changed ?? 0} возвр.`} shown={['reason']} />
  );
  // The last return decided empties the queue: the answer stays in sight above the empty list.
  if (returns.length === 0) {
    return (
      <Stack gap={6}>
        {outcome}
        {empty}
      </Stack>
    );
  }
  return (
    <fetcher.Form method="post" aria-label="Решение по выбранным возвратам" noValidate>
      <Intent value="return-decide" />
      <Stack gap={6}>
        <Group
          gap="xs"
          p={6}
          align="flex-end"
          bg={selected.size > 0 ? 'blue.0' : 'gray.0'}
          style={{ borderRadius: 4 }}
          wrap="wrap"
        >
          <Text size="sm" fw={600} data-testid="selected-count" miw={96} mb={4}>
            Выбрано: {selected.size}
          </Text>
          <SubmitButton
            size="xs"
            name="decision"
            value="approve"
            disabled={selected.size === 0}
            loading={fetcher.state !== 'idle'}
          >
            Одобрить выбранные
          </SubmitButton>
          <FieldInput result={result} name="reason" label="Причина отказа" w={240} maw="100%" />
          <SubmitButton
            size="xs"
            color="red"
            variant="light"
            name="decision"
            value="reject"
            disabled={selected.size === 0}
            loading={fetcher.state !== 'idle'}
          >
            Отклонить выбранные
          </SubmitButton>
        </Group>
        {outcome}
        <KeysHint keys={RETURNS_SHORTCUTS} testId="returns-shortcuts" />
        {table}
      </Stack>
    </fetcher.Form>
  );
}
