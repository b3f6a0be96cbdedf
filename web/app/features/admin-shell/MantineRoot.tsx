import '@mantine/core/styles.css';

import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme.ts';
import { cssVariablesResolver, themeCssVariables } from './theme-css-variables.ts';

/**
 * Mantine for the back office only: its provider, stylesheet and theme variables load with the admin routes, so
 * the storefront (web/app/ui) carries none of them. The document's <html> says the colour scheme
 * (data-mantine-color-scheme in root.tsx), as Mantine's styles select on it.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <>
      <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssVariables }} />
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        withCssVariables={false}
      >
        {children}
      </MantineProvider>
    </>
  );
}
