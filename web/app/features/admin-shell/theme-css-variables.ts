import {
  convertCssVariables,
  darken,
  deepMerge,
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  luminance,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
} from '@mantine/core';
import { dimmedText, palettes } from '../../design/tokens.ts';
import { theme } from './theme.ts';

/** WCAG's contrast ratio of two colours. */
export const contrast = (one: string, other: string): number => {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** WCAG AA for text, with a little room for rounding. */
const AA = 4.6;

/** The first of `start`'s shade, its darker shade and `start`'s last shade darkened step by step that reads on `on`. */
function readable(shades: readonly string[], start: number, on: string): string {
  for (let shade = start; shade < shades.length; shade += 1)
    if (contrast(shades[shade]!, on) >= AA) return shades[shade]!;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = darken(shades[shades.length - 1]!, amount);
    if (contrast(darker, on) >= AA) return darker;
  }
  return '#000000';
}

/**
 * Badges and buttons in every palette at WCAG AA (issue 27, decision 0046): Mantine's filled shade 8 under white
 * text (green 3.3:1, yellow 2.5:1) and its light variant's shade 9 on shade 1 (green 3.8:1, orange 3.6:1) read
 * below 4.5:1. A light filled shade (yellow) keeps its colour under dark text (the theme's `autoContrast`); for the
 * others the filled colour is the first shade from the primary one that white text reads on (or shade 9
 * darkened), the outline variant and coloured text take it too, and the light variant's text is shade 9 darkened until it reads on
 * the hover background (shade 2). Palettes that already read keep Mantine's values.
 */
const readableColors: Record<string, string> = Object.fromEntries(
  Object.entries(palettes).flatMap(([name, shades]) => {
    if (name === 'dark' || name === 'gray') return [];
    const shade = shades[theme.primaryShade as number]!;
    // A light filled shade takes dark text (the theme's autoContrast) and keeps its colour when that reads.
    const darkText = luminance(shade) > (theme.luminanceThreshold ?? 0.3) && contrast(shade, '#000000') >= AA;
    const onWhite = readable(shades, theme.primaryShade as number, '#ffffff');
    const filled = darkText ? shade : onWhite;
    const lightColor = readable(shades, 9, shades[2]!);
    const asVariable = (color: string) => {
      const index = (shades as readonly string[]).indexOf(color);
      return index >= 0 ? `var(--mantine-color-${name}-${index})` : color;
    };
    return [
      ...(filled !== shade
        ? [
            [`--mantine-color-${name}-filled`, asVariable(filled)],
            [`--mantine-color-${name}-filled-hover`, darken(filled, 0.1)],
          ]
        : []),
      ...(onWhite !== shade
        ? [
            [`--mantine-color-${name}-outline`, asVariable(onWhite)],
            [`--mantine-color-${name}-text`, asVariable(onWhite)],
          ]
        : []),
      ...(lightColor !== shades[9] ? [[`--mantine-color-${name}-light-color`, lightColor]] : []),
    ];
  }),
);

/** Mantine's "dimmed" text colour (gray.6) is below WCAG AA on white: the tokens' darker grey instead. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': dimmedText, ...readableColors },
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
