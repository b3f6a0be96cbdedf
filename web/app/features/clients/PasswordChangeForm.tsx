import { PasswordInput, Stack } from '../../ui/index.ts';
import { AccountSection } from './AccountSection.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useAccountForm } from './account-form.ts';

/** A new password; the other devices are signed out, this one stays signed in. */
export function PasswordChangeForm() {
  const { fetcher, formRef, errors, submitting } = useAccountForm();
  return (
    <AccountSection title="Смена пароля" hint="После смены пароля вход на других устройствах завершится.">
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="change-password" />
        <Stack gap="md">
          <PasswordInput
            label="Текущий пароль"
            name="current_password"
            autoComplete="current-password"
            required
            error={errors?.current_password}
          />
          <NewPasswordFields label="Новый пароль" confirmLabel="Повторите новый пароль" errors={errors} />
          <div>
            <SubmitButton loading={submitting}>Сменить пароль</SubmitButton>
          </div>
        </Stack>
      </fetcher.Form>
    </AccountSection>
  );
}
