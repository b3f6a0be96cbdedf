import { Button, Group, Select, TextInput } from '@mantine/core';
import { Form } from 'react-router';
import { STAFF_ROLES, STAFF_ROLE_LABELS } from '@detal/contract';

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/** The owner invites a member: the server e-mails them a set-password link. */
export function InviteForm({ submitting }: { submitting: boolean }) {
  return (
    <Form method="post" aria-label="Пригласить сотрудника">
      <input type="hidden" name="intent" value="invite" />
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput label="E-mail" name="email" type="email" required size="xs" w={220} />
        <TextInput label="Имя" name="name" required size="xs" w={180} />
        <Select
          label="Роль"
          name="role"
          data={roleOptions}
          defaultValue="manager"
          size="xs"
          w={170}
          allowDeselect={false}
        />
        <Button type="submit" size="xs" loading={submitting}>
          Пригласить
        </Button>
      </Group>
    </Form>
  );
}
