import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ROUNDING_LABELS,
  ROUNDING_RULES,
  formatRoubles,
  type AdminPricing,
  type PricingFile,
  type PricingPreview,
} from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { useJsonWrite, withoutPrefix } from '../admin-shell/json-write.ts';
import { SaveStatus, type SaveResult } from '../admin-shell/SaveStatus.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { fileFromForm, formFromFile, validatePricingForm, type PricingFormValues } from './pricing-form.ts';

const RULE_LABELS: Record<string, string> = {
  supplier_brand: 'поставщик + бренд',
  brand: 'бренд',
  supplier: 'поставщик',
  band: 'диапазон',
  base: 'базовая',
};

const percent = (value: number) => `${String(value).replace('.', ',')} %`;

/** A number field: the bands' ones narrower on a phone, so that a row with its «×» fits 375 px. */
function Cell({ form, path, label, width }: { form: PricingForm; path: string; label: string; width?: number }) {
  return (
    <TextInput
      size="xs"
      w={width ?? { base: 72, md: 90 }}
      aria-label={label}
      inputMode="decimal"
      {...form.getInputProps(path)}
    />
  );
}

function usePricingForm(file: PricingFile) {
  return useForm<PricingFormValues>({
    mode: 'controlled',
    initialValues: formFromFile(file),
    validate: validatePricingForm,
    validateInputOnChange: true,
  });
}
type PricingForm = ReturnType<typeof usePricingForm>;

function RemoveButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button size="compact-xs" variant="subtle" color="red" aria-label={label} onClick={onClick}>
      ✕
    </Button>
  );
}

