import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { Form, useLoaderData } from 'react-router';
import { CANCEL_REQUEST_STATES, CANCEL_REQUEST_STATE_NAMES, type CancelRequestState } from '@detal/contract';
import type { Route } from './+types/admin-cancel-requests';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { positiveInt } from '../features/admin-purchasing/purchasing-filters.ts';
import { CancelRequestsTable } from '../features/admin-returns/CancelRequestsTable.tsx';
import { ReturnsNav } from '../features/admin-returns/ReturnsNav.tsx';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Запросы на отмену');

/** `?state=` (the open ones by default, `all` for every one), `?page=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params.get('state') ?? 'requested';
  const state = (CANCEL_REQUEST_STATES as readonly string[]).includes(asked) ? (asked as CancelRequestState) : null;
  const page = positiveInt(params.get('page')) ?? 1;
  const api = adminServerApi(request, context);
  const [list, pending] = await Promise.all([
    api.call('return-cancel-request-list', { query: { page }, body: { state } }),
    api.call('return-cancel-request-list', { query: { page: 1 }, body: { state: 'requested' } }),
  ]);
  return { list, state, pendingCancels: pending.total };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('return-cancel-request-list', 'Возвраты доступны владельцу и менеджерам магазина');

/** Issue 32: cancels of lines already ordered from a supplier wait here for a manager's decision. */
export default function AdminCancelRequestsPage() {
  const { list, state, pendingCancels } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <ReturnsNav pendingCancels={pendingCancels} />
      <Title order={1} fz="h3">
        Запросы на отмену
      </Title>
      <Form method="get" aria-label="Фильтр запросов">
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label="Состояние"
            name="state"
            data={[
              ...CANCEL_REQUEST_STATES.map((value) => ({ value, label: CANCEL_REQUEST_STATE_NAMES[value] })),
              { value: 'all', label: 'Все' },
            ]}
            defaultValue={state ?? 'all'}
            size="xs"
            w={180}
          />
          <Button type="submit" size="xs">
            Показать
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="gray.7">
        Запросов: {list.total}
      </Text>
      <CancelRequestsTable requests={list.data} />
      <ListPager list={list} />
    </Stack>
  );
}
