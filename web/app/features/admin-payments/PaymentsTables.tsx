import { Anchor, Button, Group, NativeSelect, Table, TextInput } from '@mantine/core';
import { Form, Link } from 'react-router';
import {
  BILL_STATES,
  BILL_STATE_LABELS,
  PAYMENT_SOURCE_LABELS,
  formatDate,
  formatDateTime,
  formatRoubles,
  type Payment,
} from '@detal/contract';
import { paths } from '../../paths.ts';
import { scrollRegion } from '../admin-shell/theme.ts';
import type { PaymentsQuery } from './payments-query.ts';
import type { ListKeys } from '../../lib/use-list-keys.ts';

/** The keyboard cursor of a list page (useListKeys): the rows' parent and the cursor row's marks. */
export type RowsKeys = Pick<ListKeys, 'rowsRef' | 'rowProps'>;

/** '2026-11-20' as 20.11.2026 (a calendar day: no time zone shift). */
export const formatDay = (day: string): string => formatDate(`${day}T12:00:00Z`, 'UTC');

/** Filters as a GET form: they land in the URL. */
export function PaymentFilters({ query }: { query: PaymentsQuery }) {
  const filters = query.tab === 'bills' ? query.bills : query.payments;
  return (
    <Form method="get" aria-label="Фильтры">
      <input type="hidden" name="tab" value={query.tab} />
      <Group align="flex-end" gap="xs" wrap="wrap">
        {query.tab === 'bills' && (
          <NativeSelect
            label="Оплата"
            name="state"
            data={[
              { value: '', label: 'Все' },
              ...BILL_STATES.map((state) => ({ value: state, label: BILL_STATE_LABELS[state] })),
            ]}
            defaultValue={query.bills.state ?? ''}
            size="xs"
            w={170}
          />
        )}
        <TextInput
          label="Счёт №"
          name="bill_id"
          defaultValue={filters.bill_id ?? ''}
          size="xs"
          w={100}
          inputMode="numeric"
        />
        <TextInput
          label="Клиент №"
          name="client_id"
          defaultValue={filters.client_id ?? ''}
          size="xs"
          w={100}
          inputMode="numeric"
        />
        <TextInput label="С" name="date_from" type="date" defaultValue={filters.date_from ?? ''} size="xs" w={140} />
        <TextInput label="По" name="date_to" type="date" defaultValue={filters.date_to ?? ''} size="xs" w={140} />
        <Button type="submit" size="xs">
          Показать
        </Button>
      </Group>
    </Form>
  );
}

export function PaymentsTable({
  payments,
  showClient = true,
  keys,
}: {
  payments: Payment[];
  showClient?: boolean;
  keys?: RowsKeys;
}) {
  return (
    <Table.ScrollContainer minWidth={760} scrollAreaProps={scrollRegion('Платежи')}>
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="payments-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Счёт</Table.Th>
            {showClient && <Table.Th>Клиент</Table.Th>}
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th>Основание</Table.Th>
            <Table.Th>Источник</Table.Th>
            <Table.Th>Записал</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={keys?.rowsRef}>
          {payments.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={showClient ? 7 : 6} c="gray.7">
                Платежей нет
              </Table.Td>
            </Table.Tr>
          )}
          {payments.map((payment, index) => (
            <Table.Tr key={payment.id} {...keys?.rowProps(index)}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(payment.date)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={paths.adminPayments(`tab=bills&bill_id=${payment.bill_id}`)} fz="sm">
                  № {payment.bill_id}
                </Anchor>
              </Table.Td>
              {showClient && (
                <Table.Td>
                  <Anchor component={Link} to={paths.adminClient(payment.client_id)} fz="sm">
                    {payment.client_name}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(payment.amount)}
              </Table.Td>
              <Table.Td>{payment.reference || '—'}</Table.Td>
              <Table.Td>{PAYMENT_SOURCE_LABELS[payment.source]}</Table.Td>
              <Table.Td title={formatDateTime(payment.created_at)}>
                {payment.staff_email ?? 'командная строка'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
