import { useEffect, useState } from 'react';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useFetcher } from 'react-router';
import type { Payer } from '@detal/contract';

import type { ClientActionResult } from './client-actions.ts';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';

/**
 * The client card's payers (issue 30): the companies and sole traders the client's bills are made out to, archived
 * ones too (kept for the documents that name them). A manager corrects requisites the client mistyped; a payer an
 * order names gets a new version instead of being rewritten (the server decides and says so).
 */

function PayerForm({ clientId, payer, onClose }: { clientId: number; payer: Payer | null; onClose: () => void }) {
  const fetcher = useFetcher<ClientActionResult>();
  const [kind, setKind] = useState<string>(payer?.kind ?? 'legal_entity');
  const legal = kind === 'legal_entity';
  const result = fetcher.data;
  const errors = result?.intent === 'payer-save' ? (result.fields ?? {}) : {};
  useEffect(() => {
    if (result?.intent === 'payer-save' && result.error === null) onClose();
  }, [result, onClose]);
  return (
    <fetcher.Form method="post" noValidate aria-label={payer ? `Реквизиты: ${payer.short_name}` : 'Новый плательщик'}>
      <input type="hidden" name="intent" value="payer-save" />
      <input type="hidden" name="client_id" value={clientId} />
      {payer ? <input type="hidden" name="payer_id" value={payer.id} /> : null}
      <Stack gap="xs">
        {payer?.used ? (
          <Text fz="sm" c="gray.7">
            Плательщик указан в заказах: исправления сохранятся новой версией, документы по прежним заказам не
            изменятся.
          </Text>
        ) : null}
        <SegmentedControl
          name="kind"
          value={kind}
          onChange={setKind}
          size="xs"
          data={[
            { value: 'legal_entity', label: 'Юридическое лицо' },
            { value: 'sole_trader', label: 'ИП' },
          ]}
        />
        <TextInput
          size="xs"
          label="Полное наименование"
          name="full_name"
          defaultValue={payer?.full_name}
          error={errors.full_name}
          data-autofocus
        />
        <TextInput
          size="xs"
          label="Краткое наименование"
          name="short_name"
          defaultValue={payer?.short_name}
          error={errors.short_name}
        />
        <SimpleGrid cols={legal ? 3 : 2} spacing="xs">
          <TextInput size="xs" label="ИНН" name="inn" defaultValue={payer?.inn} error={errors.inn} />
          {legal ? (
            <TextInput size="xs" label="КПП" name="kpp" defaultValue={payer?.kpp ?? ''} error={errors.kpp} />
          ) : null}
          <TextInput
            size="xs"
            label={legal ? 'ОГРН' : 'ОГРНИП'}
            name="ogrn"
            defaultValue={payer?.ogrn}
            error={errors.ogrn}
          />
        </SimpleGrid>
        <Textarea
          size="xs"
          label="Юридический адрес"
          name="legal_address"
          autosize
          minRows={2}
          defaultValue={payer?.legal_address}
          error={errors.legal_address}
        />
        <SimpleGrid cols={2} spacing="xs">
          <TextInput size="xs" label="Банк" name="bank_name" defaultValue={payer?.bank_name} error={errors.bank_name} />
          <TextInput size="xs" label="БИК" name="bik" defaultValue={payer?.bik} error={errors.bik} />
          <TextInput
            size="xs"
            label="Расчётный счёт"
            name="settlement_account"
            defaultValue={payer?.settlement_account}
            error={errors.settlement_account}
          />
          <TextInput
            size="xs"
            label="Корр. счёт"
            name="correspondent_account"
            defaultValue={payer?.correspondent_account}
            error={errors.correspondent_account}
          />
        </SimpleGrid>
        <Switch size="xs" name="is_default" label="Основной плательщик" defaultChecked={payer?.is_default ?? false} />
        {result?.intent === 'payer-save' && result.error && Object.keys(errors).length === 0 ? (
          <Text fz="sm" c="red.8" role="alert">
            {result.error}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={onClose}>
            Отмена
          </Button>
          <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
            Сохранить
          </SubmitButton>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

function ArchiveButton({ payer }: { payer: Payer }) {
  const fetcher = useFetcher<ClientActionResult>();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="payer-archive" />
      <input type="hidden" name="payer_id" value={payer.id} />
      <SubmitButton size="compact-xs" variant="subtle" color="red" loading={fetcher.state !== 'idle'}>
        В архив
      </SubmitButton>
    </fetcher.Form>
  );
}

function statusOf(payer: Payer) {
  if (payer.archived) {
    return (
      <Text fz="sm" c="gray.7">
        В архиве
      </Text>
    );
  }
  if (payer.is_default) {
    return (
      <Text fz="sm" fw={700}>
        ✓ Основной
      </Text>
    );
  }
  return null;
}

export function PayersSection({ clientId, payers }: { clientId: number; payers: Payer[] }) {
  // null: closed; 'new'; or the payer being corrected.
  const [editing, setEditing] = useState<Payer | 'new' | null>(null);
  const close = () => setEditing(null);
  return (
    <Stack gap={4}>
      <Group gap="xs" align="baseline">
        <Text component="h2" fw={700} fz="md" m={0}>
          Плательщики
        </Text>
        <Text fz="sm" c="gray.7">
          {payers.filter((payer) => !payer.archived).length}
        </Text>
        <Button size="compact-xs" variant="light" onClick={() => setEditing('new')}>
          Добавить
        </Button>
      </Group>
      {payers.length === 0 ? (
        <Text fz="sm" c="gray.7">
          Покупает как частное лицо: плательщиков нет.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label="Плательщики клиента">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Наименование</Table.Th>
                <Table.Th>ИНН / КПП</Table.Th>
                <Table.Th>ОГРН / ОГРНИП</Table.Th>
                <Table.Th>Юридический адрес</Table.Th>
                <Table.Th>Банк</Table.Th>
                <Table.Th>Статус</Table.Th>
                <Table.Th aria-label="Действия" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payers.map((payer) => (
                <Table.Tr key={payer.id} c={payer.archived ? 'gray.6' : undefined}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {payer.short_name}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      {payer.kind_name}
                      {payer.replaces_id ? ` · новая версия №${payer.replaces_id}` : ''}
                      {payer.used ? ' · в заказах' : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {payer.kpp ? `${payer.inn} / ${payer.kpp}` : payer.inn}
                  </Table.Td>
                  <Table.Td>{payer.ogrn}</Table.Td>
                  <Table.Td style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{payer.legal_address}</Table.Td>
                  <Table.Td>
                    <Text fz="xs">{payer.bank_name}</Text>
                    <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                      БИК {payer.bik}, р/с {payer.settlement_account}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap', minWidth: 110 }}>{statusOf(payer)}</Table.Td>
                  <Table.Td>
                    {payer.archived ? null : (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-xs" variant="subtle" onClick={() => setEditing(payer)}>
                          Изменить
                        </Button>
                        <ArchiveButton payer={payer} />
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? 'Новый плательщик' : 'Реквизиты плательщика'}
        size="lg"
      >
        {editing !== null ? (
          <PayerForm clientId={clientId} payer={editing === 'new' ? null : editing} onClose={close} />
        ) : null}
      </Modal>
    </Stack>
  );
}
