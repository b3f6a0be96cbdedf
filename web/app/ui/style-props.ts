import type { CSSProperties } from 'react';
import { fontSizes, palettes, spacing as spacingScale } from '../design/tokens.ts';

/**
 * The storefront's style props: the few its pages use, named as Mantine names them (the back office still runs on
 * Mantine, so one vocabulary serves both), resolved at render time to inline styles. A responsive value
 * ({ base, sm, md, lg }) becomes one CSS custom property per width step and a class of ui.css that reads the step
 * of the current width, so the server's HTML is the same at every width.
 * Sizes are the theme's scale (xs…xl) or a CSS length; a number is pixels.
 */
export type ThemeSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
export type Length = ThemeSize | number | string;
/** The spec's breakpoints that change anything: sm 320 px, md 768 px, lg 1440 px (xl and xxl equal lg). */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
/** A value per breakpoint, from `base` (every width) up; wider breakpoints win. */
export type Responsive<T> = T | Partial<Record<'base' | Breakpoint, T>>;

/** Theme colours: a palette name (its shade 8), `palette.shade`, `dimmed`, or any CSS colour. */
export type Color = string;

export interface StyleProps {
  m?: Length;
  mt?: Length;
  mb?: Length;
  ml?: Length;
  mr?: Length;
  mx?: Length;
  my?: Length;
  p?: Responsive<Length>;
  pt?: Length;
  pb?: Length;
  pl?: Length;
  pr?: Length;
  px?: Responsive<Length>;
  py?: Responsive<Length>;
  w?: Responsive<Length>;
  h?: Length;
  maw?: Length;
  miw?: Length;
  c?: Color;
  bg?: Color;
  fw?: number | string;
  fz?: Responsive<Length>;
  fs?: CSSProperties['fontStyle'];
  ff?: 'monospace' | 'text';
  ta?: Responsive<CSSProperties['textAlign']>;
  tt?: CSSProperties['textTransform'];
  lh?: number | string;
  display?: CSSProperties['display'];
  /** Shown from this breakpoint up. */
  visibleFrom?: Breakpoint;
  /** Hidden from this breakpoint up. */
  hiddenFrom?: Breakpoint;
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

/** The CSS properties whose style props may take a value per width step (ui/generated/responsive.css has their rules). */
export const RESPONSIVE_PROPERTIES = [
  'padding',
  'padding-top',
  'padding-bottom',
  'padding-left',
  'padding-right',
  'width',
  'font-size',
  'text-align',
] as const;
export type ResponsiveProperty = (typeof RESPONSIVE_PROPERTIES)[number];

export function color(value: Color | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'dimmed') return 'var(--c-dimmed)';
  const [palette, shade] = value.split('.');
  if (palette && PALETTES.has(palette)) return `var(--c-${palette}-${shade ?? '8'})`;
  return value;
}

/** The width steps of ui.css; xs is 0 wide, so it is the base. */
const MEDIA_STEPS = ['base', 'sm', 'md', 'lg'] as const;

/**
 * Writes one CSS declaration into `out`: inline when the value is plain; when responsive, one custom property
 * per width step (each holding the nearest step's value at or below it, so nothing is inherited from an ancestor)
 * plus the class `ui-r-<property>` that reads them.
 */
export function setStyle<T>(
  out: StyleParts,
  property: string,
  value: Responsive<T> | undefined,
  toCss: (value: T) => string | number | undefined,
): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'object') {
    const css = toCss(value as T);
    if (css !== undefined) out.style[property] = css;
    return;
  }
  const given = value as Partial<Record<string, T>>;
  let current: string | number | undefined;
  for (const step of MEDIA_STEPS) {
    const here = step === 'base' ? (given.base ?? given.xs) : step === 'lg' ? (given.lg ?? given.xl) : given[step];
    if (here !== undefined) current = toCss(here);
    if (current !== undefined) out.style[`--${property}-${step}`] = String(current);
  }
  out.classes.push(`ui-r-${property}`);
}

export interface StyleParts {
  style: Record<string, string | number>;
  classes: string[];
}

const same = <T>(value: T) => value as string | number | undefined;

