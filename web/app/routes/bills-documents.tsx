import { Anchor, Group, Stack, Text } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/bills-documents';
import { withSession } from '../features/clients/session.server.ts';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { ShipmentDocuments } from '../features/shipments/ShipmentDocuments.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { pageParam } from '../lib/not-found.ts';
import { paths } from '../paths.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** The client's closing documents: a УПД for every hand-over of ordered parts (issue 30, point 5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const page = pageParam(request);
  const list = await withSession(request, context, (api) =>
    api.callShop('client-shipment-all-post', { query: { page }, body: {}, signal: request.signal }),
  );
  return { list };
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Закрывающие документы', 'УПД на выданные товары: PDF для печати и XML для электронного документооборота.');

export default function BillsDocumentsPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <>
      <AccountTabs />
      <PageIntro title="Закрывающие документы">
        На каждую выдачу товара магазин оформляет универсальный передаточный документ (УПД). Скачайте его в PDF, чтобы
        распечатать, или в XML — для загрузки в Диадок, СБИС и другие системы электронного документооборота.
      </PageIntro>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="sm">
          <Text size="sm" tone="muted">
            {list.total > 0 ? `Документов: ${list.total}` : null}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={paths.bills()} size="sm">
              Счета
            </Anchor>
            <Anchor component={Link} to={paths.billsCommon()} size="sm">
              Сводка по счетам
            </Anchor>
          </Group>
        </Group>
        {list.data.length > 0 ? (
          <ShipmentDocuments shipments={list.data} />
        ) : (
          <Text tone="muted">Документов пока нет: УПД появляется здесь, когда вы получаете заказанные товары.</Text>
        )}
        <PageLinks page={list.current_page} lastPage={list.last_page} />
      </Stack>
    </>
  );
}
