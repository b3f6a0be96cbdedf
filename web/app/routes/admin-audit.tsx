import { Alert, Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-audit';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { AuditFilters, AuditTable } from '../features/admin-audit/AuditTable.tsx';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import { auditQueryOf } from '../features/admin-audit/audit-filters.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Журнал действий');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = auditQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  try {
    const [log, staff] = await Promise.all([
      guard(
        api.call('audit-log-list', {
          query: { page: query.page },
          body: query.filters,
          signal: request.signal,
          handles: [401, 403, 422],
        }),
      ),
      // For the «Сотрудник» filter, by name: whoever may read the log may list the staff (both the owner's).
      guard(
        api.call('staff-list', {
          query: { page: 1 },
          body: { per_page: 100 },
          signal: request.signal,
          handles: [401, 403],
        }),
      ),
    ]);
    return { query, log, staff: staff.data, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { query, log: null, staff: [], forbidden: true };
    throw error;
  }
}

export default function AdminAuditPage() {
  const { query, log, staff, forbidden } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Журнал действий
      </Title>
      {forbidden || !log ? (
        <Alert color="gray">Журнал доступен только владельцу магазина</Alert>
      ) : (
        <>
          <AuditFilters query={query} staff={staff} />
          <Text size="sm" c="gray.7">
            Записей: {log.total}
          </Text>
          <AuditTable entries={log.data} />
          <ListPager list={log} />
        </>
      )}
    </Stack>
  );
}
