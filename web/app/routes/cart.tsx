import type { Route } from './+types/cart';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Корзина',
    'Корзина: выбранные запчасти, количество и сумма заказа.',
  );

export default function CartPage() {
  return <PageIntro title="Корзина">Здесь собираются выбранные запчасти перед оформлением заказа.</PageIntro>;
}
