import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { Form, Link, useFetcher, useNavigate } from 'react-router';
import { ORDER_STATUSES, ORDER_STATUS_NAMES, formatDateTime, formatRoubles } from '@detal/contract/browser';
import type { AdminOrderLine, AdminSupplier, OrderStatus } from '@detal/contract';
import { paths } from '../../paths.ts';
import { useListKeys } from '../../lib/use-list-keys.ts';
import { useFormReset } from '../../lib/use-form-reset.ts';
import type { OrderActionResult } from './order-actions.ts';
import type { QueueQuery } from './queue-filters.ts';
import { DenseTable, KeysHint, DateRangeFields, FilterButtons } from '../admin-shell/DenseList.tsx';

/** Badge colours of the statuses, from "needs work" to "done". */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  new: 'blue',
  in_work: 'cyan',
  ordered: 'indigo',
  in_transit: 'violet',
  supplier_refused: 'orange',
  ready: 'green',
  issued: 'gray',
  canceled: 'red',
};

/** A status as a badge, never cut short («Нов…»): its width is its whole name. `name` overrides the status's own. */
export function StatusBadge({ status, name }: { status: OrderStatus; name?: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      size="sm"
      radius="sm"
      tt="none"
      fw={600}
      styles={{ root: { minWidth: 'max-content' }, label: { overflow: 'visible' } }}
    >
      {name ?? ORDER_STATUS_NAMES[status]}
    </Badge>
  );
}

/** How long ago the order came, as the queue's age column says it: «15 мин», «3 ч», «2 дн.». */
export function ageText(createdAt: string, now: string): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes} мин`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} ч`;
  return `${Math.floor(minutes / (24 * 60))} дн.`;
}

/** 'yyyy-mm-dd' as «18.11» (the queue's expected day; the year is in the cell's title). */
const shortDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
const fullDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The expected day of a line, red with «просрочено» when it is past and the line not yet ready. */
export function ExpectedDay({ day, late }: { day: string | null; late: boolean }) {
  if (day === null)
    return (
      <Text fz="inherit" c="gray.6" component="span" title="Срок поставки не известен">
        —
      </Text>
    );
  return (
    <Text
      fz="inherit"
      component="span"
      c={late ? 'red.8' : undefined}
      fw={late ? 600 : undefined}
      title={late ? `Ожидалась к ${fullDay(day)}: просрочено` : `Ожидается к ${fullDay(day)}`}
      style={{ whiteSpace: 'nowrap' }}
      data-late={late || undefined}
    >
      {shortDay(day)}
      {late ? ' · просрочено' : ''}
    </Text>
  );
}

/** The mark of an order with the client's comment: a speech bubble, the comment in its title and name. */
export function CommentMark({ comment }: { comment: string | null }) {
  if (!comment) return null;
  return (
    <Text
      component="span"
      fz="inherit"
      c="orange.8"
      ml={4}
      title={`Комментарий клиента: ${comment}`}
      aria-label={`Комментарий клиента: ${comment}`}
      role="img"
      data-testid="comment-mark"
      style={{ display: 'inline-flex', verticalAlign: 'middle' }}
    >
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
        <path d="M2 2h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6l-3.5 3v-3H2a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm2 3v1h8V5H4zm0 3v1h6V8H4z" />
      </svg>
    </Text>
  );
}

