import { useCallback, useState } from 'react';
import type { ChangeEvent } from 'react';
import type { CheckoutErrors, CheckoutField, CheckoutFormValues } from './checkout-form.ts';

/**
 * The checkout form's state: its values, each field's error (cleared as the field changes), and a check of the
 * whole form before it is sent. `field(name)` gives a control its value, change handler and error.
 */
export function useCheckoutFields(
  initial: () => CheckoutFormValues,
  check: (values: CheckoutFormValues) => CheckoutErrors,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CheckoutErrors>({});

  const field = (name: CheckoutField) => ({
    value: values[name],
    error: errors[name],
    onChange: (change: string | ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = typeof change === 'string' ? change : change.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
    },
  });

  /** Shows every field's error; true when the form may be sent. */
  const validate = (): boolean => {
    const found = check(values);
    setErrors(found);
    return Object.values(found).every((message) => !message);
  };

  return { values, field, validate, setErrors: useCallback((next: CheckoutErrors) => setErrors(next), []) };
}
