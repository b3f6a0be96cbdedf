import type { CSSProperties } from 'react';
import { fontSizes, palettes, spacing as spacingScale } from '../design/tokens.ts';

/**
 * The values the kit's own props take (a Badge's colour, a Card's padding, a Table's cell spacing), turned into
 * the design tokens' CSS variables. The kit takes no style props (margins, widths, colours of any element): a
 * page's layout lives in its feature's CSS module (decision 0067).
 * Sizes are the theme's scale (xs…xl) or a CSS length; a number is pixels.
 */
export type ThemeSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type Length = ThemeSize | number | string;

/** Theme colours: a palette name (its shade 8), `palette.shade`, `dimmed`, or any CSS colour. */
export type Color = string;

/** What every kit element takes besides its own props: a class (a CSS module's) and, rarely, a style. */
export interface ClassProps {
  className?: string;
  style?: CSSProperties;
}

const isThemeSize = (value: unknown): value is ThemeSize => typeof value === 'string' && value in spacingScale;

export function spacing(value: Length | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return `${value}px`;
  return isThemeSize(value) ? `${spacingScale[value]}px` : value;
}

export function fontSize(value: Length | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return `${value}px`;
  return isThemeSize(value) ? `${fontSizes[value]}px` : value;
}

/** The design tokens' palettes (design/generated/tokens.css: --c-<palette>-<0..9>). */
const PALETTES: ReadonlySet<string> = new Set(Object.keys(palettes));

export function color(value: Color | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'dimmed') return 'var(--c-dimmed)';
  const [palette, shade] = value.split('.');
  if (palette && PALETTES.has(palette)) return `var(--c-${palette}-${shade ?? '8'})`;
  return value;
}

/** A component's own declarations (custom properties by their name, the rest in kebab case), and classes. */
export interface StyleParts {
  style: Record<string, string | number>;
  classes: string[];
}

/** camelCase for React's style object; custom properties keep their name. */
const reactStyleName = (name: string) =>
  name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * What the element gets: `className` (the component's own classes, then the caller's) and `style` (the
 * component's own declarations under the caller's `style`), with the other props as given. `own` lets a
 * component add its declarations and classes.
 */
export function elementProps<P extends object>(
  props: P,
  baseClass: string | undefined,
  own?: (out: StyleParts) => void,
): P & { className: string | undefined; style: CSSProperties | undefined } {
  const given = props as ClassProps;
  if (!own) return { ...props, className: cx(baseClass, given.className), style: given.style };
  const out: StyleParts = { style: {}, classes: [] };
  own(out);
  const style: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(out.style)) style[reactStyleName(name)] = value;
  const hasStyle = Object.keys(style).length > 0 || given.style !== undefined;
  return {
    ...props,
    className: cx(baseClass, ...out.classes, given.className),
    style: hasStyle ? ({ ...style, ...given.style } as CSSProperties) : undefined,
  };
}

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string | undefined =>
  names.filter(Boolean).join(' ') || undefined;
