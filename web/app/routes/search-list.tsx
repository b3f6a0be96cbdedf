import { Stack } from '../ui/index.ts';
import { useActionData } from 'react-router';
import type { Route } from './+types/search-list';
import { PageIntro } from '../components/PageIntro.tsx';
import { ListSearchForm } from '../features/list-search/ListSearchForm.tsx';
import { ListSearchResults } from '../features/list-search/ListSearchResults.tsx';
import { listSearchAction } from '../features/list-search/list-search-action.server.ts';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export const loader = ({ request }: Route.LoaderArgs) => enforceAccess(request, handle);

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Поиск по списку', 'Поиск запчастей списком: артикулы, бренды и количество одной вставкой или файлом.'),
  { name: 'robots', content: 'noindex' },
];

// The list goes to the server, with or without scripts: it reads files and knows the brands (decision 0029).
export const action = ({ request, context }: Route.ActionArgs) => listSearchAction(request, context);

export default function SearchListPage() {
  const data = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageIntro title="Поиск по списку">
        Вставьте список запчастей — по строке на позицию: артикул, бренд (если знаете) и количество — или загрузите файл
        CSV/XLSX. Для каждой строки покажем бренды и лучшее предложение; выбранные строки добавятся в корзину разом.
      </PageIntro>
      <ListSearchForm text={data?.text ?? ''} sort={data?.sort ?? 'price'} error={data?.error ?? null} />
      {/* Keyed by the answer, so that a new search starts from its own choices. */}
      {data?.result ? <ListSearchResults key={`${data.sort}:${data.text}`} result={data.result} /> : null}
    </Stack>
  );
}
