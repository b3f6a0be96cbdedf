import { Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-return-policies';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ReturnPolicies } from '../features/admin-returns/ReturnPolicies.tsx';
import { ReturnsNav } from '../features/admin-returns/ReturnsNav.tsx';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Сроки возврата');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const [policies, { suppliers }] = await Promise.all([
    api.call('return-policy-list', { body: {} }),
    api.call('supplier-list', {}),
  ]);
  return { policies, suppliers };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('return-policy-list', 'Возвраты доступны владельцу и менеджерам магазина');

/** Issue 32: return windows per supplier, «без возврата» per supplier and brand. */
export default function AdminReturnPoliciesPage() {
  const { policies, suppliers } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <ReturnsNav />
      <Title order={1} fz="h3">
        Сроки возврата и «без возврата»
      </Title>
      <ReturnPolicies policies={policies} suppliers={suppliers} />
    </Stack>
  );
}
