import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Payer } from '@detal/contract';
import { Button, Card, Checkbox, Group, Stack, Text } from '../../ui/index.ts';
import { AccountSection } from '../clients/AccountSection.tsx';
import { SubmitButton } from '../clients/SubmitButton.tsx';
import { useAccountForm } from '../clients/account-form.ts';
import { PayerFields } from './PayerFields.tsx';
import classes from './payers.module.css';

/** «ИНН 7707083893 · КПП 773601001 · ОГРН 1027700132195»: the numbers a bill prints. */
export function payerNumbers(payer: Payer): string {
  return [
    `ИНН ${payer.inn}`,
    payer.kpp ? `КПП ${payer.kpp}` : null,
    `${payer.kind === 'sole_trader' ? 'ОГРНИП' : 'ОГРН'} ${payer.ogrn}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Adding (no payer) or correcting one: the requisites' fields and whether it becomes the default. */
function PayerForm({ payer, onDone }: { payer?: Payer; onDone: () => void }) {
  const { fetcher, errors, submitting } = useAccountForm();
  const result = fetcher.data;
  useEffect(() => {
    if (result?.done) onDone();
  }, [result, onDone]);
  return (
    <fetcher.Form method="post" noValidate aria-label={payer ? `Изменить: ${payer.short_name}` : 'Новый плательщик'}>
      <input type="hidden" name="intent" value="save-payer" />
      {payer ? <input type="hidden" name="id" value={payer.id} /> : null}
      <Stack gap="sm">
        {payer?.used ? (
          <Text size="sm" tone="muted">
            Этот плательщик указан в заказах: исправленные реквизиты сохранятся новой версией, счета и документы по
            прежним заказам останутся как были.
          </Text>
        ) : null}
        <PayerFields defaults={payer} errors={errors} />
        <Checkbox
          name="is_default"
          label="Основной плательщик: выбирается при оформлении заказа"
          defaultChecked={payer?.is_default}
        />
        <Group gap="sm">
          <SubmitButton loading={submitting}>{payer ? 'Сохранить реквизиты' : 'Добавить плательщика'}</SubmitButton>
          <Button variant="subtle" type="button" onClick={onDone}>
            Отмена
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

/** A button posting one of the payer intents (make default, archive). */
function PayerAction({ payer, intent, children }: { payer: Payer; intent: string; children: string }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={payer.id} />
      <Button
        type="submit"
        size="xs"
        variant="subtle"
        color={intent === 'archive-payer' ? 'red' : 'blue'}
        loading={fetcher.state !== 'idle'}
      >
        {children}
      </Button>
    </fetcher.Form>
  );
}

function PayerCard({ payer, onEdit }: { payer: Payer; onEdit: () => void }) {
  return (
    <Card component="li" withBorder radius="sm" padding="sm" aria-label={payer.short_name}>
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text weight={600}>{payer.short_name}</Text>
          {payer.is_default ? (
            <Text size="sm" weight={700}>
              ✓ основной
            </Text>
          ) : null}
          <Text size="sm" tone="muted">
            {payer.kind_name}
          </Text>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {payerNumbers(payer)}
        </Text>
        <Text size="sm" tone="muted" style={{ overflowWrap: 'anywhere' }}>
          {payer.legal_address}
        </Text>
        <Text size="sm" tone="muted" style={{ overflowWrap: 'anywhere' }}>
          р/с {payer.settlement_account} в {payer.bank_name}, БИК {payer.bik}
        </Text>
        <Group gap="xs" wrap="wrap" className={classes.actions}>
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Изменить реквизиты: ${payer.short_name}`}>
            Изменить
          </Button>
          {payer.is_default ? null : (
            <PayerAction payer={payer} intent="default-payer">
              Сделать основным
            </PayerAction>
          )}
          <PayerAction payer={payer} intent="archive-payer">
            В архив
          </PayerAction>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The client's payers (issue 30): the companies and sole traders bills and closing documents are made out to.
 * Add, correct, make default, archive. Checkout offers the active ones, the default preselected.
 */
export function PayerBook({ payers }: { payers: Payer[] }) {
  // 'new', a payer's id being corrected, or null.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const close = () => setEditing(null);
  return (
    <AccountSection
      title="Плательщики"
      hint="Организации и ИП, на которые выписываются счета и закрывающие документы. Основной выбирается при оформлении заказа."
    >
      {payers.length === 0 && editing !== 'new' ? (
        <Text size="sm" tone="muted">
          Вы покупаете как частное лицо. Добавьте организацию или ИП, чтобы получать счета на них.
        </Text>
      ) : null}
      {payers.length > 0 ? (
        <Stack component="ul" gap="sm" aria-label="Плательщики">
          {payers.map((payer) =>
            editing === payer.id ? (
              <Card component="li" key={payer.id} withBorder radius="sm" padding="sm">
                <PayerForm payer={payer} onDone={close} />
              </Card>
            ) : (
              <PayerCard key={payer.id} payer={payer} onEdit={() => setEditing(payer.id)} />
            ),
          )}
        </Stack>
      ) : null}
      {editing === 'new' ? (
        <PayerForm onDone={close} />
      ) : (
        <div>
          <Button variant="light" onClick={() => setEditing('new')}>
            Добавить плательщика
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
