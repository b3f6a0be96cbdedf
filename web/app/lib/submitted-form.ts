/**
 * Reading a route action's submitted form. The values come from the form the router submitted, so text typed
 * before the page hydrated counts too.
 */

/** The text of each of `fields` ('' when the form did not send it). */
export function submittedFields<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** A field's check: its error text, or null. It sees the other values too (a confirmation repeats a password). */
export type FieldCheck<V> = (value: string, values: V) => string | null;

/** The first error of each field that has one; an empty object when the form may be sent. */
export function fieldErrors<V extends Record<string, string>>(
  values: V,
  checks: { [K in keyof V]?: FieldCheck<V> },
): Partial<Record<keyof V, string>> {
  const errors: Partial<Record<keyof V, string>> = {};
  for (const field of Object.keys(checks) as (keyof V)[]) {
    const error = checks[field]?.(values[field] ?? '', values);
    if (error) errors[field] = error;
  }
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
