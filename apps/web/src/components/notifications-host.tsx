import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import './notifications-host.css';
import { Notifications } from '@mantine/notifications';

export { notifications } from '@mantine/notifications';

/** The notification container; loaded with the first notification, not with the first page. */
export default function NotificationsHost() {
  return <Notifications position="top-right" limit={3} className="app-notifications" />;
}
