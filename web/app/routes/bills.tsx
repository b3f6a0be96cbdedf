import type { Route } from './+types/bills';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Счета', 'Счета клиента на оплату заказов.');

export default function BillsPage() {
  return <PageIntro title="Счета">Счета на оплату ваших заказов и их статусы.</PageIntro>;
}
