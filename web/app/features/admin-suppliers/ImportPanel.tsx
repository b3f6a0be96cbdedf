import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useFetcher, useRevalidator } from 'react-router';
import {
  IMPORT_SOURCE_LABELS,
  IMPORT_STATUS_LABELS,
  formatDateTime,
  formatFileSize,
  pluralRu,
  type ImportKind,
  type ImportStatus,
  type SupplierImport,
} from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import type { SupplierActionResult } from './supplier-actions.ts';

/**
 * Uploading a price list or cross-references: a drop zone (or a file picker), the running import's live
 * progress (the page's data is revalidated every second while an import is queued or running, so it survives a
 * reload), cancel, and the history with each import's report of refused rows.
 */

const STATUS_COLORS: Record<ImportStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
  awaiting_confirmation: 'yellow',
};

const number = (value: number) => value.toLocaleString('ru-RU');

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]}>
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

export const isOpen = (item: SupplierImport) => item.status === 'queued' || item.status === 'running';

/** Revalidates the page every second while `active`. */
export function usePolling(active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (latest.current.state === 'idle') void latest.current.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active]);
}

async function downloadReport(id: number) {
  await download('api:admin/import-report', { id }, `import-${id}-rejected.csv`);
}

export function ReportButton({ item }: { item: SupplierImport }) {
  if (!item.has_report) return null;
  return (
    <Button size="compact-xs" variant="subtle" onClick={() => void downloadReport(item.id)}>
      Отчёт ({number(item.rows_refused)})
    </Button>
  );
}

export function ImportDropzone({ kind, supplierId }: { kind: ImportKind; supplierId?: number }) {
  const fetcher = useFetcher<SupplierActionResult>();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const result = fetcher.data?.intent === 'upload' ? fetcher.data : null;
  const send = (file: File) => {
    const data = new FormData();
    data.set('intent', 'upload');
    data.set('kind', kind);
    if (supplierId) data.set('supplier_id', String(supplierId));
    data.set('file', file);
    void fetcher.submit(data, { method: 'post', encType: 'multipart/form-data' });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) send(file);
  };
  const busy = fetcher.state !== 'idle';
  return (
    <Stack gap={4}>
      <Paper
        withBorder
        p="md"
        role="button"
        tabIndex={0}
        data-testid="import-dropzone"
        style={{
          borderStyle: 'dashed',
          cursor: 'pointer',
          background: over ? 'var(--mantine-color-blue-0)' : undefined,
        }}
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') input.current?.click();
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Text size="sm" ta="center">
          {busy ? 'Файл отправляется…' : 'Перетащите сюда файл CSV или XLSX (до 200 МБ) или нажмите, чтобы выбрать'}
        </Text>
        <input
          ref={input}
          type="file"
          name="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid="import-file"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) send(file);
            event.currentTarget.value = '';
          }}
        />
      </Paper>
      {result?.error && (
        <Alert color="red" p="xs" role="alert">
          {result.error}
        </Alert>
      )}
    </Stack>
  );
}

