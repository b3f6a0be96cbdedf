import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useLoaderData, useSearchParams } from 'react-router';
import type { PricingFile } from '@detal/contract';
import type { Route } from './+types/admin-pricing';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { PRICING_SAVE, PricingEditor } from '../features/admin-pricing/PricingEditor.tsx';
import { adminCall } from '../features/admin-shell/admin-caller.ts';
import { jsonWriteAction } from '../features/admin-shell/json-write.ts';
import { ledgerRouteAction } from '../features/admin-ledger/ledger-actions.ts';
import { CreditTermsForm } from '../features/admin-ledger/LedgerForms.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Цены');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const pricing = await api.call('pricing-show', {});
  // The chosen group's default credit terms (issue 31), edited beside its prices.
  const chosen = new URL(request.url).searchParams.get('group') ?? pricing.groups[0]?.name;
  const group = pricing.groups.find((candidate) => candidate.name === chosen);
  const terms = group ? await api.call('ledger-terms-get', { body: { group_id: group.id } }) : null;
  return { pricing, terms };
}

const NEW_GROUP = '__new__';
const emptyProfile: PricingFile = {
  group: '',
  base_markup: 0,
  bands: [],
  brands: {},
  suppliers: {},
  supplier_brands: [],
  rounding: 'kopeck',
  min_margin: 0,
};

/** The profile's save (PricingEditor), a route action like every staff write. */
/** The profile's save (JSON) or the group's credit terms (a form, issue 31). */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  request.headers.get('content-type')?.includes('application/json')
    ? jsonWriteAction(request, {
        [PRICING_SAVE]: (body: { profile: PricingFile }) => adminCall('pricing-save', { body, handles: [422] }),
      })
    : ledgerRouteAction(request);

export const handle = adminSection('pricing-show', 'Цены доступны только владельцу магазина');

export default function AdminPricingPage() {
  const { pricing, terms } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('group') ?? pricing.groups[0]?.name ?? NEW_GROUP;
  const group = pricing.groups.find((candidate) => candidate.name === chosen);
  const file = group?.profile ?? emptyProfile;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} fz="h3">
          Цены: группы клиентов и профили
        </Title>
        <NativeSelect
          size="xs"
          w={340}
          label="Группа"
          value={group ? group.name : NEW_GROUP}
          data={[
            ...pricing.groups.map((candidate) => ({
              value: candidate.name,
              label: `${candidate.name}${candidate.is_default ? ' (по умолчанию)' : ''} · клиентов ${candidate.clients}`,
            })),
            { value: NEW_GROUP, label: 'Новая группа…' },
          ]}
          onChange={(event) => setParams({ group: event.currentTarget.value }, { preventScrollReset: true })}
        />
      </Group>
      {group && (
        <Text fz="sm" c="gray.7">
          Профиль № {group.profile_id}. Наценка выбирается по самому точному правилу: поставщик + бренд, бренд,
          поставщик, диапазон, базовая; затем личная скидка, округление и минимальная наценка.
        </Text>
      )}
      {group && terms && (
        <CreditTermsForm
          key={group.id}
          owner={{ group_id: group.id }}
          terms={terms}
          label={`Кредитные условия группы «${group.name}» по умолчанию`}
        />
      )}
      <PricingEditor key={`${group?.name ?? NEW_GROUP}:${group?.profile_id ?? 0}`} pricing={pricing} file={file} />
    </Stack>
  );
}
