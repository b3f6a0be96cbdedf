import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { nameRules, optionalTextRules, phoneRules } from '../../lib/auth/forms.ts';

/** The client's contact data as forms hold it (optional ones as '' rather than null). */
export interface ContactValues {
  last_name: string;
  first_name: string;
  middle_name: string;
  company_name: string;
  phone_number: string;
}

/** The rules of the contact fields, for a form's `validate`. */
export const contactRules = {
  last_name: nameRules('Введите фамилию'),
  first_name: nameRules('Введите имя'),
  middle_name: optionalTextRules(100),
  company_name: optionalTextRules(200),
  phone_number: phoneRules,
};

type ContactForm = Pick<UseFormReturnType<ContactValues>, 'key' | 'getInputProps'>;

/**
 * Surname, name, patronymic, phone and company, as registration and the profile ask for them: the names an order
 * and a bill show, the phone the shop calls.
 */
export function ContactFields({ form }: { form: ContactForm }) {
  return (
    <>
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
          placeholder="+7 999 123-45-67"
          required
          key={form.key('phone_number')}
          {...form.getInputProps('phone_number')}
        />
      </SimpleGrid>
      <TextInput
        label="Компания"
        description="Для счетов на организацию"
        autoComplete="organization"
        key={form.key('company_name')}
        {...form.getInputProps('company_name')}
      />
    </>
  );
}