/** The props that are style props, removed before the rest reach the element. */
const STYLE_KEYS = new Set<string>([
  'm',
  'mt',
  'mb',
  'ml',
  'mr',
  'mx',
  'my',
  'p',
  'pt',
  'pb',
  'pl',
  'pr',
  'px',
  'py',
  'w',
  'h',
  'maw',
  'miw',
  'c',
  'bg',
  'fw',
  'fz',
  'fs',
  'ff',
  'ta',
  'tt',
  'lh',
  'display',
  'visibleFrom',
  'hiddenFrom',
]);

/** Resolves the style props into `out`. */
export function applyStyleProps(props: StyleProps, out: StyleParts): void {
  setStyle(out, 'margin', props.m, spacing);
  setStyle(out, 'margin-top', props.mt ?? props.my, spacing);
  setStyle(out, 'margin-bottom', props.mb ?? props.my, spacing);
  setStyle(out, 'margin-left', props.ml ?? props.mx, spacing);
  setStyle(out, 'margin-right', props.mr ?? props.mx, spacing);
  setStyle(out, 'padding', props.p, spacing);
  setStyle(out, 'padding-top', props.pt ?? props.py, spacing);
  setStyle(out, 'padding-bottom', props.pb ?? props.py, spacing);
  setStyle(out, 'padding-left', props.pl ?? props.px, spacing);
  setStyle(out, 'padding-right', props.pr ?? props.px, spacing);
  setStyle(out, 'width', props.w, spacing);
  setStyle(out, 'height', props.h, spacing);
  setStyle(out, 'max-width', props.maw, spacing);
  setStyle(out, 'min-width', props.miw, spacing);
  setStyle(out, 'color', props.c, color);
  setStyle(out, 'background', props.bg, color);
  setStyle(out, 'font-weight', props.fw, same);
  setStyle(out, 'font-size', props.fz, fontSize);
  setStyle(out, 'font-style', props.fs, same);
  setStyle(out, 'font-family', props.ff, (family) => `var(--font-${family === 'monospace' ? 'mono' : 'text'})`);
  setStyle(out, 'text-align', props.ta, same);
  setStyle(out, 'text-transform', props.tt, same);
  setStyle(out, 'line-height', props.lh, same);
  setStyle(out, 'display', props.display, same);
  if (props.visibleFrom) out.classes.push(`ui-visible-from-${props.visibleFrom}`);
  if (props.hiddenFrom) out.classes.push(`ui-hidden-from-${props.hiddenFrom}`);
}

/** camelCase for React's style object; custom properties keep their name. */
const reactStyleName = (name: string) =>
  name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Splits the style props off a component's props and returns what the element gets: `className` (the
 * component's own classes, the responsive and visibility classes, the caller's), `style` (resolved style props
 * under the caller's `style`) and the other props. `own` lets a component add its own declarations first.
 */
export function elementProps<P extends StyleProps & { style?: CSSProperties; className?: string }>(
  props: P,
  baseClass: string | undefined,
  own?: (out: StyleParts) => void,
): Omit<P, keyof StyleProps> & { className: string | undefined; style: CSSProperties | undefined } {
  // Most elements of a page (table cells above all) carry no style prop: they skip the resolution, which a
  // profile of the server-rendered result page found at 5 % of its CPU.
  if (!own && !hasStyleProps(props)) {
    return {
      ...(props as Omit<P, keyof StyleProps>),
      className: cx(baseClass, props.className),
      style: props.style,
    };
  }
  const out: StyleParts = { style: {}, classes: [] };
  own?.(out);
  applyStyleProps(props, out);
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) if (!STYLE_KEYS.has(key)) rest[key] = value;
  const style: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(out.style)) style[reactStyleName(name)] = value;
  const hasStyle = Object.keys(style).length > 0 || props.style !== undefined;
  return {
    ...(rest as Omit<P, keyof StyleProps>),
    className: cx(baseClass, ...out.classes, props.className),
    style: hasStyle ? ({ ...style, ...props.style } as CSSProperties) : undefined,
  };
}

/** Whether any style prop is given at all (even undefined: the prop must not reach the DOM element). */
function hasStyleProps(props: object): boolean {
  for (const key in props) if (STYLE_KEYS.has(key)) return true;
  return false;
}

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string | undefined =>
  names.filter(Boolean).join(' ') || undefined;
