import { Anchor, Group, Stack, Text } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/bills';
import { BillFilters } from '../features/bills/BillFilters.tsx';
import { BillsTable } from '../features/bills/BillsTable.tsx';
import { billFilterError, hasBillFilters, readBillFilters } from '../features/bills/bill-filters.ts';
import { withSession } from '../features/clients/session.server.ts';
import { PageLinks } from '../features/content/PageLinks.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { pageParam } from '../lib/not-found.ts';
import { paths } from '../paths.ts';
import { AccountTabs } from '../features/clients/AccountTabs.tsx';
import { LedgerPanel } from '../features/ledger/LedgerPanel.tsx';

export const handle = { access: 'session' } satisfies AccessHandle;

const BILLS_PER_PAGE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const filters = readBillFilters(new URL(request.url).searchParams);
  const error = billFilterError(filters);
  const page = pageParam(request);
  // A reversed range is shown on the form instead of being sent for a 422.
  const [list, ledger] = await withSession(request, context, (api) =>
    Promise.all([
      error
        ? null
        : api.callShop('client-bill-all-post', {
            query: { page },
            body: { ...filters, per_page: BILLS_PER_PAGE },
            signal: request.signal,
          }),
      // The ledger adds to the page: when it cannot be read, the bills still show.
      api.callShop('client-ledger-post', { body: {}, signal: request.signal }).catch(() => null),
    ]),
  );
  return { list, filters, error, ledger };
}

export const meta: Route.MetaFunction = () => pageMeta('Счета', 'Счета клиента на оплату заказов.');

export default function BillsPage({ loaderData }: Route.ComponentProps) {
  const { list, filters, error, ledger } = loaderData;
  const filtered = hasBillFilters(filters);
  return (
    <>
      <AccountTabs />
      <PageIntro title="Счета">
        Счета на оплату ваших заказов. Скачайте счёт в PDF, чтобы оплатить его по безналичному расчёту.
      </PageIntro>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <BillFilters filters={filters} error={error} />
          <Group gap="md">
            <Anchor component={Link} to="/bills/common" size="sm">
              Сводка по счетам
            </Anchor>
            <Anchor component={Link} to={paths.billsDocuments()} size="sm">
              Закрывающие документы
            </Anchor>
            <Anchor component={Link} to="/payment" size="sm">
              Как оплатить
            </Anchor>
          </Group>
        </Group>
        {list && list.total > 0 ? (
          <Text size="sm" tone="muted">
            Найдено счетов: {list.total}
          </Text>
        ) : null}
        {list && list.data.length > 0 ? <BillsTable bills={list.data} /> : null}
        {list && list.data.length === 0 ? (
          <Text tone="muted">
            {list.total > 0 ? (
              <>
                На этой странице счетов нет.{' '}
                <Anchor component={Link} to={paths.bills()}>
                  К первой странице
                </Anchor>
              </>
            ) : filtered ? (
              'Счетов с такими условиями нет. Измените даты или статус.'
            ) : (
              'Счетов пока нет: счёт выставляется на каждый оформленный заказ.'
            )}
          </Text>
        ) : null}
        {list ? <PageLinks page={list.current_page} lastPage={list.last_page} /> : null}
        <LedgerPanel ledger={ledger} />
      </Stack>
    </>
  );
}
