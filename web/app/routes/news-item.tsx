import { Anchor, Image, Stack, Text, Title } from '../ui/index.ts';
import { formatDate } from '@detal/contract/browser';
import { Link } from 'react-router';
import type { Route } from './+types/news-item';
import { ContentHtml } from '../features/content/ContentHtml.tsx';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { orNotFound } from '../lib/not-found.ts';
import { ogImage } from '../lib/seo.ts';
import { paths } from '../paths.ts';
import classes from './news-item.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return orNotFound(
    createServerApi(request, context).callShop('news-page/:id', {
      params: { id: params.slug },
      signal: request.signal,
    }),
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? pageMeta(data.title, data.preview || data.title, {
        type: 'article',
        extra: [
          { property: 'article:published_time', content: data.published_at },
          ...ogImage(matches, data.image_url),
        ],
      })
    : [];

export default function NewsItemPage({ loaderData: item }: Route.ComponentProps) {
  return (
    <article>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Новости', to: paths.news() }, { title: item.title }]} />
      <Stack gap={6} className={classes.newsHead}>
        <Text size="sm" tone="muted" component="time" dateTime={item.published_at}>
          {formatDate(item.published_at)}
        </Text>
        <Title order={1} size="page">
          {item.title}
        </Title>
      </Stack>
      {item.image_url ? <Image src={item.image_url} alt="" radius="md" className={classes.newsHead} /> : null}
      <ContentHtml html={item.content_html} />
      <Anchor component={Link} to={paths.news()} className={classes.allNews}>
        ← Все новости
      </Anchor>
    </article>
  );
}
