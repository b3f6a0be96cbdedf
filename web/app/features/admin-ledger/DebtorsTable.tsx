import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatRoubles } from '@detal/contract/browser';
import type { LedgerDebtor } from '@detal/contract';
import { SortHeader } from '../admin-shell/SortHeader.tsx';
import { scrollRegion } from '../admin-shell/theme.ts';
import { paths } from '../../paths.ts';
import type { DebtorSort } from './ledger-query.ts';

const SORT_LABELS: Record<DebtorSort, string> = {
  overdue: 'Просрочено',
  days_overdue: 'Дней просрочки',
  limit_used: 'Лимит использован',
  debt: 'Долг',
};

function DebtorSortHeader({
  sort,
  current,
  hrefOf,
}: {
  sort: DebtorSort;
  current: DebtorSort;
  hrefOf: (sort: DebtorSort) => string;
}) {
  return <SortHeader sort={sort} active={sort === current} to={hrefOf(sort)} label={SORT_LABELS[sort]} fz="sm" />;
}

/**
 * Who owes: overdue debt, days overdue, limit used (over 80 % flagged), a link to the ledger, and the contacts last,
 * so that on a phone the sums are in the first screen width.
 */
export function DebtorsTable({
  debtors,
  sort,
  hrefOf,
}: {
  debtors: readonly LedgerDebtor[];
  sort: DebtorSort;
  hrefOf: (sort: DebtorSort) => string;
}) {
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={scrollRegion('Должники')}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="debtors">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Клиент / плательщик</Table.Th>
            <DebtorSortHeader sort="debt" current={sort} hrefOf={hrefOf} />
            <DebtorSortHeader sort="overdue" current={sort} hrefOf={hrefOf} />
            <DebtorSortHeader sort="days_overdue" current={sort} hrefOf={hrefOf} />
            <Table.Th ta="right">Лимит</Table.Th>
            <DebtorSortHeader sort="limit_used" current={sort} hrefOf={hrefOf} />
            <Table.Th>Стоп-лист</Table.Th>
            <Table.Th>Контакты</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {debtors.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8} c="gray.7">
                Должников нет
              </Table.Td>
            </Table.Tr>
          )}
          {debtors.map((debtor) => (
            <Table.Tr key={debtor.account.id} data-debtor={debtor.account.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.adminClientLedger(debtor.account.client_id, `account=${debtor.account.id}`)}
                  fz="sm"
                >
                  {debtor.client_name}
                </Anchor>
                {debtor.account.name !== debtor.client_name && (
                  <Text fz="xs" c="gray.7">
                    {debtor.account.name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(debtor.account.debt)}
              </Table.Td>
              <Table.Td
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                c={Number(debtor.account.overdue) > 0 ? 'red.8' : undefined}
                data-testid="debtor-overdue"
              >
                {formatRoubles(debtor.account.overdue)}
              </Table.Td>
              <Table.Td ta="right">
                {debtor.days_overdue > 0 ? debtor.days_overdue : '—'}
                {debtor.account.oldest_due && debtor.days_overdue > 0 && (
                  <Text fz="xs" c="gray.7">
                    с {formatDate(`${debtor.account.oldest_due}T12:00:00Z`, 'UTC')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {debtor.credit_limit === null ? '—' : formatRoubles(debtor.credit_limit)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {debtor.limit_used_percent === null ? (
                  '—'
                ) : debtor.limit_over_80 ? (
                  <Badge color="orange" variant="light" data-testid="limit-over-80">
                    {Math.round(debtor.limit_used_percent)} %
                  </Badge>
                ) : (
                  `${Math.round(debtor.limit_used_percent)} %`
                )}
              </Table.Td>
              <Table.Td>
                {debtor.account.stop ? (
                  <Badge color="red" variant="light" title={debtor.account.stop.reason}>
                    {debtor.account.stop.kind === 'auto' ? 'авто' : 'вручную'}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>
                {debtor.phone && (
                  <Anchor href={`tel:${debtor.phone}`} fz="sm" display="block">
                    {debtor.phone}
                  </Anchor>
                )}
                <Anchor href={`mailto:${debtor.email}`} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {debtor.email}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
