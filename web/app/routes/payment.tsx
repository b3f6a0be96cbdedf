import type { Route } from './+types/payment';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Оплата',
    'Как оплатить заказ: реквизиты и порядок оплаты.',
  );

export default function PaymentPage() {
  return <PageIntro title="Оплата">Как оплатить счёт и что происходит после оплаты.</PageIntro>;
}
