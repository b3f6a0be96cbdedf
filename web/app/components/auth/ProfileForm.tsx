import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ClientProfile } from '@detal/contract';
import { callShop } from '../../lib/api/index.ts';
import { nameRules, optionalTextRules, phoneRules, showServerFieldErrors } from '../../lib/auth/forms.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { AccountSection } from './AccountSection.tsx';
import { SubmitButton } from './SubmitButton.tsx';

const FIELDS = ['last_name', 'first_name', 'middle_name', 'company_name', 'phone_number'] as const;

/** The client's contact data, as orders and bills show it; the e-mail is the login and stays as it is. */
export function ProfileForm({ client }: { client: ClientProfile }) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: {
      last_name: client.last_name,
      first_name: client.first_name,
      middle_name: client.middle_name ?? '',
      company_name: client.company_name ?? '',
      phone_number: client.phone_number,
    },
    validate: {
      last_name: nameRules('Введите фамилию'),
      first_name: nameRules('Введите имя'),
      middle_name: optionalTextRules(100),
      company_name: optionalTextRules(200),
      phone_number: phoneRules,
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { client: saved } = await callShop('client-update-account', { body: values });
      useAuthStore.getState().setClient(saved);
      // The form shows what was stored (the phone as +7XXXXXXXXXX, trimmed names).
      form.setValues({
        last_name: saved.last_name,
        first_name: saved.first_name,
        middle_name: saved.middle_name ?? '',
        company_name: saved.company_name ?? '',
        phone_number: saved.phone_number,
      });
      form.resetDirty();
      notifications.show({ color: 'green', message: 'Данные сохранены' });
    } catch (error) {
      showServerFieldErrors(form, FIELDS, error);
    }
  });

  return (
    <AccountSection title="Профиль" hint="Эти данные подставляются в заказы и счета.">
      <form method="post" onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TextInput
              label="Фамилия"
              autoComplete="family-name"
              required
              key={form.key('last_name')}
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label="Имя"
              autoComplete="given-name"
              required
              key={form.key('first_name')}
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label="Отчество"
              autoComplete="additional-name"
              key={form.key('middle_name')}
              {...form.getInputProps('middle_name')}
            />
            <TextInput
              label="Телефон"
              type="tel"
              autoComplete="tel"
              required
              key={form.key('phone_number')}
              {...form.getInputProps('phone_number')}
            />
          </SimpleGrid>
          <TextInput
            label="Компания"
            autoComplete="organization"
            key={form.key('company_name')}
            {...form.getInputProps('company_name')}
          />
          <TextInput label="E-mail" value={client.email} readOnly description="E-mail — это ваш логин" />
          <div>
            <SubmitButton loading={form.submitting}>Сохранить</SubmitButton>
          </div>
        </Stack>
      </form>
    </AccountSection>
  );
}
