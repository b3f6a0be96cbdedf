import type { Route } from './+types/home';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Автозапчасти по артикулу',
    'Интернет-магазин автозапчастей «Деталь»: поиск по артикулу и бренду, аналоги, цены и сроки поставки.',
  );

export default function HomePage() {
  return (
    <PageIntro title="Автозапчасти по артикулу">
      Введите артикул детали в строку поиска вверху страницы: покажем предложения всех брендов и аналоги.
      Клавиша «/» сразу ставит курсор в поиск.
    </PageIntro>
  );
}
