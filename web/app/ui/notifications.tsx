import { useEffect, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { NOTIFICATION_DURATION_MS } from '@detal/contract/browser';
import { color as themeColor } from './values.ts';

export interface Notification {
  id: string;
  message: ReactNode;
  title?: ReactNode;
  color?: string;
  /** Milliseconds before it closes by itself; false keeps it until closed. */
  autoClose?: number | false;
  withBorder?: boolean;
}

type Listener = () => void;

/**
 * The notices in the page's corner (added to the basket, an error of the spec's catalogue): a small store that
 * any module may write to, read by the one <Notifications /> of the root.
 */
function createNotificationsStore() {
  let shown: readonly Notification[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    getState: () => ({ notifications: shown }),
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(notice: Omit<Notification, 'id'> & { id?: string }): string {
      const id = notice.id ?? `notice-${++counter}`;
      shown = [...shown.filter((existing) => existing.id !== id), { ...notice, id }];
      emit();
      return id;
    },
    hide(id: string) {
      shown = shown.filter((notice) => notice.id !== id);
      emit();
    },
    clean() {
      shown = [];
      emit();
    },
  };
}

export const notificationsStore = createNotificationsStore();
export const notifications = notificationsStore;

const EMPTY: readonly Notification[] = [];

function Notice({ notice, autoClose }: { notice: Notification; autoClose: number | false }) {
  const closeAfter = notice.autoClose ?? autoClose;
  useEffect(() => {
    if (closeAfter === false) return;
    const timer = setTimeout(() => notificationsStore.hide(notice.id), closeAfter);
    return () => clearTimeout(timer);
  }, [notice.id, closeAfter]);
  return (
    <div
      className="ui-notice"
      // As Mantine's notices did: an alert, read out at once (the page's own status regions stay its own).
      role="alert"
      data-with-border={notice.withBorder || undefined}
      style={{ ['--notice-color' as string]: themeColor(notice.color ?? 'blue') }}
    >
      <div className="ui-notice-body">
        {notice.title ? <div className="ui-notice-title">{notice.title}</div> : null}
        <div className="ui-notice-message">{notice.message}</div>
      </div>
      <button
        type="button"
        className="ui-notice-close"
        aria-label="Закрыть"
        onClick={() => notificationsStore.hide(notice.id)}
      >
        ×
      </button>
    </div>
  );
}

/** Where notices appear: top right, above everything. */
export function Notifications({ autoClose = NOTIFICATION_DURATION_MS }: { autoClose?: number | false }) {
  const shown = useSyncExternalStore(
    notificationsStore.subscribe,
    () => notificationsStore.getState().notifications,
    () => EMPTY,
  );
  if (shown.length === 0) return null;
  return (
    <div className="ui-notices">
      {shown.map((notice) => (
        <Notice key={notice.id} notice={notice} autoClose={autoClose} />
      ))}
    </div>
  );
}
