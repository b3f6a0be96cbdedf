import type { Route } from './+types/articles';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Статьи',
    'Статьи и справочные материалы магазина автозапчастей.',
  );

export default function ArticlesPage() {
  return <PageIntro title="Статьи">Справочные материалы и полезные статьи.</PageIntro>;
}
