import { NOTIFICATION_DURATION_MS } from '@detal/contract/browser';
import { notifications } from '../ui/index.ts';

/** The error snackbar of the spec's error catalogue; it closes by itself after NOTIFICATION_DURATION_MS. */
export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: NOTIFICATION_DURATION_MS, withBorder: true });
}
