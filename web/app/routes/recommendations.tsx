import { SimpleGrid, Text } from '../ui/index.ts';
import type { Route } from './+types/recommendations';
import { OfferCard } from '../features/catalog/OfferCard.tsx';
import { Crumbs } from '../features/content/Crumbs.tsx';
import { HOME_RECOMMENDATION_BLOCK } from '../features/content/content-paths.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { createServerApi } from '../lib/api/ssr-client.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

/** The spec's suggested recommendations page: every offer of the home page's block. */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const offers = await createServerApi(request, context).callShop('website-products-recommend-preview/:id', {
    params: { id: HOME_RECOMMENDATION_BLOCK },
    signal: request.signal,
  });
  return { offers };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Рекомендуемые запчасти',
    'Запчасти, которые мы рекомендуем: ходовые позиции со склада по лучшей цене, с наличием и сроками поставки.',
  );

export default function RecommendationsPage({ loaderData }: Route.ComponentProps) {
  const { offers } = loaderData;
  return (
    <>
      <Crumbs items={[{ title: 'Главная', to: '/' }, { title: 'Рекомендуем' }]} />
      <PageIntro title="Рекомендуемые запчасти">
        Ходовые позиции по лучшей цене: для каждой детали — самое выгодное предложение из наличия.
      </PageIntro>
      {offers.length === 0 ? (
        <Text tone="muted">Рекомендаций пока нет.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="sm">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
