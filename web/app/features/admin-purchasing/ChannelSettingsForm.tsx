import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  CONFIRMATION_FILE_FIELD_LABELS,
  ORDER_FILE_FIELD_LABELS,
  SUPPLIER_ORDER_CHANNEL_NAMES,
  SUPPLIER_ORDER_CHANNELS,
  type SupplierOrderChannel,
  type SupplierOrderChannelSettings,
} from '@detal/contract';
import { formatDateTime } from '@detal/contract/browser';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';

type Template = SupplierOrderChannelSettings['order_template'];

/** «Артикул; Бренд; Количество» — a template's columns as typed: each a field's key or Russian name, `=` a header. */
const columnsText = (
  template: { columns: { field: string; header: string | null }[] },
  labels: Record<string, string>,
) =>
  template.columns
    .map((column) => `${labels[column.field] ?? column.field}${column.header ? ` = ${column.header}` : ''}`)
    .join('; ');

const columnsOf = (text: string) =>
  text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [field, ...header] = part.split('=');
      return { field: field!.trim(), header: header.join('=').trim() || null };
    });

function TemplateFields({
  title,
  template,
  labels,
  value,
  onChange,
  errors,
  prefix,
}: {
  title: string;
  template: Template | SupplierOrderChannelSettings['confirmation_template'];
  labels: Record<string, string>;
  value: TemplateDraft;
  onChange: (next: TemplateDraft) => void;
  errors: Record<string, string>;
  prefix: string;
}) {
  const columnsError = Object.entries(errors).find(([key]) => key.startsWith(`${prefix}.columns`))?.[1];
  return (
    <Paper withBorder p="xs">
      <Text fw={600} fz="sm" mb={4}>
        {title}
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Формат"
          size="xs"
          w={100}
          data={['xlsx', 'csv']}
          value={value.format}
          onChange={(event) => onChange({ ...value, format: event.currentTarget.value as Template['format'] })}
        />
        <NativeSelect
          label="Кодировка CSV"
          size="xs"
          w={120}
          data={[
            { value: 'utf8', label: 'UTF-8' },
            { value: 'cp1251', label: 'Windows-1251' },
          ]}
          value={value.encoding}
          onChange={(event) => onChange({ ...value, encoding: event.currentTarget.value as Template['encoding'] })}
        />
        <NativeSelect
          label="Разделитель CSV"
          size="xs"
          w={120}
          data={[
            { value: ';', label: '«;»' },
            { value: ',', label: '«,»' },
            { value: 'tab', label: 'табуляция' },
          ]}
          value={value.delimiter}
          onChange={(event) => onChange({ ...value, delimiter: event.currentTarget.value as Template['delimiter'] })}
        />
        <Checkbox
          label="Строка заголовка"
          size="xs"
          mb={6}
          checked={value.header_row}
          onChange={() => onChange({ ...value, header_row: !value.header_row })}
        />
      </Group>
      <Textarea
        mt="xs"
        label="Столбцы по порядку, через «;» (заголовок в файле — после «=»)"
        description={`Есть: ${Object.values(labels).join(', ')}`}
        size="xs"
        autosize
        minRows={2}
        value={value.columns}
        error={columnsError}
        onChange={(event) => onChange({ ...value, columns: event.currentTarget.value })}
      />
      <Text fz={10} c="gray.7" mt={2}>
        Сейчас: {columnsText(template, labels)}
      </Text>
    </Paper>
  );
}

interface TemplateDraft {
  format: Template['format'];
  encoding: Template['encoding'];
  delimiter: Template['delimiter'];
  header_row: boolean;
  columns: string;
}

const draftOf = (
  template: Template | SupplierOrderChannelSettings['confirmation_template'],
  labels: Record<string, string>,
): TemplateDraft => ({
  format: template.format,
  encoding: template.encoding,
  delimiter: template.delimiter,
  header_row: template.header_row,
  columns: columnsText(template, labels),
});

const templateOf = (draft: TemplateDraft) => ({
  format: draft.format,
  encoding: draft.encoding,
  delimiter: draft.delimiter,
  header_row: draft.header_row,
  columns: columnsOf(draft.columns),
});

/**
 * How the shop orders from one supplier (issue 29, point 2; decision 0050): the channel (by hand, a file, an e-mail
 * with the file, the supplier's API), the order file's and the confirmation file's templates, kept with the supplier
 * as its import profile is, and the API's address, login and password (shown back only as «задан»). «Проверить
 * подключение» calls the supplier's API with what is saved.
 */
