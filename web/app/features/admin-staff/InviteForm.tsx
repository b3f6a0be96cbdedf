import { Group, Select, Text, TextInput } from '@mantine/core';
import { useFetcher } from 'react-router';
import { STAFF_ROLES, STAFF_ROLE_LABELS } from '@detal/contract';
import type { StaffActionResult } from './staff-actions.ts';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { useFormReset } from '../../lib/use-form-reset.ts';

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/**
 * The owner invites a member: the server e-mails them a set-password link. A fetcher form, so that its answer
 * (the errors beside the fields, or who was invited) is its own; the staff list reloads after it.
 */
export function InviteForm() {
  const fetcher = useFetcher<StaffActionResult>();
  const result = fetcher.data?.intent === 'invite' ? fetcher.data : null;
  const errors = result?.errors;
  const invited = result?.invited ?? null;
  const form = useFormReset(invited ? result : null);
  return (
    <fetcher.Form method="post" aria-label="Пригласить сотрудника" noValidate ref={form}>
      <input type="hidden" name="intent" value="invite" />
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput label="E-mail" name="email" type="email" required size="xs" w={240} error={errors?.email} />
        <TextInput label="Имя" name="name" required size="xs" w={200} error={errors?.name} />
        <Select
          label="Роль"
          name="role"
          data={roleOptions}
          defaultValue="manager"
          size="xs"
          w={170}
          allowDeselect={false}
          error={errors?.role}
        />
        <SubmitButton size="xs" mt={23} loading={fetcher.state !== 'idle'}>
          Пригласить
        </SubmitButton>
      </Group>
      {errors?.form && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {errors.form}
        </Text>
      )}
      {invited && (
        <Text size="sm" c="teal.9" role="status" mt={4}>
          Приглашение отправлено на {invited}
        </Text>
      )}
    </fetcher.Form>
  );
}
