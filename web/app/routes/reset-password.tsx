import type { Route } from './+types/reset-password';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Восстановление пароля',
    'Восстановление пароля к личному кабинету.',
  );

export default function ResetPasswordPage() {
  return (
    <PageIntro title="Восстановление пароля">
      Укажите e-mail, с которым вы регистрировались: пришлём ссылку для смены пароля.
    </PageIntro>
  );
}
