import { Anchor, Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { Form, Link } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { AuditEntry, StaffMember } from '@detal/contract';
import type { AuditQuery } from './audit-filters.ts';
import {
  AUDIT_ENTITY_LABELS,
  auditActionLabel,
  auditFieldLabel,
  auditObjectPath,
  auditObjectText,
  auditValueText,
} from './audit-labels.ts';

/** What a row was done to, by name, linked to its screen where it has one. */
function AuditObject({ entry }: { entry: AuditEntry }) {
  const text = auditObjectText(entry.entity, entry.entity_id, entry.object_label);
  const path = auditObjectPath(entry);
  return (
    <Text fz="xs" c="gray.7">
      {path ? (
        <Anchor component={Link} to={path} fz="xs">
          {text}
        </Anchor>
      ) : (
        text
      )}
    </Text>
  );
}

/** A row's values as short «поле: значение» lines. */
function Values({ values }: { values: AuditEntry['before'] }) {
  if (!values || Object.keys(values).length === 0) return <>—</>;
  return (
    <>
      {Object.entries(values).map(([field, value]) => (
        <Text key={field} fz="xs" lh={1.35}>
          {auditFieldLabel(field)}: {auditValueText(field, value)}
        </Text>
      ))}
    </>
  );
}

/** Filters as a GET form: they land in the URL, so a filtered page can be reloaded, shared and paged. */
export function AuditFilters({ query, staff }: { query: AuditQuery; staff: StaffMember[] }) {
  const { filters } = query;
  const staffOptions = [
    { value: '', label: 'Все' },
    ...staff.map((member) => ({ value: String(member.id), label: `${member.name} (${member.email})` })),
  ];
  const entityOptions = [
    { value: '', label: 'Все' },
    ...Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label })),
  ];
  return (
    <Form method="get" aria-label="Фильтры журнала">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label="Сотрудник"
          name="staff_id"
          data={staffOptions}
          defaultValue={filters.staff_id ? String(filters.staff_id) : ''}
          size="xs"
          w={260}
        />
        <NativeSelect
          label="Объект"
          name="entity"
          data={entityOptions}
          defaultValue={filters.entity ?? ''}
          size="xs"
          w={140}
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

/**
 * The log's rows. When and who share a column, and so do the action and its object, so that the values (what
 * was and what became) keep their room on a 768 px screen beside the navigation.
 */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="audit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Когда, кто</Table.Th>
            <Table.Th>Действие</Table.Th>
            <Table.Th>Было</Table.Th>
            <Table.Th>Стало</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id} style={{ verticalAlign: 'top' }}>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.created_at)}
                </Text>
                <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {entry.staff_email ?? 'командная строка'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{auditActionLabel(entry.action)}</Text>
                <AuditObject entry={entry} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Values values={entry.before} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Values values={entry.after} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
