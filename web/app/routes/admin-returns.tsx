import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-returns';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { ReturnsNav } from '../features/admin-returns/ReturnsNav.tsx';
import { ReturnsFiltersForm, ReturnsTable } from '../features/admin-returns/ReturnsQueue.tsx';
import { returnsQueryOf } from '../features/admin-returns/returns-query.ts';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Возвраты');

/** The queue by the URL's filters, the suppliers for its select and the cancel requests waiting (their count). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = returnsQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [list, { suppliers }, cancels] = await Promise.all([
    api.call('return-list', { query: { page: query.page }, body: query.filters, handles: [422] }),
    api.call('supplier-list', {}),
    api.call('return-cancel-request-list', { query: { page: 1 }, body: { state: 'requested' } }),
  ]);
  return { query, list, suppliers, pendingCancels: cancels.total };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('return-list', 'Возвраты доступны владельцу и менеджерам магазина');

/** Issue 32: the clients' returns, filtered in the URL, decided one by one or in bulk. */
export default function AdminReturnsPage() {
  const { query, list, suppliers, pendingCancels } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <ReturnsNav pendingCancels={pendingCancels} />
      <Title order={1} fz="h3">
        Возвраты клиентов
      </Title>
      <ReturnsFiltersForm filters={query.filters} suppliers={suppliers} />
      <Text size="sm" c="gray.7" data-testid="returns-total">
        Возвратов: {list.total}
      </Text>
      <ReturnsTable returns={list.data} suppliers={suppliers} selectable />
      <ListPager list={list} />
    </Stack>
  );
}
