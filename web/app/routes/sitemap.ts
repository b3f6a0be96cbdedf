import { PER_PAGE_MAX } from '@detal/contract/browser';
import type { NewsPreview } from '@detal/contract';
import type { Route } from './+types/sitemap';
import { allGroups, groupPath } from '../features/catalog/group-tree.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import type { ServerApiClient } from '../lib/api/ssr-client.server.ts';
import { publicOrigin } from '../lib/public-url.server.ts';
import { sitemapXml } from '../lib/seo.ts';
import type { SitemapEntry } from '../lib/seo.ts';
import { techCatalogKey } from '../features/catalog/tech-catalog.server.ts';
import { paths } from '../paths.ts';

const FIXED_PATHS = ['/', paths.catalog(), paths.news(), paths.articles(), paths.contacts(), paths.recommendations()];

/** Every published news item, a full page of the list at a time. */
async function allNews(api: ServerApiClient, signal: AbortSignal): Promise<NewsPreview[]> {
  const items: NewsPreview[] = [];
  for (let page = 1, lastPage = 1; page <= lastPage; page += 1) {
    const list = await api.callShop('news-list', { query: { page, per_page: PER_PAGE_MAX }, signal });
    items.push(...list.data);
    lastPage = list.last_page;
  }
  return items;
}

/** `/sitemap.xml`: the fixed pages, every static page, news item and catalogue group, at absolute addresses. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = createServerApi(request, context);
  const { signal } = request;
  const [pages, news, groups] = await Promise.all([
    api.callShop('page-list', { signal }),
    allNews(api, signal),
    api.callTech('get-all-groups', { body: { key: techCatalogKey(context) }, signal }),
  ]);
  const entries: SitemapEntry[] = [
    ...FIXED_PATHS.map((path) => ({ path })),
    ...pages.map((page) => ({ path: paths.article(page.slug), lastmod: page.updated_at })),
    ...news.map((item) => ({ path: paths.newsItem(item.slug), lastmod: item.published_at })),
    ...allGroups(groups).map((group) => ({ path: groupPath(group) })),
  ];
  return new Response(sitemapXml(publicOrigin(request), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
