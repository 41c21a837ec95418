import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** NotificationsHost renders toasts; loaded only once the first toast is shown. */
export default function NotificationsHost() {
  return <Notifications position="top-center" />;
}
