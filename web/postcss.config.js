// Mantine's PostCSS setup; the breakpoint variables mirror the theme (app/theme.ts) for CSS modules.
export default {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '0em',
        'mantine-breakpoint-sm': '20em',
        'mantine-breakpoint-md': '48em',
        'mantine-breakpoint-lg': '90em',
        'mantine-breakpoint-xl': '90em',
        'mantine-breakpoint-xxl': '90em',
      },
    },
  },
};
