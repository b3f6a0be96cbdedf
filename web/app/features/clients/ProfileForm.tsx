import { Checkbox, Stack, TextInput } from '../../ui/index.ts';
import type { ClientProfile } from '@detal/contract';
import { AccountSection } from './AccountSection.tsx';
import { ContactFields } from './ContactFields.tsx';
import type { ContactValues } from './ContactFields.tsx';
import { SubmitButton } from './SubmitButton.tsx';
import { useAccountForm } from './account-form.ts';

/**
 * The client's contact data, as orders and bills show it; the e-mail is the login and stays as it is. With it,
 * whether the shop e-mails status changes of the client's orders (the e-mails about a new order and a payment
 * always go).
 */
export function ProfileForm({ client, notifyStatusEmails }: { client: ClientProfile; notifyStatusEmails: boolean }) {
  const { fetcher, errors, submitting } = useAccountForm();
  const stored: ContactValues = {
    last_name: client.last_name,
    first_name: client.first_name,
    middle_name: client.middle_name ?? '',
    company_name: client.company_name ?? '',
    phone_number: client.phone_number,
  };
  return (
    <AccountSection title="Профиль" hint="Эти данные подставляются в заказы и счета.">
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <Stack gap="md">
          {/* Keyed by what is stored: after a save the fields show it (the phone as +7XXXXXXXXXX, trimmed names). */}
          <ContactFields key={JSON.stringify(stored)} defaults={stored} errors={errors} />
          <TextInput label="E-mail" value={client.email} readOnly description="E-mail — это ваш логин" />
          <Checkbox
            key={String(notifyStatusEmails)}
            name="notify_status_emails"
            defaultChecked={notifyStatusEmails}
            label="Сообщать по e-mail об изменении статусов заказов и о приближении срока оплаты"
            description="Письма о новом заказе, об оплате и о просроченной оплате приходят всегда"
          />
          <div>
            <SubmitButton loading={submitting}>Сохранить</SubmitButton>
          </div>
        </Stack>
      </fetcher.Form>
    </AccountSection>
  );
}
