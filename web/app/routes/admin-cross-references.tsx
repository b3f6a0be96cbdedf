import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-cross-references';
import { adminMeta } from '../features/admin/admin-meta.ts';
import { adminServerApi, guard, isForbidden } from '../features/admin/admin-api.server.ts';
import { ImportSection } from '../features/admin-suppliers/ImportPanel.tsx';
import { supplierAction } from '../features/admin-suppliers/supplier-actions.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { paths } from '../paths.ts';
import { ListPager } from '../features/admin/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Кросс-номера');

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = positiveInt(new URL(request.url).searchParams.get('page')) ?? 1;
  try {
    const imports = await guard(
      adminServerApi(request, context).call('import-list', {
        query: { page },
        body: { kind: 'cross_references', per_page: 20 },
        signal: request.signal,
        handles: [401, 403],
      }),
    );
    return { imports, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { imports: null, forbidden: true };
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => supplierAction(request);

export default function AdminCrossReferencesPage() {
  const { imports, forbidden } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={paths.adminSuppliers()} fz="sm">
          ← Поставщики
        </Anchor>
      </Group>
      <Title order={1} fz="h3">
        Кросс-номера
      </Title>
      {forbidden || !imports ? (
        <Alert color="gray">Кросс-номера доступны владельцу и менеджерам магазина</Alert>
      ) : (
        <Paper withBorder p="xs">
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              Файл: бренд 1, артикул 1, бренд 2, артикул 2 и необязательный тип (оригинал, замена, аналог). Новые пары
              добавляются к уже известным.
            </Text>
            <ImportSection kind="cross_references" imports={imports.data} />
            <ListPager list={imports} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
