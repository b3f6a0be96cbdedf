import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ClientProfile } from '@detal/contract';
import { callShop } from '../../lib/api/index.ts';
import { showServerFieldErrors } from '../../lib/auth/forms.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { AccountSection } from './AccountSection.tsx';
import { ContactFields, contactRules, type ContactValues } from './ContactFields.tsx';
import { SubmitButton } from './SubmitButton.tsx';

const FIELDS = ['last_name', 'first_name', 'middle_name', 'company_name', 'phone_number'] as const;

/** The client's contact data, as orders and bills show it; the e-mail is the login and stays as it is. */
export function ProfileForm({ client }: { client: ClientProfile }) {
  const form = useForm<ContactValues>({
    mode: 'uncontrolled',
    initialValues: {
      last_name: client.last_name,
      first_name: client.first_name,
      middle_name: client.middle_name ?? '',
      company_name: client.company_name ?? '',
      phone_number: client.phone_number,
    },
    validate: contactRules,
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
          <ContactFields form={form} />
          <TextInput label="E-mail" value={client.email} readOnly description="E-mail — это ваш логин" />
          <div>
            <SubmitButton loading={form.submitting}>Сохранить</SubmitButton>
          </div>
        </Stack>
      </form>
    </AccountSection>
  );
}
