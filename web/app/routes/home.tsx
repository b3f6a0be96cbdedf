import { Anchor, Grid, Group, SimpleGrid, Stack, Text, Title } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { GroupTree } from '../features/catalog/GroupTree.tsx';
import { OfferCard } from '../features/catalog/OfferCard.tsx';
import { NewsList } from '../features/content/NewsList.tsx';
import { HOME_RECOMMENDATION_BLOCK } from '../features/content/content-paths.ts';
import { SearchHero } from '../features/content/SearchHero.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { techCatalogKey } from '../features/catalog/tech-catalog.server.ts';
import { paths } from '../paths.ts';
import classes from '../features/content/home.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

const HOME_NEWS_COUNT = 5;
const HOME_RECOMMENDATIONS_COUNT = 8;

/**
 * Everything the home page shows, read on the server so that the HTML carries it. Each block stands alone: a
 * block whose call failed (logged by the request layer) is left out rather than failing the whole page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const api = createServerApi(request, context);
  const { signal } = request;
  const [news, recommended, groups] = await Promise.all([
    api.callShop('news-list', { query: { per_page: HOME_NEWS_COUNT }, signal }).then(
      (list) => list.data,
      () => [],
    ),
    api
      .callShop('website-products-recommend-preview/:id', { params: { id: HOME_RECOMMENDATION_BLOCK }, signal })
      .catch(() => []),
    api.callTech('get-all-groups', { body: { key: techCatalogKey(context) }, signal }).catch(() => []),
  ]);
  return {
    news,
    recommended: recommended.slice(0, HOME_RECOMMENDATIONS_COUNT),
    hasMoreRecommended: recommended.length > HOME_RECOMMENDATIONS_COUNT,
    groups,
  };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Автозапчасти по артикулу',
    'Интернет-магазин автозапчастей «Деталь»: поиск по артикулу и бренду, аналоги, цены и сроки поставки.',
  );

function SectionHeading({ id, title, to, linkText }: { id: string; title: string; to: string; linkText: string }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs" className={classes.sectionHeading}>
      <Title id={id} order={2} className={classes.sectionTitle}>
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm">
        {linkText}
      </Anchor>
    </Group>
  );
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { news, recommended, groups } = loaderData;
  return (
    <>
      <SearchHero title="Автозапчасти по артикулу" />
      <Grid gap={{ base: 'lg', lg: 'xl' }}>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="xl">
            {recommended.length > 0 ? (
              <section aria-labelledby="home-recommended">
                <SectionHeading
                  id="home-recommended"
                  title="Рекомендуем"
                  to={paths.recommendations()}
                  linkText="Все рекомендации"
                />
                <SimpleGrid cols={{ base: 1, md: 2, lg: 2 }} spacing="sm">
                  {recommended.map((offer) => (
                    <OfferCard key={offer.id} offer={offer} />
                  ))}
                </SimpleGrid>
              </section>
            ) : null}
            {groups.length > 0 ? (
              <section aria-labelledby="home-catalog">
                <SectionHeading
                  id="home-catalog"
                  title="Каталог запчастей"
                  to={paths.catalog()}
                  linkText="Весь каталог"
                />
                <GroupTree groups={groups} headingOrder={3} columns={2} />
              </section>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <section aria-labelledby="home-news">
            <SectionHeading id="home-news" title="Новости" to={paths.news()} linkText="Все новости" />
            {news.length > 0 ? (
              <NewsList items={news} headingOrder={3} />
            ) : (
              <Text tone="muted">Новостей пока нет.</Text>
            )}
          </section>
        </Grid.Col>
      </Grid>
    </>
  );
}
