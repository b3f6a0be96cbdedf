import { useEffect, useRef } from 'react';

/**
 * A fetcher form emptied once its write succeeded: `success` is the action's answer when it succeeded (each
 * answer a new object), else null. The form is reset once per answer and `onSuccess` then runs; the form's
 * element takes the returned ref. No UI of its own: the storefront and the back office both use it.
 */
export function useFormReset(success: object | null | undefined | false, onSuccess?: () => void) {
  const form = useRef<HTMLFormElement>(null);
  const handled = useRef<object | null>(null);
  useEffect(() => {
    if (!success || handled.current === success) return;
    handled.current = success;
    form.current?.reset();
    onSuccess?.();
  }, [success, onSuccess]);
  return form;
}
