import { useState } from 'react';
import { ActionIcon, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { DeliveryAddress } from '@detal/contract';
import { callShop } from '../../lib/api/index.ts';
import { byRules, showServerFieldErrors } from '../../lib/auth/forms.ts';
import { maxLength, required } from '@detal/contract';
import { AccountSection } from './AccountSection.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { TrashIcon } from '../icons.tsx';

const addressRules = byRules(required('Введите адрес доставки'), maxLength(500));

/** The client's saved delivery addresses: the checkout offers them. Add and delete. */
export function AddressBook({ initial }: { initial: DeliveryAddress[] }) {
  const [addresses, setAddresses] = useState(initial);
  const [deleting, setDeleting] = useState<number | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { address: '' },
    validate: { address: addressRules },
  });

  const add = form.onSubmit(async ({ address }) => {
    try {
      const saved = await callShop('client-delivery-address-save', { body: { address } });
      setAddresses((current) => [...current, saved]);
      form.reset();
    } catch (error) {
      showServerFieldErrors(form, ['address'], error);
    }
  });

  const remove = async (id: number) => {
    setDeleting(id);
    try {
      await callShop('client-delivery-address-delete', { body: { id } });
      setAddresses((current) => current.filter((address) => address.id !== id));
    } catch {
      // The request layer has shown what went wrong; the address stays listed.
    } finally {
      setDeleting(null);
    }
  };

  return (
    <AccountSection title="Адреса доставки" hint="Сохранённые адреса можно выбрать при оформлении заказа.">
      {addresses.length === 0 ? (
        <Text size="sm" c="gray.7">
          Сохранённых адресов пока нет.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Сохранённые адреса">
          {addresses.map((address) => (
            <Group component="li" key={address.id} gap="sm" wrap="nowrap" justify="space-between" align="flex-start">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {address.address}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Удалить адрес: ${address.address}`}
                loading={deleting === address.id}
                onClick={() => void remove(address.id)}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <form method="post" onSubmit={add} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Новый адрес"
            placeholder="Город, улица, дом, квартира или офис"
            autoComplete="street-address"
            rows={2}
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <div>
            <SubmitButton variant="light" loading={form.submitting}>
              Добавить адрес
            </SubmitButton>
          </div>
        </Stack>
      </form>
    </AccountSection>
  );
}
