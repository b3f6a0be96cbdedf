import { PasswordInput, createTheme } from '@mantine/core';
import { breakpoints } from '../../ui/breakpoints.ts';

export const theme = createTheme({
  breakpoints,
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
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
