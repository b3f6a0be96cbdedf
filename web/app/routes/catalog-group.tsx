import { Anchor, Group, Stack, Text, Title } from '../ui/index.ts';
import { pluralRu } from '@detal/contract/browser';
import { Link } from 'react-router';
import type { Route } from './+types/catalog-group';
import { GroupOffers } from '../features/catalog/GroupOffers.tsx';
import { findGroup, groupPath } from '../features/catalog/group-tree.ts';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { notFound, orNotFound, pageParam, requireListPage } from '../lib/not-found.ts';
import { techCatalogKey } from '../features/catalog/tech-catalog.server.ts';
import { paths } from '../paths.ts';
import classes from './catalog-group.module.css';

export const handle = { access: 'public' } satisfies AccessHandle;

const OFFERS_PER_PAGE = 20;

/** One group of the catalogue: where it sits, its sub-groups and a page of its offers. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const page = pageParam(request);
  const api = createServerApi(request, context);
  const key = techCatalogKey(context);
  const tree = await api.callTech('get-all-groups', { body: { key }, signal: request.signal });
  const path = findGroup(tree, params.slug) ?? notFound();
  const group = path.at(-1)!;
  const offers = await orNotFound(
    api.callTech('get-group-items', {
      body: { key, group_id: group.id, page, per_page: OFFERS_PER_PAGE },
      signal: request.signal,
    }),
  );
  requireListPage(page, offers.last_page);
  return {
    ancestors: path.slice(0, -1).map((parent) => ({ name: parent.name, to: groupPath(parent) })),
    name: group.name,
    children: group.children.map((child) => ({ id: child.id, name: child.name, to: groupPath(child) })),
    offers,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const page = data.offers.current_page;
  const where = data.ancestors.length > 0 ? ` (${data.ancestors.map((parent) => parent.name).join(', ')})` : '';
  return pageMeta(
    page > 1 ? `${data.name}, страница ${page}` : data.name,
    `${data.name}${where}: купить в магазине автозапчастей «Деталь» — цены, наличие и сроки поставки от разных брендов.`,
  );
};

export default function CatalogGroupPage({ loaderData }: Route.ComponentProps) {
  const { ancestors, name, children, offers } = loaderData;
  const { total } = offers;
  return (
    <>
      <Crumbs
        items={[
          { title: 'Главная', to: '/' },
          { title: 'Каталог', to: paths.catalog() },
          ...ancestors.map((parent) => ({ title: parent.name, to: parent.to })),
          { title: name },
        ]}
      />
      <Group justify="space-between" align="baseline" gap="xs" className={classes.groupHeading}>
        <Title order={1} size="page">
          {name}
        </Title>
        {total > 0 ? (
          <Text size="sm" tone="muted">
            {total} {pluralRu(total, 'предложение', 'предложения', 'предложений')}
          </Text>
        ) : null}
      </Group>
      {children.length > 0 ? (
        <nav aria-label="Подгруппы">
          <Group gap="xs" className={classes.subgroupLinks}>
            {children.map((child) => (
              <Anchor key={child.id} component={Link} to={child.to} size="sm" className={classes.subgroupLink}>
                {child.name}
              </Anchor>
            ))}
          </Group>
        </nav>
      ) : null}
      {total > 0 ? (
        <Stack gap="lg">
          <GroupOffers offers={offers.data} caption={`${name}: предложения`} />
          <PageLinks page={offers.current_page} lastPage={offers.last_page} />
        </Stack>
      ) : children.length === 0 ? (
        <Text tone="muted">В этой группе пока нет предложений. Попробуйте найти деталь по артикулу.</Text>
      ) : null}
    </>
  );
}
