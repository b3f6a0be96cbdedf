import type { Route } from './+types/contacts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Контакты',
    'Контакты магазина автозапчастей: адрес, телефон, e-mail и часы работы.',
  );

export default function ContactsPage() {
  return <PageIntro title="Контакты">Адрес, телефон и часы работы магазина.</PageIntro>;
}
