import type { Route } from './+types/catalog';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Каталог запчастей', 'Каталог автозапчастей по группам.');

export default function CatalogPage() {
  return <PageIntro title="Каталог запчастей">Запчасти, сгруппированные по узлам и назначению.</PageIntro>;
}
