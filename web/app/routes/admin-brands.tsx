import { Anchor, Badge, Button, CloseButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useFetcher, useLoaderData, useLocation } from 'react-router';
import type { AdminBrand } from '@detal/contract';
import type { Route } from './+types/admin-brands';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { brandAction, type BrandActionResult } from '../features/admin-catalog/catalog-actions.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Бренды');

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim() || null;
  const page = positiveInt(params.get('page')) ?? 1;
  const list = await adminServerApi(request, context).call('brand-list', {
    query: { page },
    body: { q, per_page: 50 },
    handles: [422],
  });
  return { q, list };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => brandAction(request);

/**
 * Brands as price lists brought them in, newest first, so that a new spelling («KNEHT») is seen on top: a spelling
 * added to the brand it means (the next list finds that brand), or the whole brand merged into the real one.
 */
export const handle = adminSection('brand-list', 'Бренды доступны владельцу и менеджерам магазина');

export default function AdminBrandsPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Anchor component={Link} to={paths.adminSuppliers()} fz="sm">
          ← Поставщики
        </Anchor>
        <Anchor component={Link} to={paths.adminCrossReferences()} fz="sm">
          Кросс-номера
        </Anchor>
      </Group>
      <Title order={1} fz="h3">
        Бренды
      </Title>
      <>
        <Text size="sm" c="gray.7">
          Новые бренды сверху: прайс-лист с новым написанием создаёт новый бренд. Добавьте написание к нужному бренду
          или объедините бренды — предложения, кросс-номера и написания перейдут к бренду, который останется.
        </Text>
        <Form method="get" key={location.search} aria-label="Поиск брендов">
          <Group gap="xs" align="flex-end">
            <TextInput label="Бренд или написание" name="q" size="xs" w={240} defaultValue={q ?? ''} />
            <Button type="submit" size="xs" variant="light">
              Найти
            </Button>
          </Group>
        </Form>
        <Text size="sm" c="gray.7">
          Брендов: {list.total}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder fz="sm" verticalSpacing={4} data-testid="brands-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Бренд</Table.Th>
                <Table.Th>Написания</Table.Th>
                <Table.Th>Объединить с</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((brand) => (
                <BrandRow key={brand.id} brand={brand} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager list={list} />
      </>
    </Stack>
  );
}

function BrandRow({ brand }: { brand: AdminBrand }) {
  const aliases = useFetcher<BrandActionResult>();
  const merge = useFetcher<BrandActionResult>();
  const aliasError = aliases.data?.errors.alias ?? aliases.data?.errors.form;
  const mergeError = merge.data?.errors.into ?? merge.data?.errors.form;
  const [own, ...others] = brand.aliases;
  return (
    <Table.Tr style={{ verticalAlign: 'top' }}>
      <Table.Td>
        <Text fz="sm" fw={600}>
          {brand.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} mb={4}>
          {own ? (
            <Badge variant="light" color="gray" tt="none">
              {own}
            </Badge>
          ) : null}
          {others.map((alias) => (
            <Badge
              key={alias}
              variant="outline"
              color="gray"
              tt="none"
              rightSection={
                <aliases.Form method="post">
                  <input type="hidden" name="intent" value="alias-remove" />
                  <input type="hidden" name="brand_id" value={brand.id} />
                  <input type="hidden" name="alias" value={alias} />
                  <CloseButton type="submit" size="xs" aria-label={`Убрать написание ${alias} у ${brand.name}`} />
                </aliases.Form>
              }
            >
              {alias}
            </Badge>
          ))}
        </Group>
        <aliases.Form method="post">
          <input type="hidden" name="intent" value="alias-add" />
          <input type="hidden" name="brand_id" value={brand.id} />
          <Group gap={4} wrap="nowrap">
            <TextInput
              name="alias"
              size="xs"
              w={160}
              placeholder="ещё написание"
              aria-label={`Новое написание для ${brand.name}`}
              error={aliasError}
            />
            <Button type="submit" size="xs" variant="default" loading={aliases.state !== 'idle'}>
              Добавить
            </Button>
          </Group>
        </aliases.Form>
      </Table.Td>
      <Table.Td>
        {merge.data?.brand ? (
          <Text size="sm" c="teal.9" role="status">
            Объединён с {merge.data.brand.name}
          </Text>
        ) : (
          <merge.Form method="post">
            <input type="hidden" name="intent" value="merge" />
            <input type="hidden" name="brand_id" value={brand.id} />
            <Group gap={4} wrap="nowrap">
              <TextInput
                name="into"
                size="xs"
                w={160}
                placeholder="в какой бренд"
                aria-label={`Объединить ${brand.name} с брендом`}
                error={mergeError}
              />
              <Button type="submit" size="xs" variant="light" color="orange" loading={merge.state !== 'idle'}>
                Объединить
              </Button>
            </Group>
          </merge.Form>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
