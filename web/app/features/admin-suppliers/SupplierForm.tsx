import { Group, NumberInput, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useFetcher } from 'react-router';
import {
  PRICE_LIST_COLUMNS,
  PRICE_LIST_COLUMN_LABELS,
  READING_RULE_DEFAULTS,
  type AdminSupplierDetail,
} from '@detal/contract';

import { type SupplierActionResult } from './supplier-actions.ts';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { LearnedDelivery } from './LearnedDelivery.tsx';

/** A supplier's form: its name, its state and its price-list profile (columns, encoding, stock and delivery rules). */

const ENCODINGS = [
  { value: '', label: 'определить' },
  { value: 'utf8', label: 'UTF-8' },
  { value: 'cp1251', label: 'Windows-1251' },
];
const DELIMITERS = [
  { value: '', label: 'определить' },
  { value: ';', label: 'точка с запятой ;' },
  { value: ',', label: 'запятая ,' },
  { value: 'tab', label: 'табуляция' },
];
const STOCK_MORE_CHOICES = [
  { value: 'bound', label: '10 шт.' },
  { value: 'bound_plus_one', label: '11 шт.' },
];
const STOCK_LESS_CHOICES = [
  { value: 'one', label: '1 шт. (наверняка)' },
  { value: 'most', label: '4 шт. (наибольшее)' },
];
const DELIVERY_RANGE_CHOICES = [
  { value: 'max', label: '5 дн. (позднее)' },
  { value: 'min', label: '3 дн. (раньше)' },
];

