import { PasswordInput } from '../../ui/index.ts';

/** A new password and its confirmation, as registration, the reset link and the password change ask for them. */
export function NewPasswordFields({
  label,
  confirmLabel,
  errors,
}: {
  label: string;
  confirmLabel: string;
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
        label={confirmLabel}
        name="password_confirmation"
        autoComplete="new-password"
        required
        error={errors?.password_confirmation}
      />
    </>
  );
}
