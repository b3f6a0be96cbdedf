import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useFetcher } from 'react-router';
import {
  FETCH_OUTCOME_NAMES,
  FETCH_TRIGGER_NAMES,
  STALE_POLICY_NAMES,
  formatDateTime,
  formatFileSize,
  sourceUrlProblem,
  type SupplierFetch,
  type SupplierSource,
} from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import type { SourceActionResult } from './source-actions.ts';

/**
 * A supplier's price-list source: address, basic authentication, schedule, what to do with a stale list, import
 * options; «Загрузить сейчас»; the fetch history. Writes go to the route's clientAction (source-actions.ts), which
 * the embedding page passes on. Decision: docs/decisions/0025.
 */
export interface SupplierSourcePanelProps {
  supplier: { id: number; name: string };
  source: SupplierSource | null;
  fetches: readonly SupplierFetch[];
}

const when = (value: string | null) => (value ? formatDateTime(value) : '—');

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="gray.7">
        {label}
      </Text>
      <Text fz="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function SourceStatus({ source }: { source: SupplierSource }) {
  return (
    <Paper withBorder p="sm" data-testid="source-status">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
        <Fact label="Последняя проверка">{when(source.last_checked_at)}</Fact>
        <Fact label="Последняя загрузка">{when(source.last_successful_import_at)}</Fact>
        <Fact label="Следующая проверка">{source.fetching ? 'идёт сейчас' : when(source.next_fetch_at)}</Fact>
        <Fact label="Ошибок подряд">
          <Text span fz="sm" c={source.consecutive_failures > 0 ? 'red.8' : undefined} fw={700}>
            {source.consecutive_failures}
          </Text>
        </Fact>
        <Fact label="Состояние прайса">
          {source.stale_since ? (
            <Tooltip
              label={`Устарел с ${when(source.stale_since)}: ${STALE_POLICY_NAMES[source.stale_policy].toLowerCase()}`}
            >
              <Badge color="orange" data-testid="source-stale">
                Прайс устарел
              </Badge>
            </Tooltip>
          ) : (
            <Badge color="green" variant="light">
              Актуален
            </Badge>
          )}
        </Fact>
        <Fact label="Пароль">{source.auth_password_set ? 'задан' : 'не задан'}</Fact>
      </SimpleGrid>
    </Paper>
  );
}

