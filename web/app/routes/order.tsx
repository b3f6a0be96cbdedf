import { orderLabel } from '@detal/contract';
import type { Route } from './+types/order';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = ({ params }) =>
  pageMeta(
    orderLabel(params.id),
    `${orderLabel(params.id)}: состав, статус и доставка.`,
  );

export default function OrderPage({ params }: Route.ComponentProps) {
  return <PageIntro title={orderLabel(params.id)}>Состав заказа, статусы позиций и доставка.</PageIntro>;
}
