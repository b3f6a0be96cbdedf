import type { CSSProperties, ElementType, ReactNode } from 'react';
import { elementProps, setStyle, spacing, type Length, type Responsive } from './style-props.ts';
import type { PolymorphicProps } from './polymorphic.ts';

/** A plain element that takes style props. */
export function Box<C extends ElementType = 'div'>({ component, ...props }: PolymorphicProps<C>) {
  const Element: ElementType = component ?? 'div';
  return <Element {...elementProps(props, undefined)} />;
}

interface FlexOwnProps {
  gap?: Responsive<Length>;
  align?: Responsive<CSSProperties['alignItems']>;
  justify?: Responsive<CSSProperties['justifyContent']>;
}

const same = <T,>(value: T) => value as string | undefined;

/** Children in a column. */
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
      {...elementProps(props, 'ui-stack', (out) => {
        setStyle(out, 'gap', gap, spacing);
        setStyle(out, 'align-items', align, same);
        setStyle(out, 'justify-content', justify, same);
      })}
    />
  );
}

/** Children in a row, wrapping unless told not to; `grow` shares the width between them. */
export function Group<C extends ElementType = 'div'>({
  component,
  gap = 'md',
  align = 'center',
  justify,
  wrap = 'wrap',
  grow = false,
  ...props
}: PolymorphicProps<C, FlexOwnProps & { wrap?: CSSProperties['flexWrap']; grow?: boolean }>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      data-grow={grow || undefined}
      {...elementProps(props, 'ui-group', (out) => {
        setStyle(out, 'gap', gap, spacing);
        setStyle(out, 'align-items', align, same);
        setStyle(out, 'justify-content', justify, same);
        setStyle(out, 'flex-wrap', wrap, same);
      })}
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
}: PolymorphicProps<
  C,
  FlexOwnProps & { direction?: Responsive<CSSProperties['flexDirection']>; wrap?: CSSProperties['flexWrap'] }
>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      {...elementProps(props, 'ui-flex', (out) => {
        setStyle(out, 'gap', gap, spacing);
        setStyle(out, 'align-items', align, same);
        setStyle(out, 'justify-content', justify, same);
        setStyle(out, 'flex-direction', direction, same);
        setStyle(out, 'flex-wrap', wrap, same);
      })}
    />
  );
}

const CONTAINER_WIDTH = { xs: 540, sm: 720, md: 960, lg: 1140, xl: 1320 } as const;

/** The page's width, centred, with side padding. */
export function Container<C extends ElementType = 'div'>({
  component,
  size = 'md',
  ...props
}: PolymorphicProps<C, { size?: keyof typeof CONTAINER_WIDTH | number }>) {
  const Element: ElementType = component ?? 'div';
  const width = typeof size === 'number' ? size : CONTAINER_WIDTH[size];
  return <Element {...elementProps(props, 'ui-container', (out) => (out.style['max-width'] = `${width}px`))} />;
}

interface SimpleGridOwnProps {
  cols?: Responsive<number>;
  spacing?: Responsive<Length>;
  verticalSpacing?: Responsive<Length>;
}

/** Equal columns, as many as `cols` says for the width. */
export function SimpleGrid<C extends ElementType = 'div'>({
  component,
  cols = 1,
  spacing: gap = 'md',
  verticalSpacing,
  ...props
}: PolymorphicProps<C, SimpleGridOwnProps>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      {...elementProps(props, 'ui-simple-grid', (out) => {
        setStyle(out, 'grid-template-columns', cols, (count) => `repeat(${count}, minmax(0, 1fr))`);
        setStyle(out, 'column-gap', gap, spacing);
        setStyle(out, 'row-gap', verticalSpacing ?? gap, spacing);
      })}
    />
  );
}

/** A twelve-column grid; each Grid.Col spans some columns for the width. */
export function Grid<C extends ElementType = 'div'>({
  component,
  gap = 'md',
  ...props
}: PolymorphicProps<C, { gap?: Responsive<Length> }>) {
  const Element: ElementType = component ?? 'div';
  return <Element {...elementProps(props, 'ui-grid', (out) => setStyle(out, 'gap', gap, spacing))} />;
}

function GridCol({
  span = 12,
  children,
  ...props
}: PolymorphicProps<'div', { span?: Responsive<number>; children?: ReactNode }>) {
  return (
    <div {...elementProps(props, undefined, (out) => setStyle(out, 'grid-column', span, (count) => `span ${count}`))}>
      {children}
    </div>
  );
}
Grid.Col = GridCol;
