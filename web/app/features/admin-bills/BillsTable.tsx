import { Anchor, Badge, Table } from '@mantine/core';
import { Link } from 'react-router';
import {
  BILL_STATE_LABELS,
  formatDateTime,
  formatRoubles,
  orderLabel,
  type AdminBill,
  type BillState,
} from '@detal/contract';
import { paths } from '../../paths.ts';
import { type RowsKeys } from '../admin-payments/PaymentsTables.tsx';

/** The back office's bills: a bill's state as a badge, and the bills list (the payments page's tab, a client's screen). */

const STATE_COLORS: Record<BillState, string> = { paid: 'green', partly_paid: 'yellow', unpaid: 'gray' };

export function BillStateBadge({ state }: { state: BillState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" size="sm">
      {BILL_STATE_LABELS[state]}
    </Badge>
  );
}

export function BillsTable({
  bills,
  showClient = true,
  keys,
}: {
  bills: AdminBill[];
  showClient?: boolean;
  keys?: RowsKeys;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="bills-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Счёт</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Заказ</Table.Th>
            {showClient && <Table.Th>Клиент</Table.Th>}
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th ta="right">Оплачено</Table.Th>
            <Table.Th ta="right">Остаток</Table.Th>
            <Table.Th>Оплата</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={keys?.rowsRef}>
          {bills.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={showClient ? 8 : 7} c="gray.7">
                Счетов нет
              </Table.Td>
            </Table.Tr>
          )}
          {bills.map((bill, index) => (
            <Table.Tr key={bill.id} data-bill-id={bill.id} {...keys?.rowProps(index)}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={paths.adminPayments(`bill_id=${bill.id}`)} fz="sm">
                  № {bill.id}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bill.date_bill)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{orderLabel(bill.order_id)}</Table.Td>
              {showClient && (
                <Table.Td>
                  <Anchor component={Link} to={paths.adminClient(bill.client_id)} fz="sm">
                    {bill.client_name}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(bill.price_sum)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(bill.paid_sum)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(bill.remaining)}
              </Table.Td>
              <Table.Td>
                <BillStateBadge state={bill.state} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
