import { ActionIcon, Group, Stack, Text, Textarea } from '../../ui/index.ts';
import { useFetcher } from 'react-router';
import type { DeliveryAddress } from '@detal/contract';
import { AccountSection } from './AccountSection.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useAccountForm } from './account-form.ts';
import { TrashIcon } from '../../components/icons.tsx';

/** One saved address with its delete button; the list is the page's data, reloaded after the delete. */
function SavedAddress({ address }: { address: DeliveryAddress }) {
  const fetcher = useFetcher();
  return (
    <Group component="li" gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {address.address}
      </Text>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete-address" />
        <input type="hidden" name="id" value={address.id} />
        <ActionIcon
          type="submit"
          variant="subtle"
          color="red"
          aria-label={`Удалить адрес: ${address.address}`}
          loading={fetcher.state !== 'idle'}
        >
          <TrashIcon />
        </ActionIcon>
      </fetcher.Form>
    </Group>
  );
}

/** The client's saved delivery addresses: the checkout offers them. Add and delete. */
export function AddressBook({ addresses }: { addresses: DeliveryAddress[] }) {
  const { fetcher, formRef, errors, submitting } = useAccountForm();
  return (
    <AccountSection title="Адреса доставки" hint="Сохранённые адреса можно выбрать при оформлении заказа.">
      {addresses.length === 0 ? (
        <Text size="sm" tone="muted">
          Сохранённых адресов пока нет.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" aria-label="Сохранённые адреса">
          {addresses.map((address) => (
            <SavedAddress key={address.id} address={address} />
          ))}
        </Stack>
      )}
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="add-address" />
        <Stack gap="sm">
          <Textarea
            label="Новый адрес"
            name="address"
            placeholder="Город, улица, дом, квартира или офис"
            autoComplete="street-address"
            rows={2}
            error={errors?.address}
          />
          <div>
            <SubmitButton variant="light" loading={submitting}>
              Добавить адрес
            </SubmitButton>
          </div>
        </Stack>
      </fetcher.Form>
    </AccountSection>
  );
}
