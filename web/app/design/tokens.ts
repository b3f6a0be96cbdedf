/**
 * The shop's design tokens, each value once: the storefront's CSS variables are generated from them
 * (design-css.ts → generated/tokens.css), the back office's Mantine theme reads them (features/admin/theme.ts),
 * and so do the CSS modules' breakpoint variables (`$bp-md`, vite.config.ts). See decision 0045.
 */

/** Colour palettes, ten shades from light to dark (the light scheme the shop was drawn in). */
export const palettes = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#868e96', '#495057', '#343a40', '#212529'],
  dark: ['#c9c9c9', '#b8b8b8', '#828282', '#696969', '#424242', '#3b3b3b', '#2e2e2e', '#242424', '#1f1f1f', '#141414'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#e03131', '#c92a2a'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#2f9e44', '#2b8a3e'],
  orange: [
    '#fff4e6',
    '#ffe8cc',
    '#ffd8a8',
    '#ffc078',
    '#ffa94d',
    '#ff922b',
    '#fd7e14',
    '#f76707',
    '#e8590c',
    '#d9480f',
  ],
  yellow: [
    '#fff9db',
    '#fff3bf',
    '#ffec99',
    '#ffe066',
    '#ffd43b',
    '#fcc419',
    '#fab005',
    '#f59f00',
    '#f08c00',
    '#e67700',
  ],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#099268', '#087f5b'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#1864ab'],
} as const satisfies Record<string, readonly string[]>;
export type PaletteName = keyof typeof palettes;

/**
 * The shades the storefront's CSS variables carry (generated/tokens.css; the back office's Mantine theme takes every
 * shade from `palettes`): the kit's colour props resolve to 0, 1 and 2 (light backgrounds) and 7, 8 and 9 (text,
 * fills, hover), and the storefront's stylesheets name a few more. Each variable is in every page's first stylesheet,
 * so the others stay out (decision 0067); design-css.test.ts fails when a stylesheet names one that is missing.
 */
export const storefrontShades = {
  kit: [0, 1, 2, 7, 8, 9],
  more: { gray: [3, 4, 5, 6], dark: [5, 6], blue: [6] },
} as const satisfies { kit: readonly number[]; more: Partial<Record<PaletteName, readonly number[]>> };

/** The primary colour: a palette and the shade that buttons and links take (its next shade on hover). */
export const primary = { palette: 'blue', shade: 8 } as const satisfies { palette: PaletteName; shade: number };

/**
 * Secondary ("dimmed") text: a darker grey than gray.6, which reads at 3.3:1 on white, below WCAG AA's 4.5:1;
 * this one reads at 6.1:1 on white and 5.8:1 on gray.0.
 */
export const dimmedText = '#5c636a';

/** The page, its text, text on the primary colour, input borders and errors (a palette's `name-shade`). */
export const surfaces = { body: '#fff', text: '#000', onPrimary: '#fff', border: 'gray-4', error: 'red-8' } as const;

/** Spacing scale, px. */
export const spacing = { xs: 10, sm: 12, md: 16, lg: 20, xl: 32 } as const;
/** Corner radii, px; `sm` is the default. */
export const radii = { xs: 2, sm: 4, md: 8, lg: 16, xl: 32 } as const;
export const defaultRadius = 'sm' satisfies keyof typeof radii;
/** Type scale, px. */
export const fontSizes = { xs: 12, sm: 14, md: 16, lg: 18, xl: 20 } as const;
export const fontFamilies = {
  text: `Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif`,
  mono: `ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, 'Liberation Mono', 'Courier New', monospace`,
} as const;
export const headingWeight = 650;

/** The widest the page's content gets (header, main column, footer), px. */
export const contentWidth = 1320;

/** Width steps, px: phone from 320, tablet from 768, desktop from 1440 (xl and xxl equal lg). */
export const breakpoints = { xs: 0, sm: 320, md: 768, lg: 1440, xl: 1440, xxl: 1440 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** A width in em (16 px = 1 em), as media queries take it. */
export const toEm = (px: number): string => `${px / 16}em`;
