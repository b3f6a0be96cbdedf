import { Title } from '../ui/index.ts';
import type { Route } from './+types/article';
import { ContentHtml } from '../features/content/ContentHtml.tsx';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { orNotFound } from '../lib/not-found.ts';
import { paths } from '../paths.ts';
import frame from '../components/page.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return orNotFound(
    createServerApi(request, context).callShop('page/:id', { params: { id: params.slug }, signal: request.signal }),
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(
        data.meta_title ?? data.title,
        data.meta_description ?? `${data.title} — магазин автозапчастей «Деталь».`,
      )
    : [];

export default function ArticlePage({ loaderData: page }: Route.ComponentProps) {
  return (
    <article>
      <Crumbs
        items={[{ title: 'Главная', to: '/' }, { title: 'Статьи', to: paths.articles() }, { title: page.title }]}
      />
      <Title order={1} size="page" className={frame.intro}>
        {page.title}
      </Title>
      <ContentHtml html={page.content_html} />
    </article>
  );
}
