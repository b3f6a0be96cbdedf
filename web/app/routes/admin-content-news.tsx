import { Alert } from '@mantine/core';
import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-content-news';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import { ContentItemForm } from '../features/admin-content/ContentItemForm.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { isApiError } from '../lib/api/index.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'news' in loaded && loaded.news ? loaded.news.title : 'Новость');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  try {
    if (params.id === 'new') {
      await guard(api.call('content-show', { signal: request.signal, handles: [401, 403] }));
      return { news: null, forbidden: false };
    }
    const id = positiveInt(params.id ?? null);
    if (id === null) throw data('Новость не найдена', { status: 404 });
    const { news } = await guard(
      api.call('news-show', { body: { id }, signal: request.signal, handles: [401, 403, 404] }),
    );
    return { news, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { news: null, forbidden: true };
    if (isApiError(error) && error.status === 404) throw data('Новость не найдена', { status: 404 });
    throw error;
  }
}

export default function AdminContentNewsPage() {
  const { news, forbidden } = useLoaderData<typeof loader>();
  if (forbidden) return <Alert color="gray">Контент доступен владельцу и контент-редактору</Alert>;
  return <ContentItemForm key={news?.id ?? 'new'} kind="news" item={news} />;
}
