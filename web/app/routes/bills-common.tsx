import { Anchor, Group, Stack, Text, Title } from '../ui/index.ts';
import { Link } from 'react-router';
import type { Route } from './+types/bills-common';
import { BillSummaryCards } from '../features/bills/BillSummaryCards.tsx';
import { BillsTable } from '../features/bills/BillsTable.tsx';
import { withSession } from '../features/clients/session.server.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';
import { paths } from '../paths.ts';

export const handle = { access: 'session' } satisfies AccessHandle;

/** How many of the bills awaiting payment the summary lists (oldest deadline last: newest first). */
const AWAITING_SHOWN = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return withSession(request, context, async (api) => {
    const [summary, awaiting] = await Promise.all([
      api.callShop('client-bill-summary-post', { body: {}, signal: request.signal }),
      api.callShop('client-bill-all-post', {
        query: { page: 1 },
        body: { paid: false, per_page: AWAITING_SHOWN },
        signal: request.signal,
      }),
    ]);
    return { summary, awaiting };
  });
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Сводка по счетам', 'Сводка по счетам клиента: выставлено, оплачено, ожидает оплаты.');

export default function BillsCommonPage({ loaderData }: Route.ComponentProps) {
  const { summary, awaiting } = loaderData;
  return (
    <>
      <PageIntro title="Сводка по счетам">
        Сколько выставлено, оплачено и ожидает оплаты по всем вашим заказам.
      </PageIntro>
      <Stack gap="xl">
        <BillSummaryCards summary={summary} />
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="section">
              Ждут оплаты
            </Title>
            <Group gap="md">
              {awaiting.total > AWAITING_SHOWN ? (
                <Anchor component={Link} to="/bills?paid=false" size="sm">
                  Все {awaiting.total}
                </Anchor>
              ) : null}
              <Anchor component={Link} to={paths.bills()} size="sm">
                Все счета
              </Anchor>
            </Group>
          </Group>
          {awaiting.data.length === 0 ? (
            <Text tone="muted">Неоплаченных счетов нет.</Text>
          ) : (
            <BillsTable bills={awaiting.data} label="Счета, ожидающие оплаты" />
          )}
        </Stack>
      </Stack>
    </>
  );
}
