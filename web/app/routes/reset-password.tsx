import { useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import { AuthCard } from '../components/auth/AuthCard.tsx';
import { SubmitButton } from '../components/auth/SubmitButton.tsx';
import { enforceAccess, LOGIN_PATH } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { callShop } from '../lib/api/index.ts';
import { confirmationRules, emailRules, newPasswordRules, showServerFieldErrors } from '../lib/auth/forms.ts';
import { isApiError, readErrorBody } from '../lib/api/errors.ts';
import { pageMeta } from '../lib/meta.ts';
import { useAuthStore } from '../stores/auth.ts';
import { NewPasswordFields } from '../components/auth/NewPasswordFields.tsx';
import { EmailField } from '../components/auth/EmailField.tsx';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Восстановление пароля', 'Восстановление пароля к личному кабинету.'),
  // The address may carry a reset token: it must not travel on as a Referer.
  { name: 'referrer', content: 'no-referrer' },
  { name: 'robots', content: 'noindex' },
];

/** Step 1: the e-mail to send a reset link to. The answer is the same whether or not it has an account. */
function RequestLinkForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: { email: emailRules },
  });
  const submit = form.onSubmit(async ({ email }) => {
    try {
      const { message } = await callShop('client-reset-password', { body: { email: email.trim() } });
      setSent(message);
    } catch (error) {
      showServerFieldErrors(form, ['email'], error);
    }
  });

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Проверьте почту" role="status">
          {sent}
        </Alert>
        <Text size="sm">
          Письмо не пришло? Проверьте папку «Спам» или{' '}
          <Anchor component="button" type="button" onClick={() => setSent(null)}>
            отправьте ссылку ещё раз
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField form={form} />
        <SubmitButton fullWidth loading={form.submitting}>
          Получить ссылку
        </SubmitButton>
        <Text size="sm" ta="center">
          <Anchor component={Link} to={LOGIN_PATH}>
            Вернуться ко входу
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** Step 2, from the e-mailed link: the new password. Every session of the client ends, this browser's too. */
function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '' },
    validate: { password: newPasswordRules, password_confirmation: confirmationRules },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await callShop('client-reset-password-confirm', { body: { token, ...values } });
      if (useAuthStore.getState().signedIn) useAuthStore.getState().signOut();
      notifications.show({ color: 'green', message: 'Пароль изменён. Войдите с новым паролем' });
      await navigate(LOGIN_PATH, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, ['password', 'password_confirmation'], error);
      const detail = isApiError(error) ? readErrorBody(error.body).error : undefined;
      if (typeof detail === 'object' && detail.token?.[0]) setLinkError(detail.token[0]);
    }
  });

  return (
    <form method="post" onSubmit={submit} noValidate>
      <Stack gap="md">
        {linkError ? (
          <Alert color="red" title="Ссылка не подходит" role="alert">
            {linkError}{' '}
            <Anchor component={Link} to="/reset-password">
              Получить новую ссылку
            </Anchor>
          </Alert>
        ) : null}
        <NewPasswordFields form={form} label="Новый пароль" confirmLabel="Повторите пароль" />
        <SubmitButton fullWidth loading={form.submitting}>
          Сохранить пароль
        </SubmitButton>
      </Stack>
    </form>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? (
    <AuthCard
      title="Новый пароль"
      intro="Придумайте новый пароль. После сохранения войдите с ним снова на всех устройствах."
    >
      <NewPasswordForm token={token} />
    </AuthCard>
  ) : (
    <AuthCard
      title="Восстановление пароля"
      intro="Укажите e-mail, с которым вы регистрировались: пришлём ссылку для смены пароля."
    >
      <RequestLinkForm />
    </AuthCard>
  );
}
