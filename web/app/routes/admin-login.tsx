import { Alert, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-login';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { signInAction } from '../features/admin-staff/staff-actions.ts';
import { SubmitButton } from '../features/admin-shell/SubmitButton.tsx';
import { MantineRoot } from '../features/admin-shell/MantineRoot.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Вход для сотрудников');

export const clientAction = ({ request }: Route.ClientActionArgs) => signInAction(request);

/** Outside the admin layout, so it brings Mantine itself. */
export default function AdminLoginPageRoute() {
  return (
    <MantineRoot>
      <AdminLoginPage />
    </MantineRoot>
  );
}

function AdminLoginPage() {
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionData<typeof clientAction>()?.errors;
  const [searchParams] = useSearchParams();
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={360} padding="lg">
        <Form method="post" noValidate>
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Панель управления
            </Title>
            <Text size="sm" c="gray.7">
              Вход для сотрудников магазина
            </Text>
            {searchParams.get('password') === 'set' && !errors && (
              <Alert color="green" p="xs" role="status">
                Пароль установлен. Войдите с ним.
              </Alert>
            )}
            {errors?.form && (
              <Alert color="red" p="xs" role="alert">
                {errors.form}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              name="email"
              type="email"
              autoComplete="username"
              required
              error={errors?.email}
            />
            <PasswordInput
              label="Пароль"
              name="password"
              autoComplete="current-password"
              required
              error={errors?.password}
            />
            <SubmitButton loading={submitting}>Войти</SubmitButton>
          </Stack>
        </Form>
      </Card>
    </Center>
  );
}
