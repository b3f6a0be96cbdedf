import { PasswordInput } from '@mantine/core';

/** A staff member's new password and its confirmation, on Mantine (the first owner's setup, the set-password link). */
export function StaffPasswordFields({
  label,
  errors,
}: {
  label: string;
  errors?: Partial<Record<'password' | 'password_confirmation', string>>;
}) {
  return (
    <>
      <PasswordInput
        label={label}
        name="password"
        description="Не менее 8 символов"
        autoComplete="new-password"
        required
        error={errors?.password}
      />
      <PasswordInput
        label="Повторите пароль"
        name="password_confirmation"
        autoComplete="new-password"
        required
        error={errors?.password_confirmation}
      />
    </>
  );
}