/** Filters as a GET form: they land in the URL, so a filtered queue can be reloaded, shared and paged. */
export function QueueFilters({ query, suppliers }: { query: QueueQuery; suppliers: AdminSupplier[] }) {
  const { filters } = query;
  const chosen = new Set(filters.status ?? []);
  return (
    <Form method="get" aria-label="Фильтры очереди">
      <Group gap="xs" mb={6} align="flex-end" wrap="wrap">
        <TextInput
          label="Поиск"
          name="q"
          type="search"
          placeholder="артикул, бренд, № заказа, клиент"
          defaultValue={filters.q ?? ''}
          size="xs"
          w={320}
          maw="100%"
          data-testid="queue-search"
        />
        {filters.client_id != null && (
          <>
            <input type="hidden" name="client_id" value={filters.client_id} />
            <Badge variant="light" color="gray" size="lg" tt="none" fw={500}>
              Только клиент № {filters.client_id}
            </Badge>
          </>
        )}
      </Group>
      <Group gap={6} mb={6} wrap="wrap" aria-label="Статусы">
        {ORDER_STATUSES.map((status) => (
          <Checkbox
            key={status}
            name="status"
            value={status}
            label={ORDER_STATUS_NAMES[status]}
            defaultChecked={chosen.has(status)}
            size="xs"
            mr="xs"
          />
        ))}
        <Checkbox
          name="late"
          value="1"
          label="Просроченные"
          defaultChecked={filters.late === true}
          size="xs"
          color="red"
        />
      </Group>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label="Поставщик"
          name="supplier_id"
          data={[{ value: '', label: 'Все' }, ...suppliers.map((s) => ({ value: String(s.id), label: s.name }))]}
          defaultValue={filters.supplier_id ? String(filters.supplier_id) : ''}
          size="xs"
          w={200}
        />
        <TextInput
          label="Клиент"
          name="client"
          placeholder="имя, e-mail, телефон"
          defaultValue={filters.client ?? ''}
          size="xs"
          w={200}
        />
        <TextInput
          label="Заказ №"
          name="order_id"
          inputMode="numeric"
          defaultValue={filters.order_id ? String(filters.order_id) : ''}
          size="xs"
          w={90}
        />
        <DateRangeFields from={filters.date_from} to={filters.date_to} />
        <FilterButtons resetTo={paths.adminOrders()} />
      </Group>
    </Form>
  );
}

/** The result of the last write, said above the table. */
export function ActionResult({ result }: { result: OrderActionResult | undefined }) {
  if (!result) return null;
  if (!result.ok) {
    return (
      <Alert color="red" p="xs" role="alert" data-testid="order-action-error">
        {result.message}
      </Alert>
    );
  }
  if (result.intent === 'status') {
    return (
      <Alert color="green" p="xs" role="status" data-testid="order-action-done">
        Статус изменён: {result.changed}
        {result.unchanged > 0 ? `, уже были в этом статусе: ${result.unchanged}` : ''}
      </Alert>
    );
  }
  return (
    <Alert color="green" p="xs" role="status" data-testid="order-action-done">
      Позиция отменена
    </Alert>
  );
}

/** Many lines to one status: a fetcher form to the page's action; the note goes into each line's history. */
export function BulkStatusBar({
  lineIds,
  statusRef,
  onDone,
}: {
  lineIds: number[];
  statusRef?: React.Ref<HTMLSelectElement>;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<OrderActionResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  // Done: the status and the note start empty, so that the next change does not repeat this one's note.
  const form = useFormReset(fetcher.state === 'idle' && result?.ok ? result : null, onDone);
  return (
    <div>
      <fetcher.Form method="post" aria-label="Смена статуса" ref={form}>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="line_ids" value={lineIds.join(',')} />
        <Group
          gap="xs"
          align="flex-end"
          wrap="wrap"
          p={6}
          bg={lineIds.length > 0 ? 'blue.0' : 'gray.0'}
          style={{ borderRadius: 4 }}
        >
          <Text size="sm" fw={600} data-testid="selected-count" miw={96}>
            Выбрано: {lineIds.length}
          </Text>
          <NativeSelect
            ref={statusRef}
            name="status"
            aria-label="Новый статус"
            data={[
              { value: '', label: 'Новый статус…' },
              ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_NAMES[status] })),
            ]}
            size="xs"
            w={200}
          />
          <TextInput name="note" aria-label="Примечание" placeholder="Примечание (необязательно)" size="xs" w={240} />
          <Button type="submit" size="xs" loading={busy} disabled={lineIds.length === 0}>
            Изменить статус
          </Button>
        </Group>
      </fetcher.Form>
      {!busy && <ActionResult result={result} />}
    </div>
  );
}

/** The shortcuts of the queue, as the help line shows them (docs: README, Back office). */
export const QUEUE_SHORTCUTS =
  'j/k или ↓/↑ — строка, x или пробел — выбрать, a — выбрать все, s — статус, Enter — открыть заказ';

