import { BREAKPOINTS } from '@detal/contract/browser';

/** The spec's breakpoints in em (16 px = 1 em), as media queries and Mantine's theme read them. */
const toEm = (px: number): string => `${px / 16}em`;

export const breakpoints = {
  xs: toEm(BREAKPOINTS.xs),
  sm: toEm(BREAKPOINTS.sm),
  md: toEm(BREAKPOINTS.md),
  lg: toEm(BREAKPOINTS.lg),
  xl: toEm(BREAKPOINTS.xl),
  xxl: toEm(BREAKPOINTS.xxl),
} as const;
