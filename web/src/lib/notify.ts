import { useSyncExternalStore } from 'react';
import i18n from '../i18n';

// The notifications library loads with the first toast, not with every page:
// notify() asks for it and LazyNotifications (in main.tsx) mounts its host.
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** useNotificationsRequested reports whether a toast has been asked for yet. */
export function useNotificationsRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested, () => false);
}

/** Optional settings of one toast. */
export interface NotifyOptions {
  /** Milliseconds before the toast hides itself (the host's default when unset). */
  autoClose?: number;
  /** A data-testid on the toast, for tests. */
  testId?: string;
}

/** notify shows a toast whose close button has a translated accessible name. */
export function notify(color: 'green' | 'red', message: string, options: NotifyOptions = {}): Promise<void> {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  return import('@mantine/notifications').then(({ notifications }) => {
    notifications.show({
      color,
      message,
      position: 'top-center',
      ...(options.autoClose !== undefined && { autoClose: options.autoClose }),
      ...(options.testId && { 'data-testid': options.testId }),
      closeButtonProps: { 'aria-label': i18n.t('common.closeNotification', { ns: 'common' }) },
    });
  });
}
