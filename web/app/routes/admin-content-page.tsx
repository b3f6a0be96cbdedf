import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-content-page';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ContentItemForm, contentItemAction } from '../features/admin-content/ContentItemForm.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { isApiError } from '../lib/api/index.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'page' in loaded && loaded.page ? loaded.page.title : 'Страница');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  try {
    if (params.id === 'new') {
      await api.call('content-show', {});
      return { page: null };
    }
    const id = positiveInt(params.id ?? null);
    if (id === null) throw data('Страница не найдена', { status: 404 });
    const { page } = await api.call('page-show', { body: { id }, handles: [404] });
    return { page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Страница не найдена', { status: 404 });
    throw error;
  }
}

/** The page's save, a route action like every staff write. */
export const clientAction = ({ request }: Route.ClientActionArgs) => contentItemAction('page', request);

export const handle = adminSection('page-show', 'Контент доступен владельцу и контент-редактору');

export default function AdminContentPagePage() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentItemForm key={page?.id ?? 'new'} kind="page" item={page} />;
}
