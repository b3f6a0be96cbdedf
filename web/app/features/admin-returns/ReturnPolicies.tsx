import { Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useFetcher } from 'react-router';
import { RETURN_WINDOW_MIN_DAYS, type ReturnPolicy } from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { FieldInput, Intent } from './ReturnForms.tsx';
import { WriteOutcome, fieldError } from '../admin-shell/WriteOutcome.tsx';
import type { ReturnActionResult } from './returns-actions.ts';
import { supplierOptions, type SupplierName } from './ReturnsQueue.tsx';
import classes from './Returns.module.css';

/** A supplier's window (days, empty: the shop's) and «без возврата». */
function SupplierPolicyForm({ suppliers }: { suppliers: SupplierName[] }) {
  const fetcher = useFetcher<ReturnActionResult>();
  return (
    <fetcher.Form method="post" aria-label="Срок возврата поставщика" noValidate>
      <Intent value="policy-save" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Поставщик"
          name="supplier_id"
          data={supplierOptions(suppliers, 'Выберите поставщика')}
          size="xs"
          w={220}
          maw="100%"
          error={fieldError(fetcher.data, 'supplier_id')}
        />
        <FieldInput
          result={fetcher.data}
          label="Срок возврата, дней"
          name="window_days"
          placeholder="как у магазина"
          inputMode="numeric"
          w={150}
        />
        <Checkbox name="no_return" label="Без возврата" size="xs" mb={6} />
        <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
          Сохранить
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Правило поставщика сохранено" shown={['supplier_id', 'window_days']} />
    </fetcher.Form>
  );
}

/** A brand sold «без возврата» (or no longer). */
function BrandPolicyForm() {
  const fetcher = useFetcher<ReturnActionResult>();
  return (
    <fetcher.Form method="post" aria-label="Бренд без возврата" noValidate>
      <Intent value="policy-save" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Бренд"
          name="brand_name"
          size="xs"
          w={220}
          maw="100%"
          error={fieldError(fetcher.data, 'brand_name') ?? fieldError(fetcher.data, 'supplier_id')}
        />
        <Checkbox name="no_return" label="Без возврата" size="xs" mb={6} defaultChecked />
        <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
          Сохранить
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Правило бренда сохранено" shown={['brand_name', 'supplier_id']} />
    </fetcher.Form>
  );
}

/**
 * Return windows and «без возврата» (issue 32): per supplier a window of at least the law's 7 days (empty: the
 * shop's) and «без возврата», per brand «без возврата»; the rules in force listed first.
 */
export function ReturnPolicies({ policies, suppliers }: { policies: ReturnPolicy[]; suppliers: SupplierName[] }) {
  const nameOf = (id: number) => suppliers.find((supplier) => supplier.id === id)?.name ?? `Поставщик № ${id}`;
  return (
    <Stack gap="md">
      {policies.length === 0 ? (
        <Text fz="sm" c="gray.7">
          Особых правил нет: у всех поставщиков срок магазина, все бренды возвращаются
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table
            verticalSpacing={3}
            horizontalSpacing={6}
            fz="xs"
            className={classes.numbers}
            data-testid="return-policies"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Поставщик или бренд</Table.Th>
                <Table.Th ta="right">Срок, дней</Table.Th>
                <Table.Th>Без возврата</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {policies.map((policy) => (
                <Table.Tr key={policy.id}>
                  <Table.Td>
                    {policy.supplier_id !== null ? nameOf(policy.supplier_id) : `Бренд ${policy.brand_name ?? ''}`}
                  </Table.Td>
                  <Table.Td ta="right">
                    {policy.supplier_id === null ? '—' : (policy.window_days ?? 'как у магазина')}
                  </Table.Td>
                  <Table.Td>{policy.no_return ? 'да' : 'нет'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={4}>
        <Title order={2} fz="h5">
          Поставщик
        </Title>
        <Text fz="xs" c="gray.7">
          Срок не короче {RETURN_WINDOW_MIN_DAYS} дней (закон о дистанционной продаже); пусто — срок магазина.
        </Text>
        <SupplierPolicyForm suppliers={suppliers} />
      </Stack>
      <Stack gap={4}>
        <Title order={2} fz="h5">
          Бренд
        </Title>
        <BrandPolicyForm />
      </Stack>
    </Stack>
  );
}
