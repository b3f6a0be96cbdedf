import { Link } from 'react-router';
import type { Route } from './+types/returns';
import { Alert, Anchor, Stack, Text } from '../ui/index.ts';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';
import { withSession } from '../features/clients/session.server.ts';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { ReturnsList } from '../features/returns/ReturnsList.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { pageParam } from '../lib/not-found.ts';
import { paths } from '../paths.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** The query parameter the return form adds on its way here, to confirm the request once. */
export const CREATED_PARAM = 'created';

/** The client's returns (issue 32, point 5): each with its state, the decision's reason and the money credited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const page = pageParam(request);
  const list = await withSession(request, context, (api) =>
    api.callShop('client-return-all-post', { query: { page }, body: {}, signal: request.signal }),
  );
  const created = Number(new URL(request.url).searchParams.get(CREATED_PARAM));
  return { list, created: Number.isInteger(created) && created > 0 ? created : null };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Возвраты', 'Возвраты товаров: заявки, решения магазина и зачтённые суммы.');

export default function ReturnsPage({ loaderData }: Route.ComponentProps) {
  const { list, created } = loaderData;
  return (
    <>
      <AccountTabs />
      <PageIntro title="Возвраты">
        Заявки на возврат выданных товаров, решения магазина и суммы, зачтённые на ваш счёт. Чтобы вернуть товар,
        откройте заказ и нажмите «Вернуть» у выданной позиции.
      </PageIntro>
      <Stack gap="md">
        {created ? (
          <Alert color="green" title="Заявка на возврат отправлена" role="status">
            Заявка № {created} принята. Менеджер рассмотрит её и сообщит о решении по e-mail; её состояние видно здесь.
          </Alert>
        ) : null}
        {list.data.length > 0 ? (
          <ReturnsList returns={list.data} />
        ) : (
          <Text tone="muted">
            Возвратов пока нет. Вернуть можно товар, который вы уже получили:{' '}
            <Anchor component={Link} to={paths.orders()}>
              откройте заказ
            </Anchor>{' '}
            и нажмите «Вернуть» у позиции.
          </Text>
        )}
        <PageLinks page={list.current_page} lastPage={list.last_page} />
      </Stack>
    </>
  );
}
