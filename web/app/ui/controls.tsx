import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import type { ChangeEvent, ComponentPropsWithRef, CSSProperties, ElementType, ReactNode } from 'react';
import {
  color as themeColor,
  cx,
  elementProps,
  fontSize,
  type Color,
  type ClassProps,
  type ThemeSize,
} from './values.ts';
import type { PolymorphicProps } from './polymorphic.ts';
import { radius } from './surfaces.tsx';

/** The theme colour a filled control takes, and its light background. */
function colorVariables(color: Color): Record<string, string> {
  const palette = color.split('.')[0]!;
  return {
    '--control-color': themeColor(color.includes('.') ? color : palette === 'gray' ? 'gray.7' : `${palette}.8`)!,
    '--control-hover': themeColor(palette === 'gray' ? 'gray.8' : `${palette}.9`)!,
    '--control-light': themeColor(`${palette}.${palette === 'gray' ? 1 : 0}`)!,
    '--control-light-hover': themeColor(`${palette}.${palette === 'gray' ? 2 : 1}`)!,
  };
}

/** The variants the storefront draws (ui.css has a rule for each and no other). */
type ButtonVariant = 'filled' | 'light' | 'default' | 'subtle';

interface ButtonOwnProps {
  variant?: ButtonVariant;
  color?: Color;
  size?: 'xs' | 'sm' | 'md' | 'compact-sm' | 'compact-xs';
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** Shows a spinner and ignores clicks; the button stays focusable so the keyboard focus is kept. */
  loading?: boolean;
  fullWidth?: boolean;
  radius?: ThemeSize | number;
  justify?: CSSProperties['justifyContent'];
}

export type ButtonProps = ButtonOwnProps & ClassProps & { children?: ReactNode };

/** A button (or a link that looks like one, `component={Link}`). */
export function Button<C extends ElementType = 'button'>({
  component,
  variant = 'filled',
  color = 'blue',
  size = 'sm',
  leftSection,
  rightSection,
  loading = false,
  fullWidth = false,
  radius: corner,
  justify,
  children,
  ...props
}: PolymorphicProps<C, ButtonOwnProps>) {
  const Element: ElementType = component ?? 'button';
  const isButton = Element === 'button';
  const given = props as { type?: string; onClick?: (event: { preventDefault(): void }) => void };
  return (
    <Element
      {...(isButton ? { type: given.type ?? 'button' } : {})}
      data-variant={variant}
      data-size={size}
      data-loading={loading || undefined}
      aria-busy={loading || undefined}
      {...elementProps(props, cx('ui-button', fullWidth && 'ui-full-width'), (out) => {
        Object.assign(out.style, colorVariables(color));
        if (corner !== undefined) out.style['border-radius'] = radius(corner)!;
        if (justify) out.style['--button-justify'] = justify;
      })}
      onClick={(event: { preventDefault(): void }) => {
        if (loading) event.preventDefault();
        else given.onClick?.(event);
      }}
    >
      <span className="ui-button-inner">
        {leftSection ? <span className="ui-button-section">{leftSection}</span> : null}
        <span className="ui-button-label">{children}</span>
        {rightSection ? <span className="ui-button-section">{rightSection}</span> : null}
      </span>
      {loading ? <span className="ui-spinner" aria-hidden="true" /> : null}
    </Element>
  );
}

/** A square button holding an icon; it needs an aria-label. */
export function ActionIcon<C extends ElementType = 'button'>({
  component,
  variant = 'filled',
  color = 'blue',
  size = 'md',
  loading = false,
  radius: corner,
  children,
  ...props
}: PolymorphicProps<
  C,
  Omit<ButtonOwnProps, 'size' | 'variant'> & { variant?: 'filled' | 'default' | 'subtle'; size?: ThemeSize | number }
>) {
  const Element: ElementType = component ?? 'button';
  const side =
    typeof size === 'number' ? `${size}px` : { xs: '18px', sm: '22px', md: '28px', lg: '34px', xl: '44px' }[size];
  const given = props as { type?: string };
  return (
    <Element
      {...(Element === 'button' ? { type: given.type ?? 'button' } : {})}
      data-variant={variant}
      aria-busy={loading || undefined}
      {...elementProps(props, 'ui-action-icon', (out) => {
        Object.assign(out.style, colorVariables(color));
        out.style['--action-icon-size'] = side;
        if (corner !== undefined) out.style['border-radius'] = radius(corner)!;
      })}
    >
      {loading ? <span className="ui-spinner" aria-hidden="true" /> : children}
    </Element>
  );
}

