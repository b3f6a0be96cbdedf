import { SimpleGrid, TextInput } from '../../ui/index.ts';
import { nameRules, optionalTextRules, phoneRules } from './forms.ts';

/** The client's contact data as forms hold it (optional ones as '' rather than null). */
export interface ContactValues {
  last_name: string;
  first_name: string;
  middle_name: string;
  company_name: string;
  phone_number: string;
}

export const CONTACT_FIELDS = ['last_name', 'first_name', 'middle_name', 'company_name', 'phone_number'] as const;

/** The checks of the contact fields, for an action's `fieldErrors`. */
export const contactRules = {
  last_name: nameRules('Введите фамилию'),
  first_name: nameRules('Введите имя'),
  middle_name: optionalTextRules(100),
  company_name: optionalTextRules(200),
  phone_number: phoneRules,
};

/**
 * Surname, name, patronymic, phone and company, as registration and the profile ask for them: the names an order
 * and a bill show, the phone the shop calls. Uncontrolled inputs named as the request's fields.
 */
export function ContactFields({
  defaults,
  errors,
}: {
  defaults?: Partial<ContactValues>;
  errors?: Partial<Record<keyof ContactValues, string>>;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          label="Фамилия"
          name="last_name"
          autoComplete="family-name"
          required
          defaultValue={defaults?.last_name}
          error={errors?.last_name}
        />
        <TextInput
          label="Имя"
          name="first_name"
          autoComplete="given-name"
          required
          defaultValue={defaults?.first_name}
          error={errors?.first_name}
        />
        <TextInput
          label="Отчество"
          name="middle_name"
          autoComplete="additional-name"
          defaultValue={defaults?.middle_name}
          error={errors?.middle_name}
        />
        <TextInput
          label="Телефон"
          name="phone_number"
          type="tel"
          autoComplete="tel"
          placeholder="+7 999 123-45-67"
          required
          defaultValue={defaults?.phone_number}
          error={errors?.phone_number}
        />
      </SimpleGrid>
      <TextInput
        label="Компания"
        name="company_name"
        description="Для счетов на организацию"
        autoComplete="organization"
        defaultValue={defaults?.company_name}
        error={errors?.company_name}
      />
    </>
  );
}
