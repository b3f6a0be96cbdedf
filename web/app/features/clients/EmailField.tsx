import { TextInput } from '../../ui/index.ts';

/** The e-mail a client signs in with, as sign-in, registration and the password reset ask for it. */
export function EmailField({ error, defaultValue }: { error?: string; defaultValue?: string }) {
  return (
    <TextInput
      label="E-mail"
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      required
      error={error}
      defaultValue={defaultValue}
    />
  );
}
