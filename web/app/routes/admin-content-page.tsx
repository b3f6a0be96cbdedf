import { Alert } from '@mantine/core';
import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-content-page';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import { ContentItemForm } from '../features/admin-content/ContentItemForm.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { isApiError } from '../lib/api/index.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'page' in loaded && loaded.page ? loaded.page.title : 'Страница');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  try {
    if (params.id === 'new') {
      await guard(api.call('content-show', { signal: request.signal, handles: [401, 403] }));
      return { page: null, forbidden: false };
    }
    const id = positiveInt(params.id ?? null);
    if (id === null) throw data('Страница не найдена', { status: 404 });
    const { page } = await guard(
      api.call('page-show', { body: { id }, signal: request.signal, handles: [401, 403, 404] }),
    );
    return { page, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { page: null, forbidden: true };
    if (isApiError(error) && error.status === 404) throw data('Страница не найдена', { status: 404 });
    throw error;
  }
}

export default function AdminContentPagePage() {
  const { page, forbidden } = useLoaderData<typeof loader>();
  if (forbidden) return <Alert color="gray">Контент доступен владельцу и контент-редактору</Alert>;
  return <ContentItemForm key={page?.id ?? 'new'} kind="page" item={page} />;
}
