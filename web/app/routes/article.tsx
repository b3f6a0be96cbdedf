import type { Route } from './+types/article';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Статья', 'Статья магазина автозапчастей.');

export default function ArticlePage() {
  return <PageIntro title="Статья">Материал справочного раздела магазина.</PageIntro>;
}
