import { Button, Code, Group, Table, TextInput } from '@mantine/core';
import { Form } from 'react-router';
import { formatDateTime, type AuditEntry } from '@detal/contract';
import type { AuditQuery } from './audit-filters.ts';

const values = (value: AuditEntry['before']) => (value ? <Code fz="xs">{JSON.stringify(value)}</Code> : '—');

/** Filters as a GET form: they land in the URL, so a filtered page can be reloaded, shared and paged. */
export function AuditFilters({ query }: { query: AuditQuery }) {
  const { filters } = query;
  return (
    <Form method="get" aria-label="Фильтры журнала">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="Сотрудник №" name="staff_id" defaultValue={filters.staff_id ?? ''} size="xs" w={110} />
        <TextInput label="Сущность" name="entity" defaultValue={filters.entity ?? ''} size="xs" w={140} />
        <TextInput label="С" name="date_from" type="date" defaultValue={filters.date_from ?? ''} size="xs" />
        <TextInput label="По" name="date_to" type="date" defaultValue={filters.date_to ?? ''} size="xs" />
        <Button type="submit" size="xs">
          Показать
        </Button>
      </Group>
    </Form>
  );
}

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table striped verticalSpacing={4} fz="sm" data-testid="audit-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Когда</Table.Th>
          <Table.Th>Кто</Table.Th>
          <Table.Th>Действие</Table.Th>
          <Table.Th>Что</Table.Th>
          <Table.Th>Было</Table.Th>
          <Table.Th>Стало</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</Table.Td>
            <Table.Td>{entry.staff_email ?? 'командная строка'}</Table.Td>
            <Table.Td>{entry.action}</Table.Td>
            <Table.Td>
              {entry.entity}
              {entry.entity_id ? ` № ${entry.entity_id}` : ''}
            </Table.Td>
            <Table.Td>{values(entry.before)}</Table.Td>
            <Table.Td>{values(entry.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
