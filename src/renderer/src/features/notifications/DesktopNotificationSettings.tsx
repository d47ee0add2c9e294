import { useState } from 'react';
import { FormattedMessage } from 'react-intl';

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/** Whether this browser (or the desktop window) shows Outpost's desktop notifications, and the button that asks. */
export function DesktopNotificationSettings() {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  return (
    <div className="desktop-notifications">
      <h3>
        <FormattedMessage id="notifications.desktop.heading" defaultMessage="Desktop notifications" />
      </h3>
      {permission === 'granted' ? (
        <p>
          <FormattedMessage
            id="notifications.desktop.on"
            defaultMessage="On: new messages, announcements and assignments due within a day show on this computer while Outpost is open, for each of those categories set to Right away."
          />
        </p>
      ) : permission === 'denied' ? (
        <p>
          <FormattedMessage id="notifications.desktop.blocked" defaultMessage="Blocked in this browser's settings for Outpost. Allow notifications there to get them." />
        </p>
      ) : permission === 'unsupported' ? (
        <p className="muted">
          <FormattedMessage id="notifications.desktop.unsupported" defaultMessage="This browser cannot show desktop notifications." />
        </p>
      ) : (
        <button type="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
          <FormattedMessage id="notifications.desktop.ask" defaultMessage="Show desktop notifications" />
        </button>
      )}
    </div>
  );
}
