import { Anchor, Checkbox, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/login';
import { AuthCard } from '../components/auth/AuthCard.tsx';
import { SubmitButton } from '../components/auth/SubmitButton.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { callShop } from '../lib/api/index.ts';
import { afterSignInPath, currentPasswordRules, emailRules, showServerFieldErrors } from '../lib/auth/forms.ts';
import { completeSignIn } from '../lib/auth/sign-in.ts';
import { pageMeta } from '../lib/meta.ts';
import { heldBasket } from '../stores/basket.ts';
import { EmailField } from '../components/auth/EmailField.tsx';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Вход', 'Вход в личный кабинет клиента магазина автозапчастей.');

interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = afterSignInPath(searchParams.get('next'));
  const form = useForm<LoginValues>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: { email: emailRules, password: currentPasswordRules },
  });

  // A failed sign-in is shown by the request layer as an error notification with the server's text (spec section 8).
  const submit = form.onSubmit(async ({ email, password, remember }) => {
    try {
      const { client } = await callShop('client-login', {
        body: { email: email.trim(), password, remember, ...heldBasket() },
      });
      await completeSignIn(client, remember);
      await navigate(next, { replace: true });
    } catch (error) {
      showServerFieldErrors(form, ['email', 'password'], error);
    }
  });

  const registerLink = next === '/' ? '/register' : `/register?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard title="Вход" intro="Вход для зарегистрированных клиентов: заказы, счета и сохранённая корзина.">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <EmailField form={form} />
          <PasswordInput
            label="Пароль"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" gap="xs">
            <Checkbox
              label="Запомнить меня на 24 часа"
              key={form.key('remember')}
              {...form.getInputProps('remember', { type: 'checkbox' })}
            />
            <Anchor component={Link} to="/reset-password" size="sm">
              Забыли пароль?
            </Anchor>
          </Group>
          <SubmitButton fullWidth loading={form.submitting}>
            Войти
          </SubmitButton>
          <Text size="sm" ta="center" c="gray.7">
            Впервые у нас?{' '}
            <Anchor component={Link} to={registerLink}>
              Зарегистрироваться
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
