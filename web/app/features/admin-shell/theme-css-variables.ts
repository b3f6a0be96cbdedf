import {
  convertCssVariables,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
} from '@mantine/core';
import { dimmedText } from '../../design/tokens.ts';
import { theme } from './theme.ts';

/** Mantine's "dimmed" text colour (gray.6) is below WCAG AA on white: the tokens' darker grey instead. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': dimmedText },
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
