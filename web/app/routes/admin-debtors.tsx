import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { Form, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-debtors';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { DebtorsTable } from '../features/admin-ledger/DebtorsTable.tsx';
import { LedgerNav } from '../features/admin-ledger/LedgerNav.tsx';
import { debtorFilters, type DebtorSort } from '../features/admin-ledger/ledger-query.ts';
import { paths } from '../paths.ts';

/** Debtors are paged in the database (decision 0057); a screenful a page. */
const DEBTORS_PER_PAGE = 50;

export const meta: Route.MetaFunction = () => adminMeta('Должники');

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = debtorFilters(new URL(request.url).searchParams);
  const api = adminServerApi(request, context);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const { debtors, total } = await api.call('ledger-debtor-list', {
    body: { sort: filters.sort, only_attention: filters.onlyAttention, page, per_page: DEBTORS_PER_PAGE },
  });
  const pages = { current_page: page, last_page: Math.max(1, Math.ceil(total / DEBTORS_PER_PAGE)) };
  return { debtors, pages, ...filters };
}

export const handle = adminSection('ledger-debtor-list', 'Должники доступны владельцу и менеджерам магазина');

const query = (sort: DebtorSort, onlyAttention: boolean) =>
  [sort === 'overdue' ? '' : `sort=${sort}`, onlyAttention ? 'attention=1' : ''].filter(Boolean).join('&');

/** Debtors (issue 31): who is late and by how much, who is near the limit, sortable, with contacts. */
export default function AdminDebtorsPage() {
  const { debtors, pages, sort, onlyAttention } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <LedgerNav />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz="h3">
          Должники
        </Title>
        <Form method="get" aria-label="Фильтр должников">
          {sort !== 'overdue' && <input type="hidden" name="sort" value={sort} />}
          <Group gap="xs" align="center">
            <Checkbox
              key={String(onlyAttention)}
              label="Только просрочка и лимит больше 80 %"
              name="attention"
              value="1"
              defaultChecked={onlyAttention}
            />
            <Button type="submit" size="xs" variant="default">
              Показать
            </Button>
          </Group>
        </Form>
      </Group>
      <DebtorsTable debtors={debtors} sort={sort} hrefOf={(next) => paths.adminDebtors(query(next, onlyAttention))} />
      <ListPager list={pages} />
    </Stack>
  );
}
