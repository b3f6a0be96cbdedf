import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useFetcher, useLoaderData, useLocation } from 'react-router';
import { CROSS_REFERENCE_TYPE_LABELS, CROSS_REFERENCE_TYPES, type CrossReference } from '@detal/contract';
import type { Route } from './+types/admin-cross-references';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ImportSection } from '../features/admin-suppliers/ImportPanel.tsx';
import { supplierAction } from '../features/admin-suppliers/supplier-actions.ts';
import { crossReferenceAction, type PairActionResult } from '../features/admin-catalog/catalog-actions.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { paths } from '../paths.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Кросс-номера');

/** ?article=&brand= find an article's pairs; ?page= pages the uploads' history. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = positiveInt(params.get('page')) ?? 1;
  const article = params.get('article')?.trim() || null;
  const brand = params.get('brand')?.trim() || null;
  const api = adminServerApi(request, context);
  const [imports, pairs] = await Promise.all([
    api.call('import-list', { query: { page }, body: { kind: 'cross_references', per_page: 20 } }),
    article
      ? api.call('cross-reference-list', {
          query: { page: 1 },
          body: { article, brand, per_page: 100 },
          handles: [422],
        })
      : Promise.resolve(null),
  ]);
  return { imports, pairs, article, brand };
}

export const clientAction = async ({ request }: Route.ClientActionArgs) => {
  const intent = (await request.clone().formData()).get('intent');
  return intent === 'pair-save' || intent === 'pair-remove' ? crossReferenceAction(request) : supplierAction(request);
};

const typeOptions = CROSS_REFERENCE_TYPES.map((type) => ({ value: type, label: CROSS_REFERENCE_TYPE_LABELS[type] }));

export const handle = adminSection('import-list', 'Кросс-номера доступны владельцу и менеджерам магазина');

export default function AdminCrossReferencesPage() {
  const { imports, pairs, article, brand } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={paths.adminSuppliers()} fz="sm">
          ← Поставщики
        </Anchor>
        <Anchor component={Link} to={paths.adminBrands()} fz="sm">
          Бренды
        </Anchor>
      </Group>
      <Title order={1} fz="h3">
        Кросс-номера
      </Title>
      <>
        <Paper withBorder p="xs">
          <Stack gap="xs">
            <Form method="get" key={location.search} aria-label="Поиск кросс-номеров">
              <Group gap="xs" align="flex-end">
                <TextInput label="Артикул" name="article" size="xs" w={180} defaultValue={article ?? ''} />
                <TextInput label="Бренд" name="brand" size="xs" w={160} defaultValue={brand ?? ''} />
                <Button type="submit" size="xs" variant="light">
                  Найти пары
                </Button>
              </Group>
            </Form>
            {pairs ? <PairsTable pairs={pairs.data} total={pairs.total} /> : null}
            <AddPair article={article} brand={brand} />
          </Stack>
        </Paper>
        <Paper withBorder p="xs">
          <Stack gap="xs">
            <Text size="sm" c="gray.7">
              Файл: бренд 1, артикул 1, бренд 2, артикул 2 и необязательный тип (оригинал, замена, аналог). Новые пары
              добавляются к уже известным.
            </Text>
            <ImportSection kind="cross_references" imports={imports.data} />
            <ListPager list={imports} />
          </Stack>
        </Paper>
      </>
    </Stack>
  );
}

function PairsTable({ pairs, total }: { pairs: CrossReference[]; total: number }) {
  if (pairs.length === 0) return <Text size="sm">Пар с этим артикулом нет</Text>;
  return (
    <>
      <Text size="sm" c="gray.7">
        Пар: {total}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder fz="sm" verticalSpacing={4} data-testid="cross-references-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Деталь</Table.Th>
              <Table.Th>Кросс</Table.Th>
              <Table.Th>Тип</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pairs.map((pair) => (
              <PairRow key={`${pair.brand_a} ${pair.article_a} ${pair.brand_b} ${pair.article_b}`} pair={pair} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function PairRow({ pair }: { pair: CrossReference }) {
  const fetcher = useFetcher<PairActionResult>();
  const name = `${pair.brand_a} ${pair.article_a} — ${pair.brand_b} ${pair.article_b}`;
  return (
    <Table.Tr>
      <Table.Td>
        {pair.brand_a} {pair.article_a}
      </Table.Td>
      <Table.Td>
        {pair.brand_b} {pair.article_b}
      </Table.Td>
      <Table.Td>{CROSS_REFERENCE_TYPE_LABELS[pair.type]}</Table.Td>
      <Table.Td>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="pair-remove" />
          <input type="hidden" name="brand_a" value={pair.brand_a} />
          <input type="hidden" name="article_a" value={pair.article_a} />
          <input type="hidden" name="brand_b" value={pair.brand_b} />
          <input type="hidden" name="article_b" value={pair.article_b} />
          <Button
            type="submit"
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={`Удалить пару ${name}`}
            loading={fetcher.state !== 'idle'}
          >
            Удалить
          </Button>
          {fetcher.data?.errors.form ? (
            <Text size="xs" c="red.8">
              {fetcher.data.errors.form}
            </Text>
          ) : null}
        </fetcher.Form>
      </Table.Td>
    </Table.Tr>
  );
}

function AddPair({ article, brand }: { article: string | null; brand: string | null }) {
  const fetcher = useFetcher<PairActionResult>();
  const errors = fetcher.data?.errors ?? {};
  return (
    <fetcher.Form method="post" aria-label="Новая пара кросс-номеров">
      <input type="hidden" name="intent" value="pair-save" />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput label="Бренд" name="brand_a" size="xs" w={140} defaultValue={brand ?? ''} error={errors.brand_a} />
        <TextInput
          label="Артикул"
          name="article_a"
          size="xs"
          w={140}
          defaultValue={article ?? ''}
          error={errors.article_a}
        />
        <TextInput label="Бренд кросса" name="brand_b" size="xs" w={140} error={errors.brand_b} />
        <TextInput label="Артикул кросса" name="article_b" size="xs" w={140} error={errors.article_b} />
        <NativeSelect label="Тип" name="type" size="xs" w={120} data={typeOptions} defaultValue="analog" />
        <Button type="submit" size="xs" mt={22} loading={fetcher.state !== 'idle'}>
          Добавить пару
        </Button>
      </Group>
      {fetcher.data?.pair ? (
        <Text size="sm" c="teal.9" role="status">
          Пара сохранена: {fetcher.data.pair.brand_a} {fetcher.data.pair.article_a} — {fetcher.data.pair.brand_b}{' '}
          {fetcher.data.pair.article_b}
        </Text>
      ) : null}
    </fetcher.Form>
  );
}
