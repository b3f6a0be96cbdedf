import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type NewPasswordForm = Pick<
  UseFormReturnType<{ password: string; password_confirmation: string }>,
  'key' | 'getInputProps'
>;

/** A new password and its confirmation, as registration, the reset link and the password change ask for them. */
export function NewPasswordFields({
  form,
  label,
  confirmLabel,
}: {
  form: NewPasswordForm;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description="Не менее 8 символов"
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        required
        key={form.key('password_confirmation')}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
