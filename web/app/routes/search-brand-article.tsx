import type { Route } from './+types/search-brand-article';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta(
    `${params.brand_name} ${params.article} — цены и аналоги`,
    `${params.brand_name} ${params.article}: предложения поставщиков, сроки поставки, цены и аналоги.`,
  );

export default function SearchBrandArticlePage({ params }: Route.ComponentProps) {
  return (
    <PageIntro title={`${params.brand_name} ${params.article}`}>
      Предложения по запрошенному артикулу, затем аналоги.
    </PageIntro>
  );
}
