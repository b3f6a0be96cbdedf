import { Badge, Stack, Table, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { STAFF_ROLE_LABELS, formatDateTime, type StaffMember } from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';

function StatusBadge({ member }: { member: StaffMember }) {
  const [color, label] = member.blocked
    ? ['red', 'Заблокирован']
    : member.has_password
      ? ['green', 'Активен']
      : ['yellow', 'Приглашён'];
  // Never cut to «ЗА…» in a narrow column: the label keeps its whole word.
  return (
    <Badge color={color} styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {label}
    </Badge>
  );
}

/** Block or unblock: a fetcher form to the staff page's action, so the list stays where it is. */
function BlockButton({ member, self }: { member: StaffMember; self: boolean }) {
  const fetcher = useFetcher();
  if (self) return null;
  const intent = member.blocked ? 'unblock' : 'block';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member.id} />
      <SubmitButton size="compact-xs" variant="default" loading={fetcher.state !== 'idle'}>
        {member.blocked ? 'Разблокировать' : 'Заблокировать'}
      </SubmitButton>
    </fetcher.Form>
  );
}

export function StaffTable({ staff, selfId }: { staff: StaffMember[]; selfId: number }) {
  return (
    // The name and the e-mail share a column, so do the status and its button, and badges and dates do not wrap:
    // the list fits 768 px beside the navigation.
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="staff-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Сотрудник</Table.Th>
            <Table.Th>Роль</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Последний вход</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>{member.id}</Table.Td>
              <Table.Td>
                <Text fz="sm">{member.name}</Text>
                <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {member.email}
                </Text>
              </Table.Td>
              <Table.Td>{STAFF_ROLE_LABELS[member.role]}</Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <StatusBadge member={member} />
                  <BlockButton member={member} self={member.id === selfId} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
