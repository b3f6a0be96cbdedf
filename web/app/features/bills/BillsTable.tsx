import { Anchor, Box, Card, Group, Stack, Table, Text } from '../../ui/index.ts';
import { Link } from 'react-router';
import { formatDateTime, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { Bill } from '@detal/contract';
import { BillStatusBadge } from './BillStatusBadge.tsx';
import { DownloadBillButton, EarlierBillRevisions } from './DownloadBillButton.tsx';
import { paths } from '../../paths.ts';
import frame from '../../components/page.module.css';
import classes from './bills.module.css';

const orderLink = (bill: Bill) => (
  <Anchor component={Link} to={paths.order(bill.clients_shops_orders_id)} size="sm">
    {orderLabel(bill.clients_shops_orders_id)}
  </Anchor>
);

/** «изм. 1» beside the number of a bill changed since it was issued. */
const revisionMark = (bill: Bill) =>
  bill.revision > 0 ? (
    <Text component="span" size="xs" tone="muted" weight={400} className={classes.revision}>
      изм. {bill.revision}
    </Text>
  ) : null;

const payLink = (bill: Bill) =>
  bill.paid ? null : (
    <Anchor component={Link} to={paths.payment(bill.id)} size="sm" aria-label={`Как оплатить счёт № ${bill.id}`}>
      Оплатить
    </Anchor>
  );

/** From md up: one row per bill. */
function WideTable({ bills, label }: { bills: Bill[]; label: string }) {
  return (
    // From 768 px the six columns fit; the scroll container only guards against unusually long values.
    <Table.ScrollContainer minWidth={700} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Счёт</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Заказ</Table.Th>
            <Table.Th align="right">Сумма</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th align="right">Действия</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.map((bill) => (
            <Table.Tr key={bill.id} data-bill-id={bill.id}>
              <Table.Td weight={600}>
                № {bill.id}
                {revisionMark(bill)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bill.date_bill)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{orderLink(bill)}</Table.Td>
              <Table.Td align="right" weight={600} style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(bill.price_sum)}
              </Table.Td>
              <Table.Td>
                <BillStatusBadge paid={bill.paid} />
              </Table.Td>
              <Table.Td>
                <Group gap="sm" justify="flex-end" wrap="nowrap">
                  {payLink(bill)}
                  <DownloadBillButton billId={bill.id} compact />
                </Group>
                <EarlierBillRevisions billId={bill.id} revisions={bill.revisions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below md: a card per bill, the sum and the status first. */
function Cards({ bills, label }: { bills: Bill[]; label: string }) {
  return (
    <Stack gap="sm" role="list" aria-label={label}>
      {bills.map((bill) => (
        <Card key={bill.id} withBorder padding="sm" radius="sm" role="listitem" data-bill-id={bill.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2}>
              <Text weight={600}>
                Счёт № {bill.id}
                {revisionMark(bill)}
              </Text>
              <Text size="sm" tone="muted">
                {formatDateTime(bill.date_bill)}
              </Text>
              {orderLink(bill)}
            </Stack>
            <Stack gap={6} align="flex-end">
              <Text weight={700} style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(bill.price_sum)}
              </Text>
              <BillStatusBadge paid={bill.paid} />
            </Stack>
          </Group>
          <Group gap="md" justify="flex-end" className={classes.cardActions}>
            {payLink(bill)}
            <DownloadBillButton billId={bill.id} />
          </Group>
          <EarlierBillRevisions billId={bill.id} revisions={bill.revisions} />
        </Card>
      ))}
    </Stack>
  );
}

/** The client's bills: a table from md up, cards below (both rendered on the server; CSS shows one). */
export function BillsTable({ bills, label = 'Счета' }: { bills: Bill[]; label?: string }) {
  return (
    <>
      <Box className={frame.wide}>
        <WideTable bills={bills} label={label} />
      </Box>
      <Box className={frame.narrow}>
        <Cards bills={bills} label={label} />
      </Box>
    </>
  );
}
