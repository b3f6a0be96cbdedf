import { Alert, Anchor, Card, Center, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { Route } from './+types/admin-setup';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { MantineRoot } from '../features/admin-shell/MantineRoot.tsx';
import { StaffPasswordFields } from '../features/admin-staff/StaffPasswordFields.tsx';
import { setupAction } from '../features/admin-staff/staff-actions.ts';
import { SubmitButton } from '../features/admin-shell/SubmitButton.tsx';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Первый запуск магазина');

/** Whether the link still works: shown as a form, or as the way to sign in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (token === '') return { token, usable: false };
  const { usable } = await adminServerApi(request, context).callOutsideSession('staff-setup-check', {
    body: { token },
  });
  return { token, usable };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => setupAction(request);

/**
 * The page of the link the shop prints at start while it has no staff (`/admin/setup?token=…`): the first owner
 * types an e-mail, a name and a password and is signed in. Outside the admin layout, so it brings Mantine itself.
 */
export default function AdminSetupPageRoute() {
  return (
    <MantineRoot>
      <AdminSetupPage />
    </MantineRoot>
  );
}

function AdminSetupPage() {
  const { token, usable } = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionData<typeof clientAction>()?.errors;
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={420} maw="100%" padding="lg">
        {usable ? (
          <Form method="post" noValidate>
            <input type="hidden" name="token" value={token} />
            <Stack gap="sm">
              <Title order={1} fz="h3">
                Первый запуск магазина
              </Title>
              <Text size="sm" c="gray.7">
                Создайте учётную запись владельца: ему доступно всё — заказы, настройки, сотрудники. Ссылка сработает
                один раз.
              </Text>
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
              <TextInput label="Имя" name="name" autoComplete="name" required error={errors?.name} />
              <StaffPasswordFields label="Пароль" errors={errors} />
              <SubmitButton loading={submitting}>Создать владельца и войти</SubmitButton>
            </Stack>
          </Form>
        ) : (
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Ссылка больше не действует
            </Title>
            <Text size="sm">
              Её уже использовали, или у магазина уже есть владелец. Войдите в панель управления со своим e-mail и
              паролем.
            </Text>
            <Anchor component={Link} to={paths.adminLogin()}>
              Вход для сотрудников
            </Anchor>
          </Stack>
        )}
      </Card>
    </Center>
  );
}
