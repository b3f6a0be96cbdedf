import { Badge, Table } from '@mantine/core';
import { useFetcher } from 'react-router';
import { STAFF_ROLE_LABELS, formatDateTime, type StaffMember } from '@detal/contract';
import { SubmitButton } from '../clients/SubmitButton.tsx';

function StatusBadge({ member }: { member: StaffMember }) {
  if (member.blocked) return <Badge color="red">Заблокирован</Badge>;
  if (!member.has_password) return <Badge color="yellow">Приглашён</Badge>;
  return <Badge color="green">Активен</Badge>;
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
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="staff-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Имя</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Роль</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Последний вход</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staff.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>{member.id}</Table.Td>
              <Table.Td>{member.name}</Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{STAFF_ROLE_LABELS[member.role]}</Table.Td>
              <Table.Td>
                <StatusBadge member={member} />
              </Table.Td>
              <Table.Td>{member.last_sign_in_at ? formatDateTime(member.last_sign_in_at) : '—'}</Table.Td>
              <Table.Td>
                <BlockButton member={member} self={member.id === selfId} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
