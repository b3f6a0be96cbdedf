import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text } from '../ui/index.ts';
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthCard } from '../features/clients/AuthCard.tsx';
import { EmailField } from '../features/clients/EmailField.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { afterSignInPath } from '../features/clients/forms.ts';
import { signInAction } from '../features/clients/sign-in-action.ts';
import { pageMeta } from '../lib/meta.ts';
import { signInOnServer } from '../features/clients/sign-in-action.server.ts';
import { paths } from '../paths.ts';
import classes from '../features/clients/AuthCard.module.css';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Вход', 'Вход в личный кабинет клиента магазина автозапчастей.');

// Sent before the scripts ran, or without them: the server signs in and sets the cookie (sign-in-action.server.ts).
export const action = ({ request, context }: Route.ActionArgs) => signInOnServer(request, context);

// Sign-in is the browser's write: the token cookie and the basket ids are kept there (spec sections 3, 9).
export const clientAction = ({ request }: Route.ClientActionArgs) => signInAction(request);

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = afterSignInPath(searchParams.get('next'));
  const result = useActionData<typeof clientAction | typeof action>();
  const errors = result?.errors;
  // Only the server's answer (a form sent without scripts) brings the typed e-mail back: the page was new.
  const typedEmail = result && 'values' in result ? result.values.email : undefined;
  const submitting = useNavigation().state === 'submitting';

  // A failed sign-in is shown by the request layer as an error notification with the server's text (spec section 8),
  // and in the form, where the eyes are, until the next try.
  const registerLink = next === paths.home() ? paths.register() : paths.register(next);
  return (
    <AuthCard title="Вход" intro="Вход для зарегистрированных клиентов: заказы, счета и сохранённая корзина.">
      <Form method="post" noValidate>
        <Stack gap="md">
          <EmailField error={errors?.email} defaultValue={typedEmail} />
          <PasswordInput
            label="Пароль"
            name="password"
            autoComplete="current-password"
            required
            error={errors?.password}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox label="Запомнить меня на 24 часа" name="remember" />
            <Anchor component={Link} to={paths.resetPassword()} size="sm">
              Забыли пароль?
            </Anchor>
          </Group>
          {errors?.form ? (
            <Alert color="red" role="alert" className={classes.formError}>
              {errors.form}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={submitting}>
            Войти
          </Button>
          <Text size="sm" align="center" tone="muted">
            Впервые у нас?{' '}
            <Anchor component={Link} to={registerLink}>
              Зарегистрироваться
            </Anchor>
          </Text>
        </Stack>
      </Form>
    </AuthCard>
  );
}
