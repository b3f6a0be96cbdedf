import type { Route } from './+types/bills-common';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Сводка по счетам',
    'Сводка по счетам клиента: выставлено, оплачено, ожидает оплаты.',
  );

export default function BillsCommonPage() {
  return <PageIntro title="Сводка по счетам">Сколько выставлено, оплачено и ожидает оплаты.</PageIntro>;
}
