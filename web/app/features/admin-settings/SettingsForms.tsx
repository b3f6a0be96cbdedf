import { useState, type ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  VAT_RATES,
  WEEKDAYS,
  WEEKDAY_SHORT_NAMES,
  deliveryMethodsSchema,
  requisitesSchema,
  shopContactsSchema,
  staffNotificationSchema,
  vatSchema,
  workingCalendarSchema,
  type AdminSettingsSave,
  type AdminSettingsView,
} from '@detal/contract';
import { z } from 'zod';
import { useJsonWrite, withoutPrefix } from '../admin-shell/json-write.ts';
import { SaveStatus, type SaveResult } from '../admin-shell/SaveStatus.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';

/**
 * The shop settings' sections, each a form of its own validated as the owner types by the contract's schema (the
 * one the server checks with), saved alone: a mistake in the requisites never holds back the contacts.
 */

type Section = keyof AdminSettingsSave;

/** The settings' one write, its route action's intent (admin-settings.tsx). */
export const SETTINGS_SAVE = 'settings-save';

/** `list`: the section is a list, edited as the form's field of that name (a form's values are an object). */
type SectionValues = Record<string, unknown>;

function useSectionForm(section: Section, schema: z.ZodType, initial: SectionValues, list?: string) {
  const [status, setStatus] = useState<SaveResult>(null);
  const form = useForm<SectionValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnChange: true,
  });
  const write = useJsonWrite((answer) => {
    if (answer.ok) {
      setStatus({ ok: true, text: 'Сохранено' });
      form.resetDirty();
      return;
    }
    const fields = withoutPrefix(answer.fields, `${section}.`);
    form.setErrors(
      list ? Object.fromEntries(Object.entries(fields).map(([key, text]) => [`${list}.${key}`, text])) : fields,
    );
    setStatus({ ok: false, text: answer.message });
  });
  const saving = write.saving;
  const onSubmit = form.onSubmit((values) => {
    setStatus(null);
    const parsed = schema.parse(values) as Record<string, unknown>;
    void write.submit(SETTINGS_SAVE, { [section]: list ? parsed[list] : parsed });
  });
  return { form, onSubmit, status, saving };
}

function SectionBox({
  title,
  label,
  children,
  onSubmit,
  status,
  saving,
}: {
  title: string;
  label: string;
  children: ReactNode;
  onSubmit: (event?: React.FormEvent<HTMLFormElement>) => void;
  status: SaveResult;
  saving: boolean;
}) {
  return (
    <Paper withBorder p="sm">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="xs">
          <Title order={2} fz="md">
            {title}
          </Title>
          {children}
          <Group gap="sm">
            <SubmitButton size="xs" loading={saving}>
              Сохранить
            </SubmitButton>
            <SaveStatus status={status} />
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

export function ContactsForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm('shop', shopContactsSchema, settings.shop);
  return (
    <SectionBox title="Магазин" label="Магазин" {...box}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        <TextInput size="xs" label="Название" {...form.getInputProps('name')} />
        <TextInput size="xs" label="Телефон" {...form.getInputProps('phone')} />
        <TextInput size="xs" label="E-mail" {...form.getInputProps('email')} />
        <TextInput size="xs" label="Часы работы" {...form.getInputProps('work_hours')} />
      </SimpleGrid>
      <TextInput size="xs" label="Адрес" {...form.getInputProps('address')} />
    </SectionBox>
  );
}

export function RequisitesForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm('requisites', requisitesSchema, settings.requisites);
  const field = (name: keyof AdminSettingsView['requisites'], label: string, extra: object = {}) => (
    <TextInput size="xs" label={label} {...extra} {...form.getInputProps(name)} />
  );
  return (
    <SectionBox title="Реквизиты продавца (в счетах)" label="Реквизиты" {...box}>
      {field('name', 'Продавец')}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing="xs">
        {field('inn', 'ИНН', { inputMode: 'numeric', 'data-testid': 'requisites-inn' })}
        {field('kpp', 'КПП', { inputMode: 'numeric' })}
        {field('bik', 'БИК', { inputMode: 'numeric' })}
      </SimpleGrid>
      {field('address', 'Юридический адрес')}
      {field('bank_name', 'Банк')}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
        {field('settlement_account', 'Расчётный счёт', { inputMode: 'numeric' })}
        {field('correspondent_account', 'Корреспондентский счёт', { inputMode: 'numeric' })}
      </SimpleGrid>
    </SectionBox>
  );
}

