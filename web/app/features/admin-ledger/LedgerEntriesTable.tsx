import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LEDGER_ENTRY_KIND_LABELS, formatDate, formatRoubles } from '@detal/contract/browser';
import type { LedgerEntry } from '@detal/contract';
import { scrollRegion } from '../admin-shell/theme.ts';
import { paths } from '../../paths.ts';

const day = (value: string) => formatDate(`${value}T12:00:00Z`, 'UTC');

/** The document an entry comes from, where the back office has a screen for it. */
function EntryDocument({ entry, clientId }: { entry: LedgerEntry; clientId: number }) {
  if (entry.shipment_id !== null) {
    return (
      <Anchor component={Link} to={paths.adminShipments(`client=${clientId}`)} fz="sm">
        Отгрузка № {entry.shipment_id}
      </Anchor>
    );
  }
  if (entry.bill_id !== null) {
    return (
      <Anchor component={Link} to={paths.adminPayments(`bill_id=${entry.bill_id}`)} fz="sm">
        Счёт № {entry.bill_id}
      </Anchor>
    );
  }
  if (entry.reverses_id !== null)
    return (
      <Text span fz="sm">
        Сторно записи № {entry.reverses_id}
      </Text>
    );
  return (
    <Text span fz="sm" c="gray.7">
      —
    </Text>
  );
}

/** A ledger's entries (a page of them, newest first), each with the running balance after it. */
export function LedgerEntriesTable({ entries, clientId }: { entries: readonly LedgerEntry[]; clientId: number }) {
  return (
    <Table.ScrollContainer minWidth={860} scrollAreaProps={scrollRegion('Записи лицевого счёта')}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="ledger-entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Вид</Table.Th>
            <Table.Th>Документ</Table.Th>
            <Table.Th ta="right">Приход</Table.Th>
            <Table.Th ta="right">Расход</Table.Th>
            <Table.Th ta="right">Сальдо</Table.Th>
            <Table.Th>Срок / остаток</Table.Th>
            <Table.Th>Основание</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={9} c="gray.7">
                Записей нет
              </Table.Td>
            </Table.Tr>
          )}
          {entries.map((entry) => (
            <Table.Tr key={entry.id} data-ledger-entry={entry.id} data-kind={entry.kind}>
              <Table.Td>{entry.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{day(entry.date)}</Table.Td>
              <Table.Td>
                {LEDGER_ENTRY_KIND_LABELS[entry.kind]}
                {entry.reversed && (
                  <Badge ml={4} size="xs" color="gray" variant="light">
                    сторнирована
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <EntryDocument entry={entry} clientId={clientId} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {entry.side === 'credit' ? formatRoubles(entry.amount) : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {entry.side === 'debit' ? formatRoubles(entry.amount) : ''}
              </Table.Td>
              <Table.Td
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                c={Number(entry.running_balance) < 0 ? 'red.8' : undefined}
                data-testid="running-balance"
              >
                {formatRoubles(entry.running_balance)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {[
                  entry.due_on ? `до ${day(entry.due_on)}` : null,
                  entry.open !== null && Number(entry.open) > 0 ? `открыто ${formatRoubles(entry.open)}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
