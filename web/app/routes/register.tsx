import type { Route } from './+types/register';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Регистрация',
    'Регистрация клиента магазина автозапчастей.',
  );

export default function RegisterPage() {
  return <PageIntro title="Регистрация">Зарегистрируйтесь, чтобы оформлять заказы и получать счета.</PageIntro>;
}
