import postcssSimpleVars from 'postcss-simple-vars';
import { breakpoints, toEm } from '../app/design/tokens.ts';

/** PostCSS for the CSS modules: the design tokens' width steps as `$bp-sm`, `$bp-md`, `$bp-lg` (media queries). */
export const postcssConfig = {
  plugins: [
    postcssSimpleVars({
      variables: Object.fromEntries(Object.entries(breakpoints).map(([name, px]) => [`bp-${name}`, toEm(px)])),
    }),
  ],
};
