import { lazy, Suspense } from 'react';
import { useNotificationsRequested } from '../lib/notify';

const NotificationsHost = lazy(() => import('./NotificationsHost'));

/** LazyNotifications mounts the toast host once notify() has been called. */
export function LazyNotifications() {
  const requested = useNotificationsRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