function BandsTable({ form }: { form: PricingForm }) {
  const bands = form.getValues().bands;
  return (
    <Stack gap={4}>
      <Text fz="sm" fw={600}>
        Диапазоны закупочной цены
      </Text>
      <Table verticalSpacing={2} horizontalSpacing={4} fz="sm" data-testid="pricing-bands" maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>От, ₽</Table.Th>
            <Table.Th>До, ₽ (пусто — и выше)</Table.Th>
            <Table.Th>Наценка, %</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bands.map((_, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <Cell form={form} path={`bands.${index}.from`} label={`Диапазон ${index + 1}: от`} />
              </Table.Td>
              <Table.Td>
                <Cell form={form} path={`bands.${index}.to`} label={`Диапазон ${index + 1}: до`} />
              </Table.Td>
              <Table.Td>
                <Cell form={form} path={`bands.${index}.markup`} label={`Диапазон ${index + 1}: наценка`} />
              </Table.Td>
              <Table.Td>
                <RemoveButton
                  label={`Удалить диапазон ${index + 1}`}
                  onClick={() => form.removeListItem('bands', index)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => {
            const last = bands.at(-1);
            form.insertListItem('bands', { from: last?.to ?? '0', to: '', markup: '0' });
          }}
        >
          Добавить диапазон
        </Button>
      </Group>
    </Stack>
  );
}

function OverridesTables({ form, suppliers }: { form: PricingForm; suppliers: AdminPricing['suppliers'] }) {
  const values = form.getValues();
  const supplierNames = suppliers.map((supplier) => supplier.name);
  const firstSupplier = supplierNames[0] ?? '';
  return (
    <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          По бренду
        </Text>
        {values.brands.map((_, index) => (
          <Group key={index} gap={4} wrap="nowrap">
            <TextInput
              size="xs"
              aria-label="Бренд"
              placeholder="Бренд"
              {...form.getInputProps(`brands.${index}.brand`)}
            />
            <Cell form={form} path={`brands.${index}.markup`} label="Наценка по бренду, %" width={70} />
            <RemoveButton label="Удалить наценку по бренду" onClick={() => form.removeListItem('brands', index)} />
          </Group>
        ))}
        <Group>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => form.insertListItem('brands', { brand: '', markup: '0' })}
          >
            Добавить бренд
          </Button>
        </Group>
      </Stack>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          По поставщику
        </Text>
        {values.suppliers.map((_, index) => (
          <Group key={index} gap={4} wrap="nowrap">
            <NativeSelect
              size="xs"
              aria-label="Поставщик"
              data={supplierNames}
              {...form.getInputProps(`suppliers.${index}.supplier`)}
            />
            <Cell form={form} path={`suppliers.${index}.markup`} label="Наценка по поставщику, %" width={70} />
            <RemoveButton
              label="Удалить наценку по поставщику"
              onClick={() => form.removeListItem('suppliers', index)}
            />
          </Group>
        ))}
        <Group>
          <Button
            size="compact-xs"
            variant="default"
            disabled={!firstSupplier}
            onClick={() => form.insertListItem('suppliers', { supplier: firstSupplier, markup: '0' })}
          >
            Добавить поставщика
          </Button>
        </Group>
      </Stack>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          Поставщик + бренд
        </Text>
        {values.supplier_brands.map((_, index) => (
          <Group key={index} gap={4} wrap="nowrap">
            <NativeSelect
              size="xs"
              aria-label="Поставщик"
              data={supplierNames}
              {...form.getInputProps(`supplier_brands.${index}.supplier`)}
            />
            <TextInput
              size="xs"
              w={110}
              aria-label="Бренд"
              placeholder="Бренд"
              {...form.getInputProps(`supplier_brands.${index}.brand`)}
            />
            <Cell form={form} path={`supplier_brands.${index}.markup`} label="Наценка, %" width={70} />
            <RemoveButton label="Удалить пару" onClick={() => form.removeListItem('supplier_brands', index)} />
          </Group>
        ))}
        <Group>
          <Button
            size="compact-xs"
            variant="default"
            disabled={!firstSupplier}
            onClick={() => form.insertListItem('supplier_brands', { supplier: firstSupplier, brand: '', markup: '0' })}
          >
            Добавить пару
          </Button>
        </Group>
      </Stack>
    </SimpleGrid>
  );
}

function PreviewTable({ preview }: { preview: PricingPreview }) {
  const groups = preview.offers[0]?.prices ?? [];
  if (preview.offers.length === 0)
    return (
      <Text fz="sm" c="gray.7">
        Предложений с таким артикулом нет
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing={2} fz="sm" data-testid="pricing-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Бренд, артикул</Table.Th>
            <Table.Th>Поставщик</Table.Th>
            <Table.Th ta="right">Закупка</Table.Th>
            {groups.map((price) => (
              <Table.Th key={price.group} ta="right">
                {price.group}
                {price.edited ? ' (новые правила)' : ''}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.offers.map((offer) => (
            <Table.Tr key={offer.offer_id}>
              <Table.Td>
                {offer.brand} {offer.article}
              </Table.Td>
              <Table.Td>{offer.supplier}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(offer.purchase_price)}
              </Table.Td>
              {offer.prices.map((price) => (
                <Table.Td
                  key={price.group}
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                  data-edited={price.edited || undefined}
                >
                  <Text span fz="sm" fw={price.edited ? 700 : undefined}>
                    {formatRoubles(price.price)}
                  </Text>
                  <Text fz="xs" c="gray.7">
                    +{formatRoubles(price.margin)} · {RULE_LABELS[price.rule]} {percent(price.markup)}
                    {price.at_minimum_margin ? ' · мин. наценка' : ''}
                  </Text>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The pricing screen's one write, its route action's intent (admin-pricing.tsx). */
export const PRICING_SAVE = 'pricing-save';

/** One group's profile: the form, the problems the server's policy finds, and the preview of an article. */
export function PricingEditor({ pricing, file }: { pricing: AdminPricing; file: PricingFile }) {
  const form = usePricingForm(file);
  const [article, setArticle] = useState('');
  const [preview, setPreview] = useState<PricingPreview | null>(null);
  const [status, setStatus] = useState<SaveResult>(null);
  const write = useJsonWrite((answer) => {
    if (answer.ok) {
      setStatus({ ok: true, text: 'Профиль сохранён: цены изменятся со следующего запроса' });
      form.resetDirty();
      return;
    }
    const fields = withoutPrefix(answer.fields, 'profile.');
    setStatus({ ok: false, text: `${answer.message}: ${Object.values(fields).join('; ')}` });
  }, `${PRICING_SAVE}:${file.group}`);
  const saving = write.saving;
  const [debounced] = useDebouncedValue(JSON.stringify([fileFromForm(form.getValues()), article.trim()]), 300);

  useEffect(() => {
    const [profile, wanted] = JSON.parse(debounced) as [unknown, string];
    if (!wanted) return;
    let current = true;
    adminCall('pricing-preview', { body: { profile, article: wanted }, handles: [422] })
      .then((answer) => current && setPreview(answer))
      .catch(() => current && setPreview(null));
    return () => {
      current = false;
    };
  }, [debounced]);

  const save = form.onSubmit((values) => {
    setStatus(null);
    void write.submit(PRICING_SAVE, { profile: fileFromForm(values) });
  });
  const problems = Object.entries(preview?.problems ?? {});

  return (
    <Stack gap="md">
      <form onSubmit={save} noValidate aria-label="Профиль цен">
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput size="xs" w={160} label="Группа" {...form.getInputProps('group')} />
              <TextInput
                size="xs"
                w={130}
                label="Базовая наценка, %"
                inputMode="decimal"
                {...form.getInputProps('base_markup')}
              />
              <NativeSelect
                size="xs"
                w={160}
                label="Округление"
                data={ROUNDING_RULES.map((rule) => ({ value: rule, label: ROUNDING_LABELS[rule] }))}
                {...form.getInputProps('rounding')}
              />
              <TextInput
                size="xs"
                w={170}
                label="Мин. наценка, ₽ за штуку"
                inputMode="decimal"
                {...form.getInputProps('min_margin')}
              />
            </Group>
            <BandsTable form={form} />
            <OverridesTables form={form} suppliers={pricing.suppliers} />
            {problems.length > 0 && (
              <Alert color="red" title="В профиле есть ошибки" data-testid="pricing-problems">
                <List size="sm">
                  {problems.map(([path, message]) => (
                    <List.Item key={path}>
                      {path}: {message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group gap="sm">
              <SubmitButton size="xs" loading={saving}>
                Сохранить профиль
              </SubmitButton>
              <SaveStatus status={status} />
            </Group>
          </Stack>
        </Paper>
      </form>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group gap="sm" align="flex-end">
            <Title order={2} fz="md">
              Предпросмотр
            </Title>
            <Badge variant="light" color="gray">
              до сохранения
            </Badge>
          </Group>
          <TextInput
            size="xs"
            maw={280}
            label="Артикул"
            placeholder="например, OC 90"
            value={article}
            onChange={(event) => setArticle(event.currentTarget.value)}
            data-testid="pricing-preview-article"
          />
          {preview && article.trim() !== '' && <PreviewTable preview={preview} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
