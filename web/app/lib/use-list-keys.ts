import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';

/**
 * The back office's keyboard for its lists (the order queue, payments, bills, clients): one implementation.
 * `j`/`k` or `↓`/`↑` move a cursor row; every other key is the page's own action, given the cursor's row. Keys
 * typed into a field, a select or on a button, and with Ctrl/Alt/⌘, are left alone, so forms stay usable.
 */

/** True when the key went into something that takes keys of its own (a field, a select, a button). */
export const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName));

export interface ListKeysOptions {
  /** How many rows the list has; the cursor stays among them. */
  count: number;
  /** Changes when the rows do (a new page, a filter): the cursor goes back to the first row. */
  rowsKey: string;
  /** The page's actions by `KeyboardEvent.key`, called with the cursor's row index (0 when the list is empty). */
  actions: Readonly<Record<string, (cursor: number) => void>>;
}

export interface ListKeys {
  cursor: number;
  setCursor: (index: number) => void;
  /** For the rows' parent (`<tbody>`): the cursor row is scrolled into view as it moves. */
  rowsRef: RefObject<HTMLTableSectionElement | null>;
  /** The cursor row's marks: `data-cursor` for tests, an outline to see it by. */
  rowProps: (index: number) => { 'data-cursor'?: true; style?: CSSProperties };
}

/** One line of key help, as the pages show it under their title («Клавиши: …»). */
export const keysHelp = (entries: readonly (readonly [keys: string, what: string])[]): string =>
  entries.map(([keys, what]) => `${keys} — ${what}`).join(', ');

export function useListKeys({ count, rowsKey, actions }: ListKeysOptions): ListKeys {
  const [cursor, setCursor] = useState(0);
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  // The handler reads the latest actions without re-subscribing on every render.
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    setCursor(0);
  }, [rowsKey]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const at = Math.max(0, Math.min(cursor, count - 1));
      switch (event.key) {
        case 'j':
        case 'ArrowDown':
          if (count === 0) return;
          setCursor(Math.min(at + 1, count - 1));
          break;
        case 'k':
        case 'ArrowUp':
          if (count === 0) return;
          setCursor(Math.max(at - 1, 0));
          break;
        default: {
          const action = actionsRef.current[event.key];
          if (!action) return;
          action(at);
        }
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cursor, count]);

  useEffect(() => {
    rowsRef.current?.children[cursor]?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor]);

  const rowProps = (index: number) =>
    index === cursor && count > 0
      ? {
          'data-cursor': true as const,
          style: { outline: '2px solid var(--mantine-color-blue-5)', outlineOffset: -2 } satisfies CSSProperties,
        }
      : {};

  return { cursor, setCursor, rowsRef, rowProps };
}
