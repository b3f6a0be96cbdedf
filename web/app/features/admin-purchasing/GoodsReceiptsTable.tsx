import { Badge, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { Form, Link, useNavigate } from 'react-router';
import type { AdminSupplier, GoodsReceiptListFilters, GoodsReceiptSummary } from '@detal/contract';
import { formatDate, formatDateTime, formatRoubles } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { useListKeys } from '../../lib/use-list-keys.ts';
import type { ListQuery } from './purchasing-filters.ts';
import classes from './Purchasing.module.css';
import { DenseTable, KeysHint, DateRangeFields, FilterButtons } from '../admin-shell/DenseList.tsx';

/** Draft (still open to matching) or posted (read-only), as a badge. */
export function PostedBadge({ posted }: { posted: boolean }) {
  return (
    <Badge color={posted ? 'green' : 'gray'} variant="light" size="sm" radius="sm" tt="none" fw={600}>
      {posted ? 'Проведён' : 'Черновик'}
    </Badge>
  );
}

export function ReceiptFilters({
  query,
  suppliers,
}: {
  query: ListQuery<GoodsReceiptListFilters>;
  suppliers: AdminSupplier[];
}) {
  const { filters } = query;
  return (
    <Form method="get" aria-label="Фильтры приходов">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Поиск"
          name="q"
          type="search"
          placeholder="№ документа, артикул, ГТД"
          defaultValue={filters.q ?? ''}
          size="xs"
          w={240}
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
        <NativeSelect
          label="Состояние"
          name="posted"
          data={[
            { value: '', label: 'Все' },
            { value: '0', label: 'Черновики' },
            { value: '1', label: 'Проведённые' },
          ]}
          defaultValue={filters.posted === true ? '1' : filters.posted === false ? '0' : ''}
          size="xs"
          w={140}
        />
        <DateRangeFields from={filters.date_from} to={filters.date_to} />
        <FilterButtons resetTo={paths.adminGoodsReceipts()} />
      </Group>
    </Form>
  );
}

export function GoodsReceiptsTable({ receipts }: { receipts: GoodsReceiptSummary[] }) {
  const navigate = useNavigate();
  const { setCursor, rowsRef, rowProps } = useListKeys({
    count: receipts.length,
    rowsKey: receipts.map((receipt) => receipt.id).join(','),
    actions: { Enter: (at) => receipts[at] && void navigate(paths.adminGoodsReceipt(receipts[at].id)) },
  });
  return (
    <>
      <KeysHint
        keys={[
          ['j/k или ↓/↑', 'строка'],
          ['Enter', 'открыть приход'],
        ]}
      />
      <DenseTable label="Приходы" minWidth={900} data-testid="goods-receipts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Приход</Table.Th>
            <Table.Th>Документ поставщика</Table.Th>
            <Table.Th>Поставщик</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th ta="right">Строк</Table.Th>
            <Table.Th ta="right">Штук</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th ta="right" title="Строки без заказа поставщику: проведение ждёт их">
              Не сопоставлено
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={rowsRef}>
          {receipts.map((receipt, index) => (
            <Table.Tr
              key={receipt.id}
              data-receipt-id={receipt.id}
              {...rowProps(index)}
              onClick={() => setCursor(index)}
            >
              <Table.Td className={classes.nowrap} fw={600}>
                <Link to={paths.adminGoodsReceipt(receipt.id)}>№ {receipt.id}</Link>
                <Text fz={10} c="gray.7">
                  {formatDateTime(receipt.created_at)}
                </Text>
              </Table.Td>
              <Table.Td className={classes.nowrap}>
                {receipt.document_number} от {formatDate(receipt.document_date)}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{receipt.supplier_name}</Table.Td>
              <Table.Td>
                <PostedBadge posted={receipt.posted} />
              </Table.Td>
              <Table.Td ta="right">{receipt.lines_count}</Table.Td>
              <Table.Td ta="right">{receipt.quantity}</Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {formatRoubles(receipt.total)}
              </Table.Td>
              <Table.Td ta="right" c={receipt.unmatched_count > 0 ? 'orange.9' : undefined}>
                {receipt.unmatched_count}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </DenseTable>
      {receipts.length === 0 && (
        <Text c="gray.7" size="sm">
          Приходов по этим условиям нет
        </Text>
      )}
    </>
  );
}
