import { Alert, Button, Card, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-login';
import { adminMeta } from '../features/admin/admin-meta.ts';
import { signInAction } from '../features/admin/staff-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Вход для сотрудников');

export const clientAction = ({ request }: Route.ClientActionArgs) => signInAction(request);

export default function AdminLoginPage() {
  const submitting = useNavigation().state === 'submitting';
  const [searchParams] = useSearchParams();
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={360} padding="lg">
        <Form method="post">
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Панель управления
            </Title>
            <Text size="sm" c="gray.7">
              Вход для сотрудников магазина
            </Text>
            {searchParams.get('password') === 'set' && (
              <Alert color="green" p="xs">
                Пароль установлен. Войдите с ним.
              </Alert>
            )}
            <TextInput label="E-mail" name="email" type="email" autoComplete="username" required />
            <PasswordInput label="Пароль" name="password" autoComplete="current-password" required />
            <Button type="submit" loading={submitting}>
              Войти
            </Button>
          </Stack>
        </Form>
      </Card>
    </Center>
  );
}