function SourceForm({ supplierId, source }: { supplierId: number; source: SupplierSource | null }) {
  const fetcher = useFetcher<SourceActionResult>();
  const result = fetcher.data?.intent === 'save' ? fetcher.data : null;
  const [url, setUrl] = useState(source?.url ?? '');
  const [urlTouched, setUrlTouched] = useState(false);
  const [mode, setMode] = useState<'every' | 'times'>(source?.times ? 'times' : 'every');
  const [authUser, setAuthUser] = useState(source?.auth_user ?? '');
  const urlError = (urlTouched || result?.errors ? sourceUrlProblem(url) : null) ?? result?.errors?.url;
  const options = source?.import_options ?? {};
  return (
    <fetcher.Form method="post" aria-label="Источник прайса" noValidate data-supplier={supplierId}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="schedule" value={mode} />
      <Stack gap="sm">
        <TextInput
          label="Адрес прайс-листа (HTTP или HTTPS)"
          name="url"
          placeholder="https://supplier.ru/price.csv"
          value={url}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setUrlTouched(true);
          }}
          error={urlError}
          required
          inputMode="url"
          autoComplete="off"
        />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Логин (basic-авторизация)"
            name="auth_user"
            value={authUser}
            onChange={(event) => setAuthUser(event.currentTarget.value)}
            autoComplete="off"
            w={240}
          />
          <PasswordInput
            label="Пароль"
            name="auth_password"
            placeholder={source?.auth_password_set ? 'задан' : ''}
            description={source?.auth_password_set ? 'Оставьте пустым, чтобы не менять' : undefined}
            autoComplete="new-password"
            disabled={authUser.trim() === ''}
            w={240}
          />
          {source?.auth_password_set && <Checkbox name="clear_password" label="Удалить пароль" mt={30} size="xs" />}
        </Group>
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            Расписание
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <SegmentedControl
              value={mode}
              onChange={(value) => setMode(value === 'times' ? 'times' : 'every')}
              data={[
                { value: 'every', label: 'Каждые N часов' },
                { value: 'times', label: 'В заданное время' },
              ]}
              aria-label="Расписание"
            />
            {mode === 'every' ? (
              <TextInput
                aria-label="Каждые, часов"
                name="every_hours"
                defaultValue={String(source?.every_hours ?? 6)}
                inputMode="numeric"
                rightSection={<Text fz="xs">ч</Text>}
                error={result?.errors?.every_hours}
                w={110}
              />
            ) : (
              <TextInput
                aria-label="Время загрузки"
                name="times"
                defaultValue={(source?.times ?? ['06:00']).join(', ')}
                placeholder="06:00, 18:00"
                description="Время магазина, через запятую"
                error={result?.errors?.times}
                w={220}
              />
            )}
          </Group>
        </Stack>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Когда прайс устарел"
            name="stale_policy"
            defaultValue={source?.stale_policy ?? 'warn'}
            data={[
              { value: 'warn', label: STALE_POLICY_NAMES.warn },
              { value: 'hide', label: STALE_POLICY_NAMES.hide },
            ]}
            w={300}
          />
          <TextInput
            label="Устаревает через, дн."
            name="max_age_days"
            defaultValue={source?.max_age_days === null || !source ? '3' : String(source.max_age_days)}
            description="Пусто — не устаревает"
            inputMode="numeric"
            error={result?.errors?.max_age_days}
            w={220}
          />
        </Group>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NativeSelect
            label="Разделитель"
            name="delimiter"
            defaultValue={options.delimiter ?? ''}
            data={[
              { value: '', label: 'определить' },
              { value: ';', label: 'точка с запятой' },
              { value: ',', label: 'запятая' },
              { value: 'tab', label: 'табуляция' },
            ]}
            w={170}
          />
          <NativeSelect
            label="Кодировка"
            name="encoding"
            defaultValue={options.encoding ?? ''}
            data={[
              { value: '', label: 'определить' },
              { value: 'utf8', label: 'UTF-8' },
              { value: 'cp1251', label: 'Windows-1251' },
            ]}
            w={160}
          />
          <TextInput
            label="Столбцы"
            name="columns"
            defaultValue={options.columns ?? ''}
            placeholder="из заголовка"
            description="article,brand,description,price,quantity"
            w={300}
          />
          <TextInput
            label="Срок по умолчанию, дн."
            name="default_delivery"
            defaultValue={options.default_delivery === undefined ? '' : String(options.default_delivery)}
            inputMode="numeric"
            error={result?.errors?.default_delivery}
            w={220}
          />
        </Group>
        <Checkbox
          name="allow_mass_removal"
          label={`Загружать прайс, даже если он уберёт больше половины предложений поставщика (иначе такой прайс не загружается, а сотрудникам приходит письмо)`}
          defaultChecked={options.allow_mass_removal === true}
        />
        <Group gap="sm">
          <SubmitButton
            loading={fetcher.state !== 'idle'}
            {...(sourceUrlProblem(url) !== null ? { disabled: true } : {})}
          >
            Сохранить
          </SubmitButton>
          {result?.message && (
            <Text fz="sm" c="teal.9" role="status">
              {result.message}
            </Text>
          )}
          {result?.error && (
            <Text fz="sm" c="red.8" role="alert">
              {result.error}
            </Text>
          )}
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function SourceButtons({ source }: { source: SupplierSource }) {
  const fetchNow = useFetcher<SourceActionResult>();
  const remove = useFetcher<SourceActionResult>();
  const outcome = fetchNow.data ?? remove.data;
  return (
    <Group gap="sm" wrap="wrap">
      <fetchNow.Form method="post">
        <input type="hidden" name="intent" value="fetch-now" />
        <SubmitButton
          variant="light"
          loading={fetchNow.state !== 'idle'}
          {...(source.fetching ? { disabled: true } : {})}
        >
          Загрузить сейчас
        </SubmitButton>
      </fetchNow.Form>
      <remove.Form
        method="post"
        onSubmit={(event) => {
          if (!window.confirm('Удалить источник? Автоматическая загрузка прекратится, предложения останутся.')) {
            event.preventDefault();
          }
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="subtle" color="red" loading={remove.state !== 'idle'}>
          Удалить источник
        </Button>
      </remove.Form>
      {outcome?.message && (
        <Text fz="sm" c="teal.9" role="status">
          {outcome.message}
        </Text>
      )}
      {outcome?.error && (
        <Text fz="sm" c="red.8" role="alert">
          {outcome.error}
        </Text>
      )}
    </Group>
  );
}

export function FetchHistory({ fetches }: { fetches: readonly SupplierFetch[] }) {
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="source-fetches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Начало</Table.Th>
            <Table.Th>Запуск</Table.Th>
            <Table.Th>Итог</Table.Th>
            <Table.Th ta="right">HTTP</Table.Th>
            <Table.Th ta="right">Размер</Table.Th>
            <Table.Th ta="right">Загружено</Table.Th>
            <Table.Th ta="right">Отклонено</Table.Th>
            <Table.Th>Ошибка</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fetches.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8} c="gray.7">
                Загрузок ещё не было
              </Table.Td>
            </Table.Tr>
          )}
          {fetches.map((fetch) => (
            <Table.Tr key={fetch.id} data-outcome={fetch.outcome}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(fetch.started_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{FETCH_TRIGGER_NAMES[fetch.trigger]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge
                  style={{ overflow: 'visible' }}
                  variant="light"
                  color={fetch.outcome === 'failed' ? 'red' : fetch.outcome === 'imported' ? 'green' : 'gray'}
                >
                  {FETCH_OUTCOME_NAMES[fetch.outcome]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{fetch.http_status ?? '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {fetch.bytes === null ? '—' : formatFileSize(fetch.bytes)}
              </Table.Td>
              <Table.Td ta="right">{fetch.rows_loaded ?? '—'}</Table.Td>
              <Table.Td ta="right">{fetch.rows_refused ?? '—'}</Table.Td>
              <Table.Td c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {fetch.error ?? ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SupplierSourcePanel({ supplier, source, fetches }: SupplierSourcePanelProps) {
  return (
    <Stack gap="md" data-testid="supplier-source-panel">
      <Title order={2} fz="lg">
        Автоматическая загрузка прайса
      </Title>
      {!source && (
        <Alert color="gray">
          Источник не задан: прайс «{supplier.name}» загружается только вручную. Укажите адрес файла, и магазин будет
          скачивать его по расписанию.
        </Alert>
      )}
      {source && <SourceStatus source={source} />}
      {source && <SourceButtons source={source} />}
      <SourceForm key={supplier.id} supplierId={supplier.id} source={source} />
      <Stack gap={4}>
        <Title order={3} fz="md">
          История загрузок
        </Title>
        <FetchHistory fetches={fetches} />
      </Stack>
    </Stack>
  );
}