export function ChannelSettingsForm({ settings }: { settings: SupplierOrderChannelSettings }) {
  const [channel, setChannel] = useState<SupplierOrderChannel>(settings.channel);
  const [email, setEmail] = useState(settings.order_email ?? '');
  const [order, setOrder] = useState(draftOf(settings.order_template, ORDER_FILE_FIELD_LABELS));
  const [confirmation, setConfirmation] = useState(
    draftOf(settings.confirmation_template, CONFIRMATION_FILE_FIELD_LABELS),
  );
  const api = settings.api;
  const [baseUrl, setBaseUrl] = useState(api?.base_url ?? '');
  const [login, setLogin] = useState(api?.login ?? '');
  const [password, setPassword] = useState('');
  const [payment, setPayment] = useState(api?.payment_method_id ?? '');
  const [shipment, setShipment] = useState(api?.shipment_method_id ?? '');
  const [result, setResult] = useState<JsonWriteResult | null>(null);
  // Named: the page remounts the form with the saved settings, and the answer outlives it.
  const write = useJsonWrite(setResult, 'channel-settings');
  const fields = result && !result.ok ? result.fields : {};

  const save = () =>
    void write.submit('channel-save', {
      supplier_id: settings.supplier_id,
      channel,
      order_email: email.trim() || null,
      order_template: templateOf(order),
      confirmation_template: templateOf(confirmation),
      api:
        channel === 'api'
          ? {
              kind: 'abcp',
              base_url: baseUrl.trim(),
              login: login.trim(),
              // Absent keeps the saved password; typed, it replaces it.
              ...(password ? { password } : {}),
              payment_method_id: payment.trim(),
              shipment_method_id: shipment.trim() || null,
              shipment_address_id: api?.shipment_address_id ?? null,
              shipment_office_id: api?.shipment_office_id ?? null,
              use_online_stocks: api?.use_online_stocks ?? true,
            }
          : null,
      status_map: Object.keys(settings.status_map).length > 0 ? settings.status_map : null,
    });

  const tested =
    result?.ok && result.intent === 'channel-test'
      ? (result.value as { result: { ok: boolean; message: string } }).result
      : null;
  return (
    <Stack gap="sm">
      <Paper withBorder p="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Как заказываем"
            size="xs"
            w={180}
            data={SUPPLIER_ORDER_CHANNELS.map((value) => ({ value, label: SUPPLIER_ORDER_CHANNEL_NAMES[value] }))}
            value={channel}
            onChange={(event) => setChannel(event.currentTarget.value as SupplierOrderChannel)}
          />
          <TextInput
            label="E-mail для заказов"
            type="email"
            size="xs"
            w={260}
            value={email}
            error={fields.order_email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
        </Group>
      </Paper>
      <TemplateFields
        title="Файл заказа"
        template={settings.order_template}
        labels={ORDER_FILE_FIELD_LABELS}
        value={order}
        onChange={setOrder}
        errors={fields}
        prefix="order_template"
      />
      <TemplateFields
        title="Файл подтверждения от поставщика"
        template={settings.confirmation_template}
        labels={CONFIRMATION_FILE_FIELD_LABELS}
        value={confirmation}
        onChange={setConfirmation}
        errors={fields}
        prefix="confirmation_template"
      />
      {channel === 'api' && (
        <Paper withBorder p="xs">
          <Text fw={600} fz="sm" mb={4}>
            API поставщика (сайт на платформе ABCP)
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label="Адрес API"
              placeholder="https://id1234.public.api.abcp.ru"
              size="xs"
              w={300}
              value={baseUrl}
              error={fields['api.base_url']}
              onChange={(event) => setBaseUrl(event.currentTarget.value)}
            />
            <TextInput
              label="Логин"
              size="xs"
              w={160}
              value={login}
              error={fields['api.login']}
              onChange={(event) => setLogin(event.currentTarget.value)}
            />
            <PasswordInput
              label={api?.password_set ? 'Пароль (задан; новый заменит)' : 'Пароль'}
              size="xs"
              w={220}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <TextInput
              label="Способ оплаты (id)"
              size="xs"
              w={140}
              value={payment}
              error={fields['api.payment_method_id']}
              onChange={(event) => setPayment(event.currentTarget.value)}
            />
            <TextInput
              label="Способ доставки (id)"
              size="xs"
              w={140}
              value={shipment}
              onChange={(event) => setShipment(event.currentTarget.value)}
            />
          </Group>
          {settings.last_error && (
            <Alert color="orange" p="xs" mt="xs" title="Последняя ошибка API">
              {settings.last_error}
              {settings.last_error_at ? ` (${formatDateTime(settings.last_error_at)})` : ''}
              {settings.failures > 1 ? ` · подряд: ${settings.failures}` : ''}
            </Alert>
          )}
          <Text fz={10} c="gray.7" mt={4}>
            Опрос состояний: {settings.last_polled_at ? formatDateTime(settings.last_polled_at) : 'ещё не было'}
            {settings.next_poll_at ? ` · следующий ${formatDateTime(settings.next_poll_at)}` : ''}
          </Text>
        </Paper>
      )}
      {result && !result.ok && (
        <Alert color="red" p="xs" role="alert" data-testid="channel-error">
          {result.message}
          {Object.values(fields).length > 0 ? `: ${Object.values(fields).join('; ')}` : ''}
        </Alert>
      )}
      {result?.ok && result.intent === 'channel-save' && (
        <Alert color="green" p="xs" role="status" data-testid="channel-saved">
          Сохранено
        </Alert>
      )}
      {tested && (
        <Alert color={tested.ok ? 'green' : 'orange'} p="xs" role="status">
          {tested.message}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="sm" onClick={save} loading={write.saving}>
          Сохранить
        </Button>
        {settings.api && (
          <Button
            size="sm"
            variant="default"
            onClick={() => void write.submit('channel-test', { supplier_id: settings.supplier_id })}
          >
            Проверить подключение
          </Button>
        )}
      </Group>
    </Stack>
  );
}
