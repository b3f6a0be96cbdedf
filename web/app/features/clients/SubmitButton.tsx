import type { ReactNode } from 'react';
import { Button } from '../../ui/index.ts';
import type { ButtonProps } from '../../ui/index.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A form's submit button, disabled until the page has hydrated: before that the browser would submit the form
 * natively, and the form's JavaScript (validation, the API call) would not run.
 */
export function SubmitButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const mounted = useHydrated();
  return (
    <Button type="submit" disabled={!mounted} {...props}>
      {children}
    </Button>
  );
}
