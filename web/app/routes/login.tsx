import type { Route } from './+types/login';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'guest' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Вход',
    'Вход в личный кабинет клиента магазина автозапчастей.',
  );

export default function LoginPage() {
  return (
    <PageIntro title="Вход">
      Вход для зарегистрированных клиентов: заказы, счета и сохранённая корзина.
    </PageIntro>
  );
}
