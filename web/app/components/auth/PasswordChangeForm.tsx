import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { callShop } from '../../lib/api/index.ts';
import {
  confirmationRules,
  currentPasswordRules,
  newPasswordRules,
  showServerFieldErrors,
} from '../../lib/auth/forms.ts';
import { AccountSection } from './AccountSection.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';

const FIELDS = ['current_password', 'password', 'password_confirmation'];

/** A new password; the other devices are signed out, this one stays signed in. */
export function PasswordChangeForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: {
      current_password: currentPasswordRules,
      password: newPasswordRules,
      password_confirmation: confirmationRules,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await callShop('client-change-password', { body: values });
      form.reset();
      notifications.show({ color: 'green', message: 'Пароль изменён. На других устройствах нужно войти заново' });
    } catch (error) {
      showServerFieldErrors(form, FIELDS, error);
    }
  });

  return (
    <AccountSection title="Смена пароля" hint="После смены пароля вход на других устройствах завершится.">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="Текущий пароль"
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields form={form} label="Новый пароль" confirmLabel="Повторите новый пароль" />
          <div>
            <SubmitButton loading={form.submitting}>Сменить пароль</SubmitButton>
          </div>
        </Stack>
      </form>
    </AccountSection>
  );
}
