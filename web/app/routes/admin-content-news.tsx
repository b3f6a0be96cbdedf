import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-content-news';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ContentItemForm, contentItemAction } from '../features/admin-content/ContentItemForm.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { isApiError } from '../lib/api/index.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'news' in loaded && loaded.news ? loaded.news.title : 'Новость');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  try {
    if (params.id === 'new') {
      await api.call('content-show', {});
      return { news: null };
    }
    const id = positiveInt(params.id ?? null);
    if (id === null) throw data('Новость не найдена', { status: 404 });
    const { news } = await api.call('news-show', { body: { id }, handles: [404] });
    return { news };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Новость не найдена', { status: 404 });
    throw error;
  }
}

/** The news's save, a route action like every staff write. */
export const clientAction = ({ request }: Route.ClientActionArgs) => contentItemAction('news', request);

export const handle = adminSection('news-show', 'Контент доступен владельцу и контент-редактору');

export default function AdminContentNewsPage() {
  const { news } = useLoaderData<typeof loader>();
  return <ContentItemForm key={news?.id ?? 'new'} kind="news" item={news} />;
}
