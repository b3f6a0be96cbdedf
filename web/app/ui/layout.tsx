import type { ElementType, ReactNode } from 'react';
import { elementProps } from './values.ts';
import type { PolymorphicProps } from './polymorphic.ts';

/**
 * Layout by classes of ui.css, nothing resolved at render time (decision 0045): each layout prop is a `data-*`
 * attribute that ui.css styles, from a small set of values. A value per width step (`{ base, md, lg }`) writes one
 * attribute per step (`data-gap`, `data-gap-lg`), which ui.css reads in its media query; only the steps and values
 * the pages use have a rule there.
 */

/** Space between children: the tokens' scale (--space-*) or a few small pixel steps. */
export type Gap = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 2 | 4 | 6 | 8;
export type Align = 'flex-start' | 'center' | 'flex-end' | 'baseline' | 'stretch';
export type Justify = 'flex-start' | 'center' | 'flex-end' | 'space-between';
export type Direction = 'row' | 'column' | 'column-reverse';
/** A value for every width, or one per width step from `base` up (sm 320 px, md 768 px, lg 1440 px). */
export type Steps<T> = T | { base: T; sm?: T; md?: T; lg?: T };

/** The `data-<name>` attributes of a value that may change with the width. */
export function stepAttributes<T extends string | number>(
  name: string,
  value: Steps<T> | undefined,
): Record<string, string> {
  if (value === undefined) return {};
  if (typeof value !== 'object') return { [`data-${name}`]: String(value) };
  const out: Record<string, string> = { [`data-${name}`]: String(value.base) };
  for (const step of ['sm', 'md', 'lg'] as const) {
    if (value[step] !== undefined) out[`data-${name}-${step}`] = String(value[step]);
  }
  return out;
}

interface FlexOwnProps {
  gap?: Steps<Gap>;
  align?: Steps<Align>;
  justify?: Justify;
}

/** A plain element that takes style props. */
export function Box<C extends ElementType = 'div'>({ component, ...props }: PolymorphicProps<C>) {
  const Element: ElementType = component ?? 'div';
  return <Element {...elementProps(props, undefined)} />;
}

/** Children in a column (`gap` md unless told). */
export function Stack<C extends ElementType = 'div'>({
  component,
  gap = 'md',
  align,
  justify,
  ...props
}: PolymorphicProps<C, FlexOwnProps>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      {...stepAttributes('gap', gap)}
      {...stepAttributes('align', align)}
      {...stepAttributes('justify', justify)}
      {...elementProps(props, 'ui-stack')}
    />
  );
}

/** Children in a row, centred, wrapping unless `wrap="nowrap"`; `grow` shares the width between them. */
export function Group<C extends ElementType = 'div'>({
  component,
  gap = 'md',
  align,
  justify,
  wrap = 'wrap',
  grow = false,
  ...props
}: PolymorphicProps<C, FlexOwnProps & { wrap?: 'wrap' | 'nowrap'; grow?: boolean }>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      data-grow={grow || undefined}
      data-nowrap={wrap === 'nowrap' || undefined}
      {...stepAttributes('gap', gap)}
      {...stepAttributes('align', align)}
      {...stepAttributes('justify', justify)}
      {...elementProps(props, 'ui-group')}
    />
  );
}

/** A flex box whose direction may change with the width. */
export function Flex<C extends ElementType = 'div'>({
  component,
  gap,
  align,
  justify,
  direction,
  wrap,
  ...props
}: PolymorphicProps<C, FlexOwnProps & { direction?: Steps<Direction>; wrap?: 'wrap' | 'nowrap' }>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      data-wrap={wrap === 'wrap' || undefined}
      {...stepAttributes('gap', gap)}
      {...stepAttributes('align', align)}
      {...stepAttributes('justify', justify)}
      {...stepAttributes('direction', direction)}
      {...elementProps(props, 'ui-flex')}
    />
  );
}

/** The page's width, centred, with side padding: `content` is the shop's (--content-width), `md` 960 px. */
export function Container<C extends ElementType = 'div'>({
  component,
  size = 'md',
  ...props
}: PolymorphicProps<C, { size?: 'md' | 'content' }>) {
  const Element: ElementType = component ?? 'div';
  return <Element data-size={size} {...elementProps(props, 'ui-container')} />;
}

/** Equal columns, as many as `cols` says for the width; `spacing` between them, `verticalSpacing` between rows. */
export function SimpleGrid<C extends ElementType = 'div'>({
  component,
  cols = 1,
  spacing = 'md',
  verticalSpacing,
  ...props
}: PolymorphicProps<C, { cols?: Steps<number>; spacing?: Gap; verticalSpacing?: Gap }>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      {...stepAttributes('cols', cols)}
      {...stepAttributes('gap', spacing)}
      {...stepAttributes('row-gap', verticalSpacing)}
      {...elementProps(props, 'ui-simple-grid')}
    />
  );
}

/** A twelve-column grid; each Grid.Col spans some columns for the width. */
export function Grid<C extends ElementType = 'div'>({
  component,
  gap = 'md',
  ...props
}: PolymorphicProps<C, { gap?: Steps<Gap> }>) {
  const Element: ElementType = component ?? 'div';
  return <Element {...stepAttributes('gap', gap)} {...elementProps(props, 'ui-grid')} />;
}

function GridCol({
  span = 12,
  children,
  ...props
}: PolymorphicProps<'div', { span?: Steps<number>; children?: ReactNode }>) {
  return (
    <div {...stepAttributes('span', span)} {...elementProps(props, undefined)}>
      {children}
    </div>
  );
}
Grid.Col = GridCol;
