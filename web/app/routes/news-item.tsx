import type { Route } from './+types/news-item';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Новость', 'Новость магазина автозапчастей.');

export default function NewsItemPage() {
  return <PageIntro title="Новость">Материал из новостей магазина.</PageIntro>;
}
