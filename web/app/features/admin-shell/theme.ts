import { Input, PasswordInput, createTheme, rem, type MantineColorsTuple, type ScrollAreaProps } from '@mantine/core';
import {
  breakpoints,
  defaultRadius,
  fontFamilies,
  fontSizes,
  headingWeight,
  palettes,
  primary,
  radii,
  spacing,
  toEm,
} from '../../design/tokens.ts';
import classes from './theme.module.css';

/** A token scale in px as Mantine's theme takes it (rem, times its scale). */
const remScale = <K extends string>(scale: Record<K, number>) =>
  Object.fromEntries(Object.entries<number>(scale).map(([name, px]) => [name, rem(px)])) as Record<K, string>;

/** The back office's Mantine theme, drawn from the shop's design tokens (design/tokens.ts, decision 0045). */
export const theme = createTheme({
  breakpoints: Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [name, toEm(px)])),
  colors: palettes as unknown as Record<keyof typeof palettes, MantineColorsTuple>,
  primaryColor: primary.palette,
  primaryShade: primary.shade as 8,
  defaultRadius,
  radius: remScale(radii),
  spacing: remScale(spacing),
  fontSizes: remScale(fontSizes),
  fontFamily: fontFamilies.text,
  fontFamilyMonospace: fontFamilies.mono,
  headings: { fontWeight: String(headingWeight) },
  cursorType: 'pointer',
  // Filled badges and buttons in a light colour (yellow) take dark text; theme-css-variables.ts darkens the rest.
  autoContrast: true,
  // Drawers, modals and menus appear without sliding for people who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // Fields show focus with the buttons' ring, not only a border's colour (theme.module.css).
    Input: Input.extend({ classNames: { input: classes.field } }),
    // Mantine's own label is English; a toggle button keeps one name and says its state with aria-pressed.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Показать пароль' } },
    }),
  },
});

/**
 * A table's scrolling frame (`<Table.ScrollContainer scrollAreaProps={scrollRegion('…')}>`) that the keyboard can
 * focus and scroll, named for screen readers, with the focus ring: for a table with nothing focusable in it that is
 * wider than a phone (axe's scrollable-region-focusable).
 */
export const scrollRegion = (label: string): ScrollAreaProps => ({
  classNames: { viewport: classes.focusRing },
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label },
});
