import type { Route } from './+types/account';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Личный кабинет',
    'Личный кабинет клиента: профиль и адреса доставки.',
  );

export default function AccountPage() {
  return <PageIntro title="Личный кабинет">Профиль, адреса доставки и пароль.</PageIntro>;
}
