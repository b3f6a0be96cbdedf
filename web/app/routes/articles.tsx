import { Anchor, Card, SimpleGrid, Text, Title } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/articles';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { paths } from '../paths.ts';
import classes from './articles.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return { pages: await createServerApi(request, context).callShop('page-list', { signal: request.signal }) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Статьи', 'Справочные материалы магазина автозапчастей «Деталь»: доставка, оплата, гарантия, возврат.');

export default function ArticlesPage({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Статьи' }]} />
      <PageIntro title="Статьи">Как мы работаем: доставка, оплата, гарантия и возврат.</PageIntro>
      {pages.length === 0 ? (
        <Text tone="muted">Статей пока нет.</Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
          {pages.map((page) => (
            <Card component="li" key={page.id} withBorder radius="md" padding="md">
              <Title order={2} size={4} className={classes.articleTitle}>
                <Anchor component={Link} to={paths.article(page.slug)} inherit>
                  {page.title}
                </Anchor>
              </Title>
              {page.meta_description ? (
                <Text size="sm" tone="strong">
                  {page.meta_description}
                </Text>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
