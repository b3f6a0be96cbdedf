import type { Route } from './+types/search-article';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta(
    `${params.article} — поиск по артикулу`,
    `Где купить ${params.article}: бренды, цены, сроки поставки и аналоги.`,
  );

export default function SearchArticlePage({ params }: Route.ComponentProps) {
  return (
    <PageIntro title={`Поиск по артикулу ${params.article}`}>
      Бренды, у которых есть этот артикул, и их предложения.
    </PageIntro>
  );
}
