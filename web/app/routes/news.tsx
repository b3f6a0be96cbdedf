import type { Route } from './+types/news';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Новости', 'Новости магазина автозапчастей.');

export default function NewsPage() {
  return <PageIntro title="Новости">Новости магазина: поступления, акции, изменения в работе.</PageIntro>;
}
