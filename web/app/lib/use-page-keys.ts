import { useEffect, useRef } from 'react';

/** A key as `KeyboardEvent.key` names it ('/', '1') and what it does. */
export type PageKey = readonly [key: string, action: () => void];

/** Where a typed key belongs to the field, not to the page. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Single-key shortcuts for the whole page (`/` to the search box, 1–9 to a brand): a key without Ctrl, Alt or
 * Meta, pressed outside a text field, runs its action instead of the browser's default.
 */
export function usePageKeys(keys: readonly PageKey[]): void {
  // The latest actions without re-subscribing on every render.
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTyping(event.target)) return;
      const match = current.current.find(([key]) => key === event.key);
      if (!match) return;
      event.preventDefault();
      match[1]();
    };
    document.documentElement.addEventListener('keydown', onKeyDown);
    return () => document.documentElement.removeEventListener('keydown', onKeyDown);
  }, []);
}
