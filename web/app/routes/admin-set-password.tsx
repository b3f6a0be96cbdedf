import { Button, Card, Center, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Form, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-set-password';
import { adminMeta } from '../features/admin/admin-meta.ts';
import { setPasswordAction } from '../features/admin/staff-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Пароль сотрудника');

export const clientAction = ({ request }: Route.ClientActionArgs) => setPasswordAction(request);

/** The page of an invitation's link: `/admin/set-password?token=…`. */
export default function AdminSetPasswordPage() {
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === 'submitting';
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={380} padding="lg">
        <Form method="post">
          <input type="hidden" name="token" value={searchParams.get('token') ?? ''} />
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Пароль для панели управления
            </Title>
            <Text size="sm" c="gray.7">
              Не короче 8 символов. Ссылка сработает один раз.
            </Text>
            <PasswordInput label="Новый пароль" name="password" autoComplete="new-password" required />
            <PasswordInput label="Повторите пароль" name="password_confirmation" autoComplete="new-password" required />
            <Button type="submit" loading={submitting}>
              Сохранить пароль
            </Button>
          </Stack>
        </Form>
      </Card>
    </Center>
  );
}
