import { notifications } from '@mantine/notifications';
import i18n from '../../i18n';

/** notify shows a toast whose close button has a translated accessible name. */
export function notify(color: 'green' | 'red', message: string) {
  notifications.show({
    color,
    message,
    closeButtonProps: { 'aria-label': i18n.t('common.closeNotification', { ns: 'common' }) },
  });
}
