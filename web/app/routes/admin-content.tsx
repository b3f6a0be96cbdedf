import { Stack, Tabs, Title } from '@mantine/core';
import { useLoaderData, useSearchParams } from 'react-router';
import type { Route } from './+types/admin-content';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminCall } from '../features/admin-shell/admin-caller.ts';
import { jsonWriteAction } from '../features/admin-shell/json-write.ts';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import {
  CONTENT_WRITES,
  MenusEditor,
  NewsTable,
  PagesTable,
  RecommendationsEditor,
} from '../features/admin-content/ContentLists.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Контент');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const content = await api.call('content-show', {});
  return { content };
}

const TABS = ['news', 'pages', 'menus', 'recommendations'] as const;
type Tab = (typeof TABS)[number];

/** Publishing, the menus and the home page's block (ContentLists), route actions like every staff write. */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  jsonWriteAction(request, {
    [CONTENT_WRITES.publish]: (body: never) => adminCall('content-publish', { body }),
    [CONTENT_WRITES.menus]: (body: never) => adminCall('menus-save', { body, handles: [422] }),
    [CONTENT_WRITES.recommendations]: (body: never) => adminCall('recommendations-save', { body, handles: [422] }),
  });

export const handle = adminSection('content-show', 'Контент доступен владельцу и контент-редактору');

export default function AdminContentPage() {
  const { content } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = TABS.includes(wanted as Tab) ? (wanted as Tab) : 'news';
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        Контент
      </Title>
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { preventScrollReset: true })}>
        <Tabs.List>
          <Tabs.Tab value="news">Новости ({content.news.length})</Tabs.Tab>
          <Tabs.Tab value="pages">Страницы ({content.pages.length})</Tabs.Tab>
          <Tabs.Tab value="menus">Меню</Tabs.Tab>
          <Tabs.Tab value="recommendations">Рекомендации ({content.recommendations.length})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="news" pt="sm">
          <NewsTable content={content} />
        </Tabs.Panel>
        <Tabs.Panel value="pages" pt="sm">
          <PagesTable content={content} />
        </Tabs.Panel>
        <Tabs.Panel value="menus" pt="sm">
          <MenusEditor content={content} />
        </Tabs.Panel>
        <Tabs.Panel value="recommendations" pt="sm">
          <RecommendationsEditor content={content} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
