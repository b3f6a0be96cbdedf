import type { Route } from './+types/orders';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => pageMeta('Мои заказы', 'Заказы клиента: статусы, состав и суммы.');

export default function OrdersPage() {
  return <PageIntro title="Мои заказы">Ваши заказы со статусами, составом и суммами.</PageIntro>;
}
