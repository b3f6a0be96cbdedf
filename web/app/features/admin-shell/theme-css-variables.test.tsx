import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';
import { cssVariablesResolver, themeCssVariables } from './theme-css-variables.ts';

describe('the theme CSS variables computed once', () => {
  it('are exactly what MantineProvider writes on each render', () => {
    const markup = renderToStaticMarkup(
      <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <p>страница</p>
      </MantineProvider>,
    );
    const written = /<style data-mantine-styles="true">(.*?)<\/style>/s.exec(markup)?.[1];
    expect(written).toBeDefined();
    expect(themeCssVariables).toBe(written);
    expect(themeCssVariables).toContain('--mantine-color-dimmed: #5c636a');
  });
});
