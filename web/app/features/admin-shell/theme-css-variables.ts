import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
} from '@mantine/core';
import { theme } from './theme.ts';

/**
 * Mantine's "dimmed" text colour (gray.6) reads at 3.3:1 on white, below WCAG AA's 4.5:1 for body text: every
 * dimmed text of the shop takes a darker grey (6.1:1 on white, 5.8:1 on the footer's gray.0).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
});

/**
 * The CSS variables of the shop's theme, as Mantine's provider writes them into every page (its own defaults left
 * out, since its stylesheet has them), computed once. The provider computes them on every render, about a twentieth
 * of a page's server time; the layout turns that off (`withCssVariables={false}`) and writes this string instead.
 * web/app/theme-css-variables.test.tsx checks it equals what the provider writes.
 */
export const themeCssVariables: string = (() => {
  const mergedTheme = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(mergedTheme), cssVariablesResolver(mergedTheme));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const changed = (part: keyof ConvertCSSVariablesInput) => {
    const given: Record<string, string> = defaults[part];
    return Object.fromEntries(Object.entries(variables[part]).filter(([name, value]) => given[name] !== value));
  };
  return convertCssVariables({ variables: changed('variables'), light: changed('light'), dark: changed('dark') });
})();
