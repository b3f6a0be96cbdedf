import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-return-rates';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { ReturnsNav } from '../features/admin-returns/ReturnsNav.tsx';
import {
  RETURN_RATES_NOTE,
  ReturnRateKinds,
  ReturnRateThresholdForm,
  ReturnRatesTable,
} from '../features/admin-returns/ReturnRates.tsx';
import { returnRatesQueryOf } from '../features/admin-returns/returns-query.ts';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Доля возвратов');

/** The view of the URL (`?kind=&sort=&page=`), the threshold and the cancel requests waiting (their count). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = returnRatesQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const [list, threshold, cancels] = await Promise.all([
    api.call('return-rate-list', { query: { page: query.page }, body: { kind: query.kind, sort: query.sort } }),
    api.call('return-rate-threshold', { body: {} }),
    api.call('return-cancel-request-list', { query: { page: 1 }, body: { state: 'requested' } }),
  ]);
  return { query, list, threshold, pendingCancels: cancels.total };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('return-rate-list', 'Возвраты доступны владельцу и менеджерам магазина');

/** Issue 32, point 6: pairs, brands and suppliers by return rate; the threshold; a pair withdrawn by hand. */
export default function AdminReturnRatesPage() {
  const { query, list, threshold, pendingCancels } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <ReturnsNav pendingCancels={pendingCancels} />
      <Title order={1} fz="h3">
        Доля возвратов
      </Title>
      <ReturnRateThresholdForm threshold={threshold} />
      <ReturnRateKinds query={query} />
      <Text size="sm" c="gray.7" data-testid="rates-total">
        {RETURN_RATES_NOTE[query.kind]} Строк: {list.total}
      </Text>
      <ReturnRatesTable rows={list.data} query={query} />
      <ListPager list={list} />
    </Stack>
  );
}