const NO_VAT = 'none';

export function VatForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm('vat', vatSchema, settings.vat);
  const value = form.getValues().rate as number | null;
  return (
    <SectionBox title="НДС" label="НДС" {...box}>
      <NativeSelect
        size="xs"
        w={220}
        label="Ставка НДС в счетах"
        data={[
          { value: NO_VAT, label: 'Без налога (НДС)' },
          ...VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` })),
        ]}
        value={value === null ? NO_VAT : String(value)}
        onChange={(event) =>
          form.setFieldValue('rate', event.currentTarget.value === NO_VAT ? null : Number(event.currentTarget.value))
        }
        error={form.errors.rate}
      />
    </SectionBox>
  );
}

/** Kopecks as the owner reads and types them: «350,00». */
const roublesText = (kopecks: number) => `${Math.trunc(kopecks / 100)},${String(kopecks % 100).padStart(2, '0')}`;
/** «350», «350,5», «350.50» → 35050 kopecks; NaN when it is not an amount (the schema then says so). */
function kopecksOf(text: string): number {
  const match = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const deliveryListSchema = z.object({ methods: deliveryMethodsSchema });

export function DeliveryForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm(
    'delivery_methods',
    deliveryListSchema,
    { methods: settings.delivery_methods },
    'methods',
  );
  const [prices, setPrices] = useState(() =>
    settings.delivery_methods.map((method) => roublesText(method.price_kopecks)),
  );
  const methods = form.getValues().methods as AdminSettingsView['delivery_methods'];
  const add = () => {
    const id = Math.max(0, ...methods.map((method) => method.id)) + 1;
    form.insertListItem('methods', { id, name: '', price_kopecks: 0, description: '', needs_address: true });
    setPrices((current) => [...current, '0,00']);
  };
  return (
    <SectionBox title="Способы доставки" label="Способы доставки" {...box}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={4} fz="sm" data-testid="delivery-methods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>№</Table.Th>
              <Table.Th>Название</Table.Th>
              <Table.Th w={120}>Цена, ₽</Table.Th>
              <Table.Th>Описание</Table.Th>
              <Table.Th w={90}>Нужен адрес</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.map((method, index) => (
              <Table.Tr key={method.id}>
                <Table.Td>{method.id}</Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label="Название" {...form.getInputProps(`methods.${index}.name`)} />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label="Цена, ₽"
                    inputMode="decimal"
                    value={prices[index] ?? ''}
                    error={form.errors[`methods.${index}.price_kopecks`]}
                    onChange={(event) => {
                      const text = event.currentTarget.value;
                      setPrices((current) => current.map((price, at) => (at === index ? text : price)));
                      form.setFieldValue(`methods.${index}.price_kopecks`, kopecksOf(text));
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput size="xs" aria-label="Описание" {...form.getInputProps(`methods.${index}.description`)} />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label="Нужен адрес"
                    {...form.getInputProps(`methods.${index}.needs_address`, { type: 'checkbox' })}
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Удалить способ ${method.name}`}
                    onClick={() => {
                      form.removeListItem('methods', index);
                      setPrices((current) => current.filter((_, at) => at !== index));
                    }}
                  >
                    ✕
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {typeof form.errors.methods === 'string' && (
        <Text size="sm" c="red.8">
          {form.errors.methods}
        </Text>
      )}
      <Group>
        <Button size="xs" variant="default" onClick={add}>
          Добавить способ
        </Button>
      </Group>
    </SectionBox>
  );
}

