import type { ElementType, ReactNode } from 'react';
import { elementProps, fontSize, type ThemeSize } from './values.ts';
import type { PolymorphicProps } from './polymorphic.ts';

/** The type scale's text sizes (--font-size-*). */
export type TextSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';
// md is the text's own size (ui.css has no rule for it).

/** Text colours by role: dimmed (--c-dimmed), muted (gray 7), strong (dark 5), error (red 8), warning (orange 9). */
export type Tone = 'dimmed' | 'muted' | 'strong' | 'error' | 'warning';
export type Weight = 400 | 500 | 600 | 700;

interface TextOwnProps {
  size?: TextSize;
  tone?: Tone;
  weight?: Weight;
  align?: 'center' | 'right';
  /** Cuts the text after this many lines with an ellipsis. */
  lineClamp?: number;
  /** Renders as a span (inline text inside another text). */
  span?: boolean;
  inherit?: boolean;
}

/** A paragraph of text (or a span): size, tone, weight and alignment by data attributes that ui.css styles. */
export function Text<C extends ElementType = 'p'>({
  component,
  size,
  tone,
  weight,
  align,
  lineClamp,
  span = false,
  inherit = false,
  ...props
}: PolymorphicProps<C, TextOwnProps>) {
  const Element: ElementType = component ?? (span ? 'span' : 'p');
  return (
    <Element
      data-size={size}
      data-tone={tone}
      data-weight={weight}
      data-ta={align}
      {...elementProps(
        props,
        inherit ? 'ui-text ui-text-inherit' : 'ui-text',
        lineClamp === undefined
          ? undefined
          : (out) => {
              out.classes.push('ui-line-clamp');
              out.style['--line-clamp'] = lineClamp;
            },
      )}
    />
  );
}

/**
 * A heading: `order` is its level (its element, size and line height); `size` another level's font size, the line
 * height staying its own level's, or `page` (a page's title: 24 px, 30 px from md, line height 1.2) or `section`
 * (18 px, 20 px from md).
 */
export function Title<C extends ElementType = 'h1'>({
  component,
  order = 1,
  size,
  ...props
}: PolymorphicProps<C, { order?: 1 | 2 | 3 | 4 | 5 | 6; size?: 4 | 5 | 'page' | 'section' }>) {
  const Element: ElementType = component ?? `h${order}`;
  return <Element data-size={size} {...elementProps(props, `ui-title ui-title-${order}`)} />;
}

/** A link in the theme's colour, underlined on hover (or always). */
export function Anchor<C extends ElementType = 'a'>({
  component,
  size,
  underline = 'hover',
  inherit = false,
  ...props
}: PolymorphicProps<C, { size?: ThemeSize; underline?: 'always' | 'hover' | 'never'; inherit?: boolean }>) {
  const Element: ElementType = component ?? 'a';
  return (
    <Element
      data-underline={underline}
      {...elementProps(props, inherit ? 'ui-anchor ui-text-inherit' : 'ui-anchor', (out) => {
        if (size) out.style['font-size'] = fontSize(size)!;
      })}
    />
  );
}

export function Code({ block = false, children, ...props }: PolymorphicProps<'code', { block?: boolean }>) {
  const code = <code {...elementProps(props, 'ui-code')}>{children}</code>;
  return block ? <pre className="ui-code-block">{code}</pre> : code;
}

export function Kbd(props: PolymorphicProps<'kbd', { size?: ThemeSize }>) {
  const { size, ...rest } = props;
  return <kbd {...elementProps(rest, 'ui-kbd', (out) => size && (out.style['font-size'] = fontSize(size)!))} />;
}

/** A bulleted or numbered list; `spacing` is the gap between items. */
export function List({
  type = 'unordered',
  spacing,
  size,
  children,
  ...props
}: PolymorphicProps<'ul', { type?: 'ordered' | 'unordered'; spacing?: number | string; size?: ThemeSize }>) {
  const Element = (type === 'ordered' ? 'ol' : 'ul') as ElementType;
  return (
    <Element
      {...elementProps(props, 'ui-list', (out) => {
        if (spacing !== undefined) out.style['--list-spacing'] = typeof spacing === 'number' ? `${spacing}px` : spacing;
        if (size) out.style['font-size'] = fontSize(size)!;
      })}
    >
      {children}
    </Element>
  );
}
List.Item = function ListItem({ children, ...props }: PolymorphicProps<'li', { children?: ReactNode }>) {
  return <li {...elementProps(props, undefined)}>{children}</li>;
};

/** Rich HTML from the shop's content (headings, lists, tables) in the storefront's type styles. */
export function Typography(props: PolymorphicProps<'div'>) {
  return <div {...elementProps(props, 'ui-typography')} />;
}
