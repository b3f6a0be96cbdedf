import { Alert, Card, Center, Stack, Text, Title } from '@mantine/core';
import { Form, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-set-password';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { setPasswordAction } from '../features/admin-staff/staff-actions.ts';
import { StaffPasswordFields } from '../features/admin-staff/StaffPasswordFields.tsx';
import { SubmitButton } from '../features/admin-shell/SubmitButton.tsx';
import { MantineRoot } from '../features/admin-shell/MantineRoot.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Пароль сотрудника');

export const clientAction = ({ request }: Route.ClientActionArgs) => setPasswordAction(request);

/** The page of an invitation's link: `/admin/set-password?token=…`. */
/** Outside the admin layout, so it brings Mantine itself. */
export default function AdminSetPasswordPageRoute() {
  return (
    <MantineRoot>
      <AdminSetPasswordPage />
    </MantineRoot>
  );
}

function AdminSetPasswordPage() {
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === 'submitting';
  const errors = useActionData<typeof clientAction>()?.errors;
  return (
    <Center mih="100vh" p="md">
      <Card withBorder w={380} padding="lg">
        <Form method="post" noValidate>
          <input type="hidden" name="token" value={searchParams.get('token') ?? ''} />
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Пароль для панели управления
            </Title>
            <Text size="sm" c="gray.7">
              Ссылка сработает один раз.
            </Text>
            {errors?.form && (
              <Alert color="red" p="xs" role="alert">
                {errors.form}
              </Alert>
            )}
            <StaffPasswordFields label="Новый пароль" errors={errors} />
            <SubmitButton loading={submitting}>Сохранить пароль</SubmitButton>
          </Stack>
        </Form>
      </Card>
    </Center>
  );
}
