import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

/**
 * The back office's submit button, on Mantine as the rest of its screens (the storefront has its own in
 * features/clients, on web/app/ui). Disabled until the page has hydrated: before that the browser would send the
 * form natively, past its route action.
 */
export function SubmitButton({
  children,
  ...props
}: ButtonProps & { children: ReactNode; form?: string; name?: string; value?: string }) {
  const mounted = useMounted();
  return (
    <Button type="submit" disabled={!mounted} {...props}>
      {children}
    </Button>
  );
}
