import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatRoubles } from '@detal/contract/browser';
import type { LedgerAccount } from '@detal/contract';
import { scrollRegion } from '../admin-shell/theme.ts';

/** A client's ledgers (its own and one per payer): balance, debt, overdue, limit and what is left, the stop-list. */
export function LedgerAccountsTable({
  accounts,
  chosenId,
  hrefOf,
  creditLimit,
}: {
  accounts: readonly LedgerAccount[];
  chosenId: number | null;
  hrefOf: (accountId: number) => string;
  /** The client's effective limit (roubles string), null without one: it applies to each ledger's debt. */
  creditLimit: string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={scrollRegion('Лицевые счета клиента')}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="ledger-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Плательщик</Table.Th>
            <Table.Th ta="right">Сальдо</Table.Th>
            <Table.Th ta="right">Долг</Table.Th>
            <Table.Th ta="right">Просрочено</Table.Th>
            <Table.Th ta="right">Лимит</Table.Th>
            <Table.Th ta="right">Остаток лимита</Table.Th>
            <Table.Th>Стоп-лист</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={7} c="gray.7">
                Записей по счетам клиента ещё нет
              </Table.Td>
            </Table.Tr>
          )}
          {accounts.map((account) => {
            const left =
              creditLimit === null ? null : Math.max(0, Number(creditLimit) * 100 - Number(account.debt) * 100) / 100;
            return (
              <Table.Tr
                key={account.id}
                data-ledger-account={account.id}
                aria-current={account.id === chosenId ? 'true' : undefined}
                fw={account.id === chosenId ? 600 : undefined}
              >
                <Table.Td>
                  <Anchor component={Link} to={hrefOf(account.id)} fz="sm" preventScrollReset>
                    {account.name}
                  </Anchor>
                  {account.payer_id === null && (
                    <Text span fz="xs" c="gray.7">
                      {' '}
                      (без плательщика)
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="ledger-balance">
                  {formatRoubles(account.balance)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatRoubles(account.debt)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                  c={Number(account.overdue) > 0 ? 'red.8' : undefined}
                >
                  {formatRoubles(account.overdue)}
                  {account.oldest_due && Number(account.overdue) > 0 && (
                    <Text fz="xs" c="gray.7">
                      с {formatDate(`${account.oldest_due}T12:00:00Z`)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {creditLimit === null ? 'без лимита' : formatRoubles(creditLimit)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {left === null ? '—' : formatRoubles(left)}
                </Table.Td>
                <Table.Td>
                  {account.stop ? (
                    <Badge color="red" variant="light" title={account.stop.reason}>
                      {account.stop.kind === 'auto' ? 'Авто: ' : ''}
                      {account.stop.reason}
                    </Badge>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
