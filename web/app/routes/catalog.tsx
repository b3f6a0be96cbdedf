import { Text } from '../ui/index.ts';
import type { Route } from './+types/catalog';
import { GroupTree } from '../features/catalog/GroupTree.tsx';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { techCatalogKey } from '../features/catalog/tech-catalog.server.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

/** The group tree from the technical catalogue (the built-in one, or TECH_CATALOG_URL's). */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const groups = await createServerApi(request, context).callTech('get-all-groups', {
    body: { key: techCatalogKey(context) },
    signal: request.signal,
  });
  return { groups };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Каталог запчастей',
    'Каталог автозапчастей по группам: фильтры, тормозная система, подвеска, двигатель, трансмиссия и другие узлы.',
  );

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Каталог' }]} />
      <PageIntro title="Каталог запчастей">
        Запчасти по узлам автомобиля. Выберите группу, чтобы увидеть предложения с ценами и сроками.
      </PageIntro>
      {groups.length === 0 ? (
        <Text tone="muted">Каталог пока пуст.</Text>
      ) : (
        <GroupTree groups={groups} headingOrder={2} />
      )}
    </>
  );
}
