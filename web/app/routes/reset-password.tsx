import { useState } from 'react';
import { Alert, Anchor, Stack, Text } from '../ui/index.ts';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/reset-password';
import { AuthCard } from '../features/clients/AuthCard.tsx';
import { SubmitButton } from '../features/clients/SubmitButton.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { passwordResetAction } from '../features/clients/password-reset-action.ts';
import type { PasswordResetResult } from '../features/clients/password-reset-action.ts';
import { pageMeta } from '../lib/meta.ts';
import { NewPasswordFields } from '../features/clients/NewPasswordFields.tsx';
import { EmailField } from '../features/clients/EmailField.tsx';
import { paths } from '../paths.ts';

// Public, but a reset link's address carries its secret token.
export const handle = { access: 'public', personal: true } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Восстановление пароля', 'Восстановление пароля к личному кабинету.'),
  // The address may carry a reset token: it must not travel on as a Referer.
  { name: 'referrer', content: 'no-referrer' },
  { name: 'robots', content: 'noindex' },
];

// Step 2 signs this browser out: the token cookie and the basket ids are the browser's (spec sections 3, 9).
export const clientAction = ({ request }: Route.ClientActionArgs) => passwordResetAction(request);

const errorsOf = (result: PasswordResetResult | undefined) => (result && 'errors' in result ? result : undefined);

/** Step 1: the e-mail to send a reset link to. The answer is the same whether or not it has an account. */
function RequestLinkForm({ result, submitting }: { result: PasswordResetResult | undefined; submitting: boolean }) {
  // "Send again" hides this answer; the next submit brings a new one.
  const [dismissed, setDismissed] = useState<PasswordResetResult | undefined>(undefined);
  if (result && 'sent' in result && result !== dismissed) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Проверьте почту" role="status">
          {result.sent}
        </Alert>
        <Text size="sm">
          Письмо не пришло? Проверьте папку «Спам» или{' '}
          <Anchor component="button" type="button" onClick={() => setDismissed(result)}>
            отправьте ссылку ещё раз
          </Anchor>
          .
        </Text>
      </Stack>
    );
  }
  return (
    <Form method="post" noValidate>
      <Stack gap="md">
        <EmailField error={errorsOf(result)?.errors.email} />
        <SubmitButton fullWidth loading={submitting}>
          Получить ссылку
        </SubmitButton>
        <Text size="sm" align="center">
          <Anchor component={Link} to={paths.login()}>
            Вернуться ко входу
          </Anchor>
        </Text>
      </Stack>
    </Form>
  );
}

/** Step 2, from the e-mailed link: the new password. */
function NewPasswordForm({ result, submitting }: { result: PasswordResetResult | undefined; submitting: boolean }) {
  const failed = errorsOf(result);
  return (
    <Form method="post" noValidate>
      <Stack gap="md">
        {failed?.linkError ? (
          <Alert color="red" title="Ссылка не подходит" role="alert">
            {failed.linkError}{' '}
            <Anchor component={Link} to={paths.resetPassword()}>
              Получить новую ссылку
            </Anchor>
          </Alert>
        ) : null}
        <NewPasswordFields label="Новый пароль" confirmLabel="Повторите пароль" errors={failed?.errors} />
        <SubmitButton fullWidth loading={submitting}>
          Сохранить пароль
        </SubmitButton>
      </Stack>
    </Form>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const result = useActionData<typeof clientAction>();
  const submitting = useNavigation().state === 'submitting';
  return token ? (
    <AuthCard
      title="Новый пароль"
      intro="Придумайте новый пароль. После сохранения войдите с ним снова на всех устройствах."
    >
      <NewPasswordForm result={result} submitting={submitting} />
    </AuthCard>
  ) : (
    <AuthCard
      title="Восстановление пароля"
      intro="Укажите e-mail, с которым вы регистрировались: пришлём ссылку для смены пароля."
    >
      <RequestLinkForm result={result} submitting={submitting} />
    </AuthCard>
  );
}