/**
 * The queue: a dense table of lines with checkboxes, the bulk status bar above it and the keyboard (j/k or the
 * arrows move, x or space select, a selects every line, s opens the status list, Enter opens the order).
 */
export function OrderQueue({ lines, now }: { lines: AdminOrderLine[]; now: string }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const statusRef = useRef<HTMLSelectElement>(null);
  const navigate = useNavigate();
  const lineIdsKey = lines.map((line) => line.id).join(',');

  // A new page or filter: the selection starts afresh (the cursor does in useListKeys).
  useEffect(() => {
    setSelected(new Set());
  }, [lineIdsKey]);

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleAt = (at: number) => {
    const line = lines[at];
    if (line) toggle(line.id);
  };
  const { setCursor, rowsRef, rowProps } = useListKeys({
    count: lines.length,
    rowsKey: lineIdsKey,
    actions: {
      x: toggleAt,
      ' ': toggleAt,
      a: () =>
        setSelected((current) =>
          current.size === lines.length ? new Set() : new Set(lines.map((candidate) => candidate.id)),
        ),
      s: () => statusRef.current?.focus(),
      Enter: (at) => {
        const line = lines[at];
        if (line) void navigate(paths.adminOrder(line.order_id));
      },
    },
  });

  const allSelected = lines.length > 0 && selected.size === lines.length;
  const chosen = lines.filter((line) => selected.has(line.id)).map((line) => line.id);
  return (
    <>
      <BulkStatusBar lineIds={chosen} statusRef={statusRef} onDone={() => setSelected(new Set())} />
      <KeysHint testId="queue-shortcuts" keys={QUEUE_SHORTCUTS} />
      <DenseTable label="Очередь позиций" minWidth={1180} data-testid="order-queue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={28}>
              <Checkbox
                size="xs"
                aria-label="Выбрать все"
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(lines.map((line) => line.id)))}
              />
            </Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th title="Сколько прошло с заказа">Возраст</Table.Th>
            <Table.Th>Заказ</Table.Th>
            <Table.Th>Клиент</Table.Th>
            <Table.Th>Артикул</Table.Th>
            <Table.Th>Бренд</Table.Th>
            <Table.Th>Описание</Table.Th>
            <Table.Th>Поставщик</Table.Th>
            <Table.Th ta="right">Кол.</Table.Th>
            <Table.Th ta="right">Закупка</Table.Th>
            <Table.Th ta="right">Продажа</Table.Th>
            <Table.Th title="Ожидаемый день готовности: день заказа и срок поставки по рабочему календарю">
              Ожидается
            </Table.Th>
            <Table.Th>Статус</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rowsRef}>
          {lines.map((line, index) => (
            <Table.Tr
              key={line.id}
              data-line-id={line.id}
              aria-selected={selected.has(line.id)}
              bg={selected.has(line.id) ? 'blue.0' : undefined}
              {...rowProps(index)}
              onClick={() => setCursor(index)}
            >
              <Table.Td>
                <Checkbox
                  size="xs"
                  aria-label={`Выбрать позицию ${line.article}`}
                  checked={selected.has(line.id)}
                  onChange={() => toggle(line.id)}
                />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="line-age">
                {ageText(line.created_at, now)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Link to={paths.adminOrder(line.order_id)}>№ {line.order_id}</Link>
                <CommentMark comment={line.order_comment} />
              </Table.Td>
              <Table.Td maw={200}>
                <Text fz="xs" lineClamp={1} title={`${line.client_name} · ${line.client_email} · ${line.client_phone}`}>
                  <Link to={paths.adminClient(line.client_id)}>{line.client_name}</Link>
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
                {line.article}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.brand_name}</Table.Td>
              <Table.Td maw={220}>
                <Text fz="xs" lineClamp={1} title={line.description}>
                  {line.description || '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.supplier_name ?? '—'}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.purchase_price === null ? '—' : formatRoubles(line.purchase_price)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(line.price)}
              </Table.Td>
              <Table.Td>
                <ExpectedDay day={line.expected_day} late={line.late} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={line.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DenseTable>
      {lines.length === 0 && (
        <Text c="gray.7" size="sm">
          Нет позиций по этим условиям
        </Text>
      )}
    </>
  );
}