/** The running (or queued) import: its live progress and the cancel button. */
export function ImportProgressCard({ item }: { item: SupplierImport }) {
  const fetcher = useFetcher<SupplierActionResult>();
  const share = item.file_bytes > 0 ? Math.min(100, (item.bytes_read / item.file_bytes) * 100) : 0;
  return (
    <Paper withBorder p="xs" data-testid="import-progress">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {item.file_name} · {formatFileSize(item.file_bytes)}
          </Text>
          <ImportStatusBadge status={item.status} />
        </Group>
        <Progress value={item.status === 'queued' ? 0 : share} animated={item.status === 'running'} size="sm" />
        <Group gap="md">
          <Text size="sm">Прочитано строк: {number(item.rows_read)}</Text>
          <Text size="sm">{number(item.rows_per_second)} строк/с</Text>
          <Text size="sm">Отклонено: {number(item.rows_refused)}</Text>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={item.id} />
            <Button
              type="submit"
              size="compact-xs"
              variant="light"
              color="red"
              disabled={item.cancel_requested}
              loading={fetcher.state !== 'idle'}
            >
              {item.cancel_requested ? 'Отменяется…' : 'Отменить'}
            </Button>
          </fetcher.Form>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * A list that would remove most of the supplier's offers: the import stopped before replacing them and asks.
 * «Заменить прайс» queues it again without the check; «Отменить» drops it, and the offers stay as they are.
 */
export function RemovalQuestion({ item }: { item: SupplierImport }) {
  const fetcher = useFetcher<SupplierActionResult>();
  const removal = item.removal;
  if (!removal) return null;
  const busy = fetcher.state !== 'idle';
  const error = fetcher.data?.intent === 'confirm' || fetcher.data?.intent === 'cancel' ? fetcher.data.error : null;
  return (
    <Alert color="yellow" p="xs" title="Прайс уберёт большую часть предложений" data-testid="removal-question">
      <Stack gap={6}>
        <Text size="sm">
          В файле «{item.file_name}» {number(removal.loaded)} {pluralRu(removal.loaded, 'строка', 'строки', 'строк')}:
          он уберёт {number(removal.removed)} из {number(removal.offers)} предложений поставщика. Загрузка остановлена
          до вашего решения, предложения пока не изменены.
        </Text>
        <Group gap="xs">
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" size="xs" color="red" loading={busy}>
              Заменить прайс
            </Button>
          </fetcher.Form>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="id" value={item.id} />
            <Button
              type="submit"
              size="xs"
              variant="default"
              disabled={busy}
              styles={{ root: { height: 'auto', minHeight: 30 }, label: { whiteSpace: 'normal' } }}
            >
              Отменить, оставить прежний
            </Button>
          </fetcher.Form>
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** The history of imports, newest first. */
export function ImportsTable({ imports }: { imports: SupplierImport[] }) {
  if (imports.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Загрузок ещё не было
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} data-testid="imports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>№</Table.Th>
            <Table.Th>Начата</Table.Th>
            <Table.Th>Источник</Table.Th>
            <Table.Th>Файл</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th ta="right">Прочитано</Table.Th>
            <Table.Th ta="right">Загружено</Table.Th>
            <Table.Th ta="right">Отклонено</Table.Th>
            <Table.Th>Сотрудник</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imports.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.id}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.started_at ?? item.queued_at)}</Table.Td>
              <Table.Td>{IMPORT_SOURCE_LABELS[item.source]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.file_name}</Table.Td>
              <Table.Td miw={170}>
                <ImportStatusBadge status={item.status} />
                {item.error && (
                  <Text size="xs" c="red.8">
                    {item.error}
                  </Text>
                )}
                {item.removal && !item.error && (
                  <Text size="xs" c="gray.7">
                    убрал бы {number(item.removal.removed)} из {number(item.removal.offers)} предложений
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{number(item.rows_read)}</Table.Td>
              <Table.Td ta="right">{item.rows_loaded === null ? '—' : number(item.rows_loaded)}</Table.Td>
              <Table.Td ta="right">{number(item.rows_refused)}</Table.Td>
              <Table.Td>{item.staff_name ?? '—'}</Table.Td>
              <Table.Td>
                <ReportButton item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Upload, the open imports' progress and the history, with polling while one is open. */
export function ImportSection({
  kind,
  supplierId,
  imports,
}: {
  kind: ImportKind;
  supplierId?: number;
  imports: SupplierImport[];
}) {
  const open = imports.filter(isOpen);
  usePolling(open.length > 0);
  return (
    <Stack gap="xs">
      <ImportDropzone kind={kind} supplierId={supplierId} />
      {imports
        .filter((item) => item.status === 'awaiting_confirmation')
        .map((item) => (
          <RemovalQuestion key={item.id} item={item} />
        ))}
      {open.map((item) => (
        <ImportProgressCard key={item.id} item={item} />
      ))}
      <Text fw={600} fz="sm">
        История загрузок
      </Text>
      <ImportsTable imports={imports} />
    </Stack>
  );
}
