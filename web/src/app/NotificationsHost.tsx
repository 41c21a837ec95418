import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * NotificationsHost renders toasts; loaded only once the first toast is shown.
 * Toasts sit below the 64 px header (public and admin alike: see
 * .marquee-toasts in styles.css) so that they never cover the signed-in
 * user's name, role badge or Logout button.
 */
export default function NotificationsHost() {
  return <Notifications position="top-center" classNames={{ root: 'marquee-toasts' }} />;
}