export function SupplierForm({ supplier }: { supplier: AdminSupplierDetail | null }) {
  const fetcher = useFetcher<SupplierActionResult>();
  const result = fetcher.data?.intent === 'save' ? fetcher.data : null;
  const errors = result?.errors ?? {};
  const profile = supplier?.import_profile;
  const fieldError = (name: string) => errors[name] ?? errors[`import_profile.${name}`];
  return (
    <fetcher.Form method="post" aria-label="Поставщик" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={supplier?.id ?? ''} />
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
          <TextInput
            label="Название (настоящее)"
            name="name"
            size="xs"
            required
            defaultValue={supplier?.name ?? ''}
            error={errors.name}
          />
          <TextInput
            label="Клиенты видят"
            name="display_name"
            size="xs"
            placeholder={supplier ? `Склад ${supplier.id}` : 'Склад …'}
            defaultValue={supplier?.display_name ?? ''}
            error={errors.display_name}
          />
          <NumberInput
            label="Вероятность поставки, %"
            name="delivery_probability"
            size="xs"
            min={0}
            max={100}
            defaultValue={supplier?.delivery_probability ?? ''}
            error={errors.delivery_probability}
          />
          <NumberInput
            label="Срок по умолчанию, дн."
            name="default_delivery_days"
            size="xs"
            min={0}
            defaultValue={supplier?.default_delivery_days ?? 0}
            error={errors.default_delivery_days}
          />
          <NumberInput
            label="Прайс устаревает через, дн."
            name="max_age_days"
            size="xs"
            min={1}
            placeholder="никогда"
            defaultValue={supplier?.max_age_days ?? ''}
            error={errors.max_age_days}
          />
          <Switch
            label="Активен: предложения в поиске"
            name="active"
            size="sm"
            mt={22}
            defaultChecked={supplier?.active ?? true}
          />
        </SimpleGrid>
        <Text fw={600} fz="sm" mt={4}>
          Срок и вероятность по истории заказов
        </Text>
        {supplier ? <LearnedDelivery figures={supplier.delivery_learned} /> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
          <Switch
            label="Срок в предложениях — по истории (80 % позиций пришли за него)"
            name="learned_delivery_days"
            size="sm"
            defaultChecked={supplier?.learned_delivery_days ?? false}
          />
          <Switch
            label="Вероятность поставки — доля пришедших вовремя"
            name="learned_delivery_probability"
            size="sm"
            defaultChecked={supplier?.learned_delivery_probability ?? false}
          />
        </SimpleGrid>
        <Text fw={600} fz="sm" mt={4}>
          Профиль загрузки прайс-листа
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs" verticalSpacing={4}>
          <NativeSelect
            label="Кодировка"
            name="encoding"
            size="xs"
            data={ENCODINGS}
            defaultValue={profile?.encoding ?? ''}
          />
          <NativeSelect
            label="Разделитель"
            name="delimiter"
            size="xs"
            data={DELIMITERS}
            defaultValue={profile?.delimiter ?? ''}
          />
          <NumberInput
            label="Заголовок в строке"
            name="header_line"
            size="xs"
            min={1}
            placeholder="найти самим"
            defaultValue={profile?.header_line ?? ''}
            error={fieldError('header_line')}
          />
          <NumberInput
            label="Срок для строк без срока, дн."
            name="profile_delivery"
            size="xs"
            min={0}
            placeholder="срок поставщика"
            defaultValue={profile?.default_delivery_days ?? ''}
            error={fieldError('default_delivery_days')}
          />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          Заголовок ищется сам: первая строка с названиями «Артикул», «Бренд» и «Цена»; строки над ней (название фирмы,
          дата, телефоны) пропускаются.
        </Text>
        <Text fw={600} fz="xs" mt={4}>
          Как читать остаток и срок
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing={4} data-testid="reading-rules">
          <NativeSelect
            label="Остаток «>10», «10+»"
            name="stock_more"
            size="xs"
            data={STOCK_MORE_CHOICES}
            defaultValue={profile?.stock_more ?? READING_RULE_DEFAULTS.stock_more}
          />
          <NativeSelect
            label="Остаток «<5»"
            name="stock_less"
            size="xs"
            data={STOCK_LESS_CHOICES}
            defaultValue={profile?.stock_less ?? READING_RULE_DEFAULTS.stock_less}
          />
          <NumberInput
            label="«есть», «+», шт."
            name="stock_present"
            size="xs"
            min={0}
            defaultValue={profile?.stock_present ?? READING_RULE_DEFAULTS.stock_present}
            error={fieldError('stock_present')}
          />
          <NumberInput
            label="«много», шт."
            name="stock_plenty"
            size="xs"
            min={0}
            defaultValue={profile?.stock_plenty ?? READING_RULE_DEFAULTS.stock_plenty}
            error={fieldError('stock_plenty')}
          />
          <NativeSelect
            label="Срок «3-5 дн.»"
            name="delivery_range"
            size="xs"
            data={DELIVERY_RANGE_CHOICES}
            defaultValue={profile?.delivery_range ?? READING_RULE_DEFAULTS.delivery_range}
          />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          «нет», «под заказ», «-» — 0 шт.; «5 шт.», «1 200» — числом; «5 дн.», «5 days», «до 5» — 5 дней; «сегодня» — 0,
          «завтра» — 1.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
          <TextInput
            label="Столбцы по порядку, если в файле нет заголовка"
            name="columns"
            size="xs"
            placeholder="артикул, бренд, , цена, наличие"
            defaultValue={profile?.columns ?? ''}
            error={fieldError('columns')}
          />
          <Switch
            label="Первая строка — заголовок"
            name="header_row"
            size="sm"
            mt={22}
            defaultChecked={profile?.header_row ?? true}
          />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          Названия столбцов в файле поставщика, если они необычные (пусто — узнаём сами: Артикул, Бренд или
          Производитель, Наименование, Цена, Кол-во или Наличие, Срок…):
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" verticalSpacing={4}>
          {PRICE_LIST_COLUMNS.map((column) => (
            <TextInput
              key={column}
              label={PRICE_LIST_COLUMN_LABELS[column]}
              name={`header_${column}`}
              size="xs"
              defaultValue={profile?.headers?.[column] ?? ''}
            />
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
            {supplier ? 'Сохранить' : 'Создать поставщика'}
          </SubmitButton>
          {result?.saved && (
            <Text size="sm" c="teal.9" role="status">
              Сохранено
            </Text>
          )}
          {errors.form && !result?.saved && (
            <Text size="sm" c="red.8" role="alert">
              {errors.form}
            </Text>
          )}
        </Group>
      </Stack>
    </fetcher.Form>
  );
}
