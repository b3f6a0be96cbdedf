import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-audit';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { AuditFilters, AuditTable } from '../features/admin-audit/AuditTable.tsx';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { auditQueryOf } from '../features/admin-audit/audit-filters.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Журнал действий');

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = auditQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [log, staff] = await Promise.all([
    api.call('audit-log-list', {
      query: { page: query.page },
      body: query.filters,
      handles: [422],
    }),
    // For the «Сотрудник» filter, by name: whoever may read the log may list the staff (both the owner's).

    api.call('staff-list', {
      query: { page: 1 },
      body: { per_page: 100 },
    }),
  ]);
  return { query, log, staff: staff.data };
}

export const handle = adminSection('audit-log-list', 'Журнал доступен только владельцу магазина');

export default function AdminAuditPage() {
  const { query, log, staff } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Журнал действий
      </Title>
      <>
        <AuditFilters query={query} staff={staff} />
        <Text size="sm" c="gray.7">
          Записей: {log.total}
        </Text>
        <AuditTable entries={log.data} />
        <ListPager list={log} />
      </>
    </Stack>
  );
}
