import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

type EmailForm = Pick<UseFormReturnType<{ email: string }>, 'key' | 'getInputProps'>;

/** The e-mail a client signs in with, as sign-in, registration and the password reset ask for it. */
export function EmailField({ form }: { form: EmailForm }) {
  return (
    <TextInput
      label="E-mail"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      key={form.key('email')}
      {...form.getInputProps('email')}
    />
  );
}
