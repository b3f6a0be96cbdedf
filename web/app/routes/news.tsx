import { Stack, Text } from '../ui/index.ts';
import type { Route } from './+types/news';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { NewsList } from '../features/content/NewsList.tsx';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { pageParam, requireListPage } from '../lib/not-found.ts';
import classes from './news.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

const NEWS_PER_PAGE = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const page = pageParam(request);
  const list = await createServerApi(request, context).callShop('news-list', {
    query: { page, per_page: NEWS_PER_PAGE },
    signal: request.signal,
  });
  requireListPage(page, list.last_page);
  return list;
}

export const meta: Route.MetaFunction = ({ data }) => {
  const page = data?.current_page ?? 1;
  return pageMeta(
    page > 1 ? `Новости, страница ${page}` : 'Новости',
    'Новости магазина автозапчастей «Деталь»: поступления, акции, советы по выбору запчастей и изменения в работе.',
  );
};

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { data: items, current_page: page, last_page: lastPage, total } = loaderData;
  return (
    <>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Новости' }]} />
      <PageIntro title="Новости">
        Поступления, акции, советы по выбору запчастей и изменения в работе магазина.
      </PageIntro>
      {total === 0 ? (
        <Text tone="muted">Новостей пока нет.</Text>
      ) : (
        <Stack gap="xl" className={classes.newsColumn}>
          <NewsList items={items} headingOrder={2} />
          <PageLinks page={page} lastPage={lastPage} />
        </Stack>
      )}
    </>
  );
}
