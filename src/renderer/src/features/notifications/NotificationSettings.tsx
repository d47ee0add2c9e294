import { useId } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { CommunicationChannel, NotificationFrequency, NotificationPreference } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import type { Messages } from '../../i18n/messages.ts';
import { categoryLabel } from './category-labels.ts';
import { DesktopNotificationSettings } from './DesktopNotificationSettings.tsx';

const FREQUENCY_LABELS: Messages<NotificationFrequency> = defineMessages({
  immediately: { id: 'notifications.frequency.immediately', defaultMessage: 'Right away' },
  daily: { id: 'notifications.frequency.daily', defaultMessage: 'Daily summary' },
  weekly: { id: 'notifications.frequency.weekly', defaultMessage: 'Weekly summary' },
  never: { id: 'notifications.frequency.never', defaultMessage: 'Never' },
});

/** How often each category of notification reaches the person's first email address (Canvas's preferences page). */
export function NotificationSettings() {
  const intl = useIntl();
  const channels = useResource(resources.channels());
  return (
    <section aria-labelledby="settings-notifications" className="panel">
      <h2 id="settings-notifications">
        <FormattedMessage id="notifications.heading" defaultMessage="Notifications" />
      </h2>
      <Loaded value={channels} what={intl.formatMessage({ id: 'notifications.channels.what', defaultMessage: 'your notification addresses' })}>
        {(list) => {
          const email = list.find((c) => c.type === 'email');
          return email ? (
            <ChannelPreferences channel={email} />
          ) : (
            <p className="muted">
              <FormattedMessage id="notifications.noEmail" defaultMessage="You have no email address for notifications." />
            </p>
          );
        }}
      </Loaded>
      <DesktopNotificationSettings />
    </section>
  );
}

function ChannelPreferences({ channel }: { channel: CommunicationChannel }) {
  const intl = useIntl();
  const preferences = useResource(resources.notificationPreferences(channel.id));
  return (
    <Loaded value={preferences} what={intl.formatMessage({ id: 'notifications.preferences.what', defaultMessage: 'your notification preferences' })}>
      {(list) => (
        <>
          <p>
            <FormattedMessage id="notifications.sentTo" defaultMessage="Sent to {address}." values={{ address: <bdi dir="ltr">{channel.address}</bdi> }} />
          </p>
          <div className="notification-categories">
            {[...Map.groupBy(list, (p) => p.category)].map(([category, members]) => (
              <CategoryChoice key={category} channelId={channel.id} category={category} preferences={members} />
            ))}
          </div>
        </>
      )}
    </Loaded>
  );
}

function CategoryChoice({ channelId, category, preferences }: { channelId: number; category: string; preferences: readonly NotificationPreference[] }) {
  const id = useId();
  const intl = useIntl();
  const { pending, error, submit } = useSubmission();
  const frequencies = new Set(preferences.map((p) => p.frequency));
  // Set one by one elsewhere (another client), a category can hold several frequencies: say so until one is chosen.
  const current = frequencies.size === 1 ? preferences[0]!.frequency : '';
  const chosen = (frequency: NotificationFrequency) =>
    submit(async () => {
      await currentApi().categoryFrequencySet(channelId, category, frequency);
      await useResourceStore.getState().resourceStale(resources.notificationPreferences(channelId));
    });
  return (
    <div className="field">
      <label htmlFor={id}>{categoryLabel(category, intl)}</label>
      <select id={id} value={current} disabled={pending} onChange={(e) => chosen(e.target.value as NotificationFrequency)}>
        {current === '' && <option value="">{intl.formatMessage({ id: 'notifications.frequency.mixed', defaultMessage: 'Mixed' })}</option>}
        {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {intl.formatMessage(label)}
          </option>
        ))}
      </select>
      <FormError message={error} />
    </div>
  );
}