export function StaffEmailForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm('staff_notification', staffNotificationSchema, {
    email: settings.staff_notification.email,
  });
  const fallback = settings.staff_notification.fallback_email;
  return (
    <SectionBox title="Уведомления сотрудникам" label="Уведомления сотрудникам" {...box}>
      <TextInput
        size="xs"
        maw={420}
        label="E-mail для писем о новых заказах"
        description={
          fallback
            ? `Пусто — письма идут на ${fallback} (${settings.staff_notification.fallback_source === 'env' ? 'переменная STAFF_NOTIFICATION_EMAIL' : 'адрес владельца'})`
            : 'Пусто — письма о заказах не отправляются: в магазине нет владельца'
        }
        value={(form.getValues().email as string | null) ?? ''}
        onChange={(event) => form.setFieldValue('email', event.currentTarget.value.trim() || null)}
        error={form.errors.email}
      />
    </SectionBox>
  );
}

/** Days off as the owner reads them: «dd.mm.yyyy», one line a year. */
function holidaysText(days: readonly string[]): string {
  const byYear = new Map<string, string[]>();
  for (const day of days) {
    const [year = '', month, date] = day.split('-');
    byYear.set(year, [...(byYear.get(year) ?? []), `${date}.${month}.${year}`]);
  }
  return [...byYear.values()].map((line) => line.join(', ')).join('\n');
}

/** «7.1.2027», «07.01.2027» → '2027-01-07'; anything else stays as typed, for the schema to refuse by its place. */
function holidayDays(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((token) => {
      const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(token);
      return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : token;
    });
}

export function CalendarForm({ settings }: { settings: AdminSettingsView }) {
  const { form, ...box } = useSectionForm('delivery_calendar', workingCalendarSchema, settings.delivery_calendar);
  const [holidays, setHolidays] = useState(() => holidaysText(settings.delivery_calendar.holidays));
  const values = form.getValues() as AdminSettingsView['delivery_calendar'];
  const typed = holidays.split(/[\s,;]+/).filter(Boolean);
  const wrongDay = Object.keys(form.errors)
    .map((key) => /^holidays\.(\d+)$/.exec(key)?.[1])
    .find((index) => index !== undefined);
  const holidaysError =
    wrongDay !== undefined
      ? `«${typed[Number(wrongDay)] ?? ''}» — не дата: пишите ДД.ММ.ГГГГ, например 07.01.2027`
      : form.errors.holidays;
  return (
    <SectionBox title="Рабочий календарь (сроки поставки)" label="Рабочий календарь" {...box}>
      <Text size="xs" c="gray.7">
        Сроки поставки считаются в рабочих днях этого календаря: покупатель видит «сегодня», «завтра» или «к 28 ноября»
        рядом со сроком.
      </Text>
      <Checkbox.Group
        size="xs"
        label="Рабочие дни недели"
        value={values.working_weekdays.map(String)}
        onChange={(days) => form.setFieldValue('working_weekdays', days.map(Number))}
        error={form.errors.working_weekdays}
      >
        <Group gap="sm" mt={4}>
          {WEEKDAYS.map((weekday) => (
            <Checkbox key={weekday} value={String(weekday)} label={WEEKDAY_SHORT_NAMES[weekday - 1]} />
          ))}
        </Group>
      </Checkbox.Group>
      <TextInput
        size="xs"
        maw={420}
        label="Заказы принимаются сегодняшним днём до"
        description="чч:мм по времени магазина; позже — со следующего рабочего дня. Пусто — до конца дня"
        placeholder="18:00"
        inputMode="numeric"
        value={values.orders_until ?? ''}
        onChange={(event) => form.setFieldValue('orders_until', event.currentTarget.value.trim() || null)}
        error={form.errors.orders_until}
      />
      <Textarea
        size="xs"
        label="Праздники и другие нерабочие дни"
        description="ДД.ММ.ГГГГ через запятую или с новой строки; перенесённые выходные тоже"
        autosize
        minRows={2}
        maxRows={8}
        value={holidays}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setHolidays(text);
          form.setFieldValue('holidays', holidayDays(text));
        }}
        error={holidaysError}
      />
    </SectionBox>
  );
}