interface FieldProps {
  label?: ReactNode;
  description?: ReactNode;
  /** The field's error: shown under it, and the input is marked invalid and described by it. */
  error?: ReactNode;
  required?: boolean;
  /** The asterisk beside the label without making the input required. */
  withAsterisk?: boolean;
  size?: ThemeSize;
  className?: string;
  style?: CSSProperties;
  id?: string;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  /** 'none' lets clicks on the right section reach the input (a hint rather than a button). */
  rightSectionPointerEvents?: CSSProperties['pointerEvents'];
  /** A class for the control itself (Mantine's `classNames.input`); `className` goes to the frame. */
  classNames?: { input?: string };
}

/**
 * The frame of a form field: label, description, the control, error, with the ids that tie them to the control.
 * Style props and className go to the frame, as Mantine's inputs do; the rest to the control.
 */
function Field({
  field,
  render,
}: {
  field: FieldProps;
  render: (control: { id: string; describedBy: string | undefined; invalid: boolean; className: string }) => ReactNode;
}) {
  const generated = useId();
  const id = field.id ?? generated;
  const { label, description, error, required, withAsterisk, size = 'sm', leftSection, rightSection } = field;
  const rightEvents = field.rightSectionPointerEvents;
  const describedBy = cx(description ? `${id}-description` : undefined, error ? `${id}-error` : undefined);
  const frame = elementProps(
    { className: field.className, style: field.style },
    'ui-field',
    (out) => (out.style['--field-font-size'] = fontSize(size)!),
  );
  return (
    <div className={frame.className} style={frame.style} data-size={size}>
      {label ? (
        <label className="ui-field-label" htmlFor={id}>
          {label}
          {required || withAsterisk ? (
            <span className="ui-field-required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </label>
      ) : null}
      {description ? (
        <p className="ui-field-description" id={`${id}-description`}>
          {description}
        </p>
      ) : null}
      <div
        className="ui-field-control"
        data-invalid={error ? true : undefined}
        data-with-left={leftSection ? true : undefined}
        data-with-right={rightSection ? true : undefined}
      >
        {leftSection ? (
          <span className="ui-field-section" data-position="left">
            {leftSection}
          </span>
        ) : null}
        {render({ id, describedBy, invalid: Boolean(error), className: cx('ui-input', field.classNames?.input)! })}
        {rightSection ? (
          <span
            className="ui-field-section"
            data-position="right"
            style={rightEvents ? { pointerEvents: rightEvents } : undefined}
          >
            {rightSection}
          </span>
        ) : null}
      </div>
      {error && error !== true ? (
        <p className="ui-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const FIELD_PROP_NAMES = [
  'label',
  'description',
  'error',
  'withAsterisk',
  'size',
  'className',
  'style',
  'id',
  'leftSection',
  'rightSection',
  'rightSectionPointerEvents',
  'classNames',
] as const;

function controlProps(props: FieldProps): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const name of FIELD_PROP_NAMES) delete rest[name];
  return rest;
}

type InputProps = FieldProps & Omit<ComponentPropsWithRef<'input'>, keyof FieldProps | 'size'>;

/** A labelled text input. */
export function TextInput(props: InputProps) {
  const rest = controlProps(props);
  return (
    <Field
      field={props}
      render={({ id, describedBy, invalid, className }) => (
        <input
          type="text"
          {...rest}
          id={id}
          className={className}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** A password input with a button that shows what was typed. */
export function PasswordInput(props: InputProps) {
  const [visible, setVisible] = useState(false);
  const rest = controlProps(props);
  return (
    <Field
      field={{
        ...props,
        rightSection: (
          <button
            type="button"
            className="ui-password-toggle"
            aria-label="Показать пароль"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
              {visible ? <path d="M3 3l18 18" /> : <circle cx="12" cy="12" r="3" />}
            </svg>
          </button>
        ),
      }}
      render={({ id, describedBy, invalid, className }) => (
        <input
          {...rest}
          type={visible ? 'text' : 'password'}
          id={id}
          className={className}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** A labelled text area; `autosize` grows it with its text between minRows and maxRows. */
export function Textarea({
  autosize = false,
  minRows = 2,
  maxRows,
  ...props
}: FieldProps &
  Omit<ComponentPropsWithRef<'textarea'>, keyof FieldProps> & {
    autosize?: boolean;
    minRows?: number;
    maxRows?: number;
  }) {
  const rest = controlProps(props);
  return (
    <Field
      field={props}
      render={({ id, describedBy, invalid, className }) => (
        <textarea
          rows={minRows}
          {...rest}
          id={id}
          className={cx(className, 'ui-textarea')}
          data-autosize={autosize || undefined}
          style={autosize ? ({ '--min-rows': minRows, '--max-rows': maxRows ?? 'none' } as CSSProperties) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

type SelectItem = string | { value: string; label: string; disabled?: boolean };

/** A labelled native select. */
export function NativeSelect({
  data,
  ...props
}: FieldProps & Omit<ComponentPropsWithRef<'select'>, keyof FieldProps> & { data: readonly SelectItem[] }) {
  const rest = controlProps(props);
  return (
    <Field
      field={props}
      render={({ id, describedBy, invalid, className }) => (
        <select
          {...rest}
          id={id}
          className={cx(className, 'ui-select')}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          {data.map((item) => {
            const option = typeof item === 'string' ? { value: item, label: item } : item;
            return (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            );
          })}
        </select>
      )}
    />
  );
}

/**
 * A number typed as text (so a form sends what was typed); the browser's numeric keyboard on phones. `min` and
 * `max` are accepted for Mantine's API and left to the server's check: a text input has no range (and ARIA's
 * value attributes are not allowed on one).
 */
export function NumberInput({
  min: _min,
  max: _max,
  allowDecimal = true,
  allowNegative = true,
  hideControls: _hideControls,
  onChange,
  ...props
}: Omit<InputProps, 'onChange'> & {
  allowDecimal?: boolean;
  allowNegative?: boolean;
  hideControls?: boolean;
  /** The typed text, as Mantine's NumberInput gives it (a number when it reads as one). */
  onChange?: (value: string | number) => void;
}) {
  const rest = controlProps(props);
  if (onChange) {
    rest.onChange = (event: ChangeEvent<HTMLInputElement>) => {
      const typed = event.currentTarget.value;
      const number = Number(typed.replace(',', '.'));
      onChange(typed.trim() !== '' && Number.isFinite(number) ? number : typed);
    };
  }
  return (
    <Field
      field={props}
      render={({ id, describedBy, invalid, className }) => (
        <input
          type="text"
          inputMode={allowDecimal ? 'decimal' : 'numeric'}
          pattern={allowDecimal ? undefined : allowNegative ? '-?[0-9]*' : '[0-9]*'}
          {...rest}
          id={id}
          className={className}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** A checkbox with its label (and description) to its right. */
export function Checkbox({
  label,
  description,
  size = 'sm',
  className,
  style,
  id: givenId,
  indeterminate = false,
  ...props
}: ClassProps &
  Omit<ComponentPropsWithRef<'input'>, 'size' | keyof ClassProps> & {
    label?: ReactNode;
    description?: ReactNode;
    size?: ThemeSize;
    /** The "some chosen" state of a choose-all box (a DOM property, not an attribute). */
    indeterminate?: boolean;
  }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const generated = useId();
  const id = givenId ?? generated;
  const frame = elementProps({ className, style }, 'ui-checkbox');
  const rest = controlProps(props as FieldProps);
  return (
    <div className={frame.className} style={frame.style} data-size={size}>
      <input
        {...rest}
        ref={box}
        type="checkbox"
        id={id}
        className="ui-checkbox-input"
        aria-describedby={description ? `${id}-description` : undefined}
      />
      {label || description ? (
        <div className="ui-checkbox-text">
          {label ? (
            <label htmlFor={id} className="ui-checkbox-label">
              {label}
            </label>
          ) : null}
          {description ? (
            <p className="ui-field-description" id={`${id}-description`}>
              {description}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A choice of one among a few, as a row of segments: radio inputs under the hood, so it works in a form
 * without scripts and with the arrow keys.
 */
export function SegmentedControl({
  data,
  value,
  defaultValue,
  onChange,
  name,
  size = 'sm',
  fullWidth = false,
  ...props
}: ClassProps & {
  data: readonly SelectItem[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  name?: string;
  size?: ThemeSize;
  fullWidth?: boolean;
  className?: string;
  style?: CSSProperties;
  'aria-labelledby'?: string;
  'aria-label'?: string;
}) {
  const generated = useId();
  const groupName = name ?? generated;
  const { 'aria-labelledby': labelledBy, 'aria-label': label, ...styled } = props;
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={label}
      data-size={size}
      {...elementProps(styled, cx('ui-segmented', fullWidth && 'ui-full-width'))}
    >
      {data.map((item) => {
        const option = typeof item === 'string' ? { value: item, label: item } : item;
        const id = `${generated}-${option.value}`;
        return (
          <span key={option.value} className="ui-segment">
            <input
              type="radio"
              id={id}
              name={groupName}
              value={option.value}
              className="ui-segment-input"
              {...(value !== undefined
                ? { checked: value === option.value }
                : { defaultChecked: defaultValue === option.value })}
              onChange={(event: ChangeEvent<HTMLInputElement>) =>
                event.currentTarget.checked && onChange?.(option.value)
              }
            />
            <label htmlFor={id} className="ui-segment-label">
              {option.label}
            </label>
          </span>
        );
      })}
    </div>
  );
}

/** Copies a value to the clipboard; `copied` is true for `timeout` ms after. */
export function CopyButton({
  value,
  timeout = 1000,
  children,
}: {
  value: string;
  timeout?: number;
  children: (state: { copied: boolean; copy: () => void }) => ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    void navigator.clipboard?.writeText(value).then(() => {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), timeout);
    });
  };
  return <>{children({ copied, copy })}</>;
}

interface RadioGroupState {
  name: string;
  value: string | undefined;
  onChange: ((value: string) => void) | undefined;
}

const RadioGroupContext = createContext<RadioGroupState | null>(null);

/** One choice among radios, cards or plain: its label names the group; the radios read name and value from it. */
function RadioGroup({
  label,
  description,
  error,
  required,
  name,
  value,
  onChange,
  children,
  ...props
}: ClassProps & {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  name?: string;
  value?: string;
  onChange?: (value: string) => void;
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  onFocus?: unknown;
  onBlur?: unknown;
  checked?: unknown;
  defaultValue?: unknown;
}) {
  const id = useId();
  const { onFocus: _focus, onBlur: _blur, checked: _checked, defaultValue: _default, ...styled } = props;
  return (
    <div
      role="radiogroup"
      aria-labelledby={label ? `${id}-label` : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={required || undefined}
      {...elementProps(styled, 'ui-radio-group')}
    >
      {label ? (
        <div className="ui-field-label" id={`${id}-label`}>
          {label}
          {required ? (
            <span className="ui-field-required" aria-hidden="true">
              {' *'}
            </span>
          ) : null}
        </div>
      ) : null}
      {description ? <p className="ui-field-description">{description}</p> : null}
      <RadioGroupContext.Provider value={{ name: name ?? id, value, onChange }}>{children}</RadioGroupContext.Provider>
      {error && error !== true ? (
        <p className="ui-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function useRadio(value: string) {
  const group = useContext(RadioGroupContext);
  return {
    name: group?.name,
    value,
    checked: group?.value !== undefined ? group.value === value : undefined,
    onChange: (event: ChangeEvent<HTMLInputElement>) => event.currentTarget.checked && group?.onChange?.(value),
  };
}

/** A radio with its label. */
export function Radio({
  value,
  label,
  ...props
}: ClassProps & { value: string; label: ReactNode; className?: string }) {
  const id = useId();
  const radio = useRadio(value);
  return (
    <div {...elementProps(props, 'ui-checkbox')}>
      <input type="radio" id={id} className="ui-checkbox-input" {...radio} />
      <label htmlFor={id} className="ui-checkbox-label">
        {label}
      </label>
    </div>
  );
}

/** A bordered card that is one radio choice: its whole content names it; Radio.Indicator shows its state. */
function RadioCard({
  value,
  children,
  radius: corner = 'sm',
  ...props
}: ClassProps & {
  value: string;
  children?: ReactNode;
  radius?: ThemeSize;
  className?: string;
  style?: CSSProperties;
}) {
  const radio = useRadio(value);
  return (
    <label
      data-checked={radio.checked || undefined}
      {...elementProps(props, 'ui-radio-card', (out) => (out.style['border-radius'] = radius(corner)!))}
    >
      <input type="radio" className="ui-visually-hidden ui-radio-card-input" {...radio} />
      {children}
    </label>
  );
}

function RadioIndicator(props: ClassProps) {
  return <span aria-hidden="true" {...elementProps(props, 'ui-radio-indicator')} />;
}

Radio.Group = RadioGroup;
Radio.Card = RadioCard;
Radio.Indicator = RadioIndicator;
