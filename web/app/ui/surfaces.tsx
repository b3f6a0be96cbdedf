import type { ElementType, ReactNode } from 'react';
import { color as themeColor, elementProps, spacing, type Color, type Length, type ThemeSize } from './values.ts';
import type { PolymorphicProps } from './polymorphic.ts';
import type { Weight } from './typography.tsx';

const RADIUS: Record<ThemeSize, string> = { xs: '2px', sm: '4px', md: '8px', lg: '16px', xl: '32px' };
export const radius = (value: ThemeSize | number | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'number' ? `${value}px` : RADIUS[value];

interface PaperOwnProps {
  withBorder?: boolean;
  radius?: ThemeSize | number;
  shadow?: 'xs';
}

/** A white surface, bordered or shadowed. */
export function Paper<C extends ElementType = 'div'>({
  component,
  withBorder = false,
  radius: corner = 'sm',
  shadow,
  ...props
}: PolymorphicProps<C, PaperOwnProps>) {
  const Element: ElementType = component ?? 'div';
  return (
    <Element
      data-with-border={withBorder || undefined}
      data-shadow={shadow}
      {...elementProps(props, 'ui-paper', (out) => (out.style['border-radius'] = radius(corner)!))}
    />
  );
}

/** A Paper with inner padding (the theme's `padding`). */
export function Card<C extends ElementType = 'div'>({
  padding = 'md',
  ...props
}: PolymorphicProps<C, PaperOwnProps & { padding?: Length }>) {
  return (
    <Paper
      {...(props as PolymorphicProps<'div', PaperOwnProps>)}
      style={{ padding: spacing(padding), ...props.style }}
    />
  );
}

/**
 * A message box: light background in its colour, a bold title, the text. It carries role="alert" unless told
 * otherwise, as screen readers should hear errors and warnings when they appear.
 */
export function Alert({
  color = 'blue',
  title,
  icon,
  radius: corner = 'sm',
  titleColor,
  children,
  ...props
}: PolymorphicProps<
  'div',
  {
    color?: Color;
    title?: ReactNode;
    icon?: ReactNode;
    radius?: ThemeSize;
    /** The title's colour when the alert's own is too light to read on its background (orange, yellow). */
    titleColor?: Color;
  }
>) {
  return (
    <div
      role="alert"
      {...elementProps(props, 'ui-alert', (out) => {
        out.style['--alert-color'] = themeColor(color.includes('.') ? color : `${color}.8`)!;
        out.style['--alert-light'] = themeColor(`${color.split('.')[0]}.0`)!;
        out.style['border-radius'] = radius(corner)!;
      })}
    >
      {icon ? <div className="ui-alert-icon">{icon}</div> : null}
      <div className="ui-alert-body">
        {title ? (
          <div className="ui-alert-title" style={titleColor ? { color: themeColor(titleColor) } : undefined}>
            {title}
          </div>
        ) : null}
        {children ? <div className="ui-alert-message">{children}</div> : null}
      </div>
    </div>
  );
}

interface BadgeOwnProps {
  color?: Color;
  variant?: 'filled' | 'light';
  size?: 'xs' | 'sm' | 'md';
  circle?: boolean;
  radius?: ThemeSize | number;
  leftSection?: ReactNode;
  fullWidth?: boolean;
  /** Upper case (a label, the default) or as written (a status that reads as a word). */
  textCase?: 'upper' | 'as-written';
  weight?: Weight;
}

/** A short label in a pill: a status, a count. */
export function Badge<C extends ElementType = 'span'>({
  component,
  color = 'blue',
  variant = 'filled',
  size = 'md',
  circle = false,
  radius: corner,
  leftSection,
  fullWidth,
  textCase = 'upper',
  weight,
  children,
  ...props
}: PolymorphicProps<C, BadgeOwnProps>) {
  const Element: ElementType = component ?? 'span';
  const palette = color.split('.')[0]!;
  return (
    <Element
      data-variant={variant}
      data-size={size}
      data-circle={circle || undefined}
      data-case={textCase === 'as-written' ? textCase : undefined}
      data-weight={weight}
      {...elementProps(props, 'ui-badge', (out) => {
        out.style['--badge-color'] = themeColor(
          color.includes('.') ? color : `${palette}.${palette === 'gray' ? 7 : 8}`,
        )!;
        out.style['--badge-light'] = themeColor(`${palette}.${palette === 'gray' ? 1 : 0}`)!;
        if (corner !== undefined) out.style['border-radius'] = radius(corner)!;
        if (fullWidth) out.style.width = '100%';
      })}
    >
      {leftSection ? <span className="ui-badge-section">{leftSection}</span> : null}
      {children}
    </Element>
  );
}

/** Text for screen readers only. */
export function VisuallyHidden<C extends ElementType = 'span'>({ component, ...props }: PolymorphicProps<C>) {
  const Element: ElementType = component ?? 'span';
  return <Element {...elementProps(props, 'ui-visually-hidden')} />;
}

/** A grey placeholder block while content loads. */
export function Skeleton({
  height,
  width = '100%',
  radius: corner = 'sm',
  ...props
}: PolymorphicProps<'div', { height?: number | string; width?: number | string; radius?: ThemeSize | number }>) {
  return (
    <div
      aria-hidden="true"
      {...elementProps(props, 'ui-skeleton', (out) => {
        out.style.height = typeof height === 'number' ? `${height}px` : (height ?? '1em');
        out.style.width = typeof width === 'number' ? `${width}px` : width;
        out.style['border-radius'] = radius(corner)!;
      })}
    />
  );
}

/** A bar filled to `value` percent. */
export function Progress({
  value,
  size = 'md',
  color = 'blue',
  radius: corner = 'sm',
  transitionDuration,
  'aria-label': label,
  ...props
}: PolymorphicProps<
  'div',
  { value: number; size?: ThemeSize | number; color?: Color; radius?: ThemeSize | number; transitionDuration?: number }
>) {
  const height =
    typeof size === 'number' ? `${size}px` : { xs: '3px', sm: '5px', md: '8px', lg: '12px', xl: '16px' }[size];
  return (
    <div
      {...elementProps(props, 'ui-progress', (out) => {
        out.style.height = height;
        out.style['border-radius'] = radius(corner)!;
      })}
    >
      <div
        className="ui-progress-bar"
        role="progressbar"
        aria-valuenow={Math.round(value)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={label}
        style={{
          width: `${value}%`,
          background: themeColor(color),
          transition: transitionDuration !== undefined ? `width ${transitionDuration}ms` : undefined,
        }}
      />
    </div>
  );
}

export function Divider(props: PolymorphicProps<'hr'>) {
  return <hr {...elementProps(props, 'ui-divider')} />;
}

/** An image; `fit` is its object-fit. */
export function Image({
  radius: corner,
  fit,
  ...props
}: PolymorphicProps<'img', { radius?: ThemeSize | number; fit?: 'contain' | 'cover' }>) {
  return (
    <img
      {...elementProps(props, 'ui-image', (out) => {
        if (corner !== undefined) out.style['border-radius'] = radius(corner)!;
        if (fit) out.style['object-fit'] = fit;
      })}
    />
  );
}
