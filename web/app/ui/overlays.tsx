import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ReactNode } from 'react';
import { cx } from './values.ts';

interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title?: ReactNode;
  children?: ReactNode;
  id?: string;
}

/**
 * The browser's own modal <dialog>: it traps focus, closes on Escape, returns focus to what opened it and
 * makes the page behind it inert, with no script of ours for any of that. It lives at the end of <body> (a portal,
 * once the page has hydrated: it has nothing to show before it is opened), so that its content never reads as
 * part of the landmark that opened it.
 */
function NativeDialog({
  opened,
  onClose,
  title,
  children,
  id,
  className,
  size,
}: DialogProps & { className: string; size?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(document.body), []);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // A test DOM (jsdom) has <dialog> without showModal: there it opens as a plain open dialog.
    if (opened && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    if (!opened && element.open) {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
    }
  }, [opened, host]);
  if (!host) return null;
  return createPortal(
    <dialog
      ref={dialog}
      id={id}
      className={className}
      aria-labelledby={title ? titleId : undefined}
      style={size ? { ['--dialog-size' as string]: size } : undefined}
      onClose={() => opened && onClose()}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      {opened ? (
        <div className="ui-dialog-content">
          <div className="ui-dialog-header">
            {title ? (
              <h2 className="ui-dialog-title" id={titleId}>
                {title}
              </h2>
            ) : null}
            <button type="button" className="ui-dialog-close" aria-label="Закрыть" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="ui-dialog-body">{children}</div>
        </div>
      ) : null}
    </dialog>,
    host,
  );
}

/** A modal window in the middle of the screen. */
export function Modal({ centered = false, size, ...props }: DialogProps & { centered?: boolean; size?: string }) {
  return <NativeDialog {...props} size={size} className={cx('ui-modal', centered && 'ui-modal-centered')!} />;
}

/** A panel sliding in from the right edge. */
export function Drawer({ size = '320px', ...props }: DialogProps & { size?: string }) {
  return <NativeDialog {...props} size={size} className="ui-drawer" />;
}

/**
 * A hint shown on hover and keyboard focus of its child, in CSS: the child stays as it is and should carry the
 * same text for screen readers (aria-label or aria-describedby).
 */
export function Tooltip({
  label,
  children,
  width,
}: {
  label: ReactNode;
  children: ReactNode;
  /** The label's width in px, its text wrapping inside (a long hint). */
  width?: number;
  multiline?: boolean;
  withArrow?: boolean;
}) {
  return (
    <span className="ui-tooltip">
      {children}
      <span
        className="ui-tooltip-label"
        aria-hidden="true"
        style={width ? { width: `${width}px`, whiteSpace: 'normal' } : undefined}
      >
        {label}
      </span>
    </span>
  );
}
