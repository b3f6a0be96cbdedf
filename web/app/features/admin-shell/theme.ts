import { PasswordInput, createTheme, rem, type MantineColorsTuple } from '@mantine/core';
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
  // Drawers, modals and menus appear without sliding for people who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // Mantine's own label is English; a toggle button keeps one name and says its state with aria-pressed.
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Показать пароль' } },
    }),
  },
});
