import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-return';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { positiveInt } from '../features/admin-purchasing/purchasing-filters.ts';
import { ReturnScreen } from '../features/admin-returns/ReturnScreen.tsx';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';
import { isApiError } from '../lib/api/index.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'item' in loaded ? `Возврат № ${loaded.item.id}` : 'Возврат');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id ?? null);
  if (id === null) throw data('Возврат не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const [item, { suppliers }] = await Promise.all([
      api.call('return-get', { body: { return_id: id }, handles: [404] }),
      api.call('supplier-list', {}),
    ]);
    const supplierName = suppliers.find((supplier) => supplier.id === item.supplier_id)?.name ?? null;
    return { item, supplierName };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Возврат не найден', { status: 404 });
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('return-get', 'Возвраты доступны владельцу и менеджерам магазина');

export default function AdminReturnPage() {
  const { item, supplierName } = useLoaderData<typeof loader>();
  return <ReturnScreen item={item} supplierName={supplierName} />;
}
