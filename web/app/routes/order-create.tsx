import type { Route } from './+types/order-create';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Оформление заказа',
    'Оформление заказа: контактные данные и способ доставки.',
  );

export default function OrderCreatePage() {
  return (
    <PageIntro title="Оформление заказа">
      Контактные данные, способ доставки и подтверждение заказа.
    </PageIntro>
  );
}
