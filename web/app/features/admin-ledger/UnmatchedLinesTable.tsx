import { Group, NativeSelect, Table, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { formatDate, formatRoubles } from '@detal/contract/browser';
import type { LedgerAccount } from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { scrollRegion } from '../admin-shell/theme.ts';
import type { LedgerActionResult } from './ledger-actions.ts';

export interface UnmatchedLine {
  id: number;
  inn: string;
  amount: string;
  date: string;
  reference: string;
}

/** One line's «take as an advance on this ledger». */
function MatchForm({ line, accounts }: { line: UnmatchedLine; accounts: readonly LedgerAccount[] }) {
  const fetcher = useFetcher<LedgerActionResult>();
  if (accounts.length === 0) {
    return (
      <Text fz="xs" c="gray.7">
        Выберите клиента выше
      </Text>
    );
  }
  return (
    <fetcher.Form method="post" aria-label={`Сопоставить строку ${line.id}`}>
      <input type="hidden" name="intent" value="ledger-match" />
      <input type="hidden" name="line_id" value={line.id} />
      <Group gap="xs" wrap="nowrap">
        <NativeSelect
          aria-label="Лицевой счёт"
          name="account_id"
          data={accounts.map((account) => ({ value: String(account.id), label: account.name }))}
          size="xs"
          w={200}
        />
        <SubmitButton size="xs" variant="default" loading={fetcher.state !== 'idle'}>
          Зачесть авансом
        </SubmitButton>
      </Group>
      {fetcher.data && !fetcher.data.ok && (
        <Text fz="sm" c="red.8" role="alert">
          {fetcher.data.error}
        </Text>
      )}
    </fetcher.Form>
  );
}

/** Statement lines naming no bill whose INN no payer has: staff put each on a ledger as an advance. */
export function UnmatchedLinesTable({
  lines,
  accounts,
}: {
  lines: readonly UnmatchedLine[];
  accounts: readonly LedgerAccount[];
}) {
  return (
    <Table.ScrollContainer minWidth={760} scrollAreaProps={scrollRegion('Платежи без плательщика')}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="unmatched-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Дата</Table.Th>
            <Table.Th>ИНН плательщика</Table.Th>
            <Table.Th>Платёжный документ</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
            <Table.Th>Зачесть</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5} c="gray.7">
                Все строки выписок разобраны
              </Table.Td>
            </Table.Tr>
          )}
          {lines.map((line) => (
            <Table.Tr key={line.id} data-unmatched-line={line.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(`${line.date}T12:00:00Z`, 'UTC')}</Table.Td>
              <Table.Td>{line.inn || '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.reference}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(line.amount)}
              </Table.Td>
              <Table.Td>
                <MatchForm line={line} accounts={accounts} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
