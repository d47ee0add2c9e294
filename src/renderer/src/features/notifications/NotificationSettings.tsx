import { useId, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import type { CommunicationChannel, NotificationFrequency, NotificationPreference } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import { useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import type { Messages } from '../../i18n/messages.ts';
import { categoryLabel, groupedCategories } from './category-labels.ts';
import { DesktopNotificationSettings } from './DesktopNotificationSettings.tsx';

const FREQUENCY_LABELS: Messages<NotificationFrequency> = defineMessages({
  immediately: { id: 'notifications.frequency.immediately', defaultMessage: 'Right away' },
  daily: { id: 'notifications.frequency.daily', defaultMessage: 'Daily summary' },
  weekly: { id: 'notifications.frequency.weekly', defaultMessage: 'Weekly summary' },
  never: { id: 'notifications.frequency.never', defaultMessage: 'Never' },
});
const FREQUENCIES = Object.keys(FREQUENCY_LABELS) as NotificationFrequency[];

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

/** A table of categories (rows, under their group's heading) by frequency (columns), a radio button in each cell. */
function ChannelPreferences({ channel }: { channel: CommunicationChannel }) {
  const intl = useIntl();
  const preferences = useResource(resources.notificationPreferences(channel.id));
  const columnId = useId();
  return (
    <Loaded value={preferences} what={intl.formatMessage({ id: 'notifications.preferences.what', defaultMessage: 'your notification preferences' })}>
      {(list) => {
        const byCategory = Map.groupBy(list, (p) => p.category);
        return (
          <>
            <p>
              <FormattedMessage id="notifications.sentTo" defaultMessage="Sent to {address}." values={{ address: <bdi dir="ltr">{channel.address}</bdi> }} />
            </p>
            <div className="table-scroll">
              <table className="data-table notification-table" aria-label={intl.formatMessage({ id: 'notifications.table', defaultMessage: 'How often each notification is sent' })}>
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="notifications.column.category" defaultMessage="Notification" />
                    </th>
                    {FREQUENCIES.map((frequency) => (
                      <th key={frequency} scope="col" id={`${columnId}-${frequency}`}>
                        {intl.formatMessage(FREQUENCY_LABELS[frequency])}
                      </th>
                    ))}
                  </tr>
                </thead>
                {groupedCategories([...byCategory.keys()]).map((group) => (
                  <tbody key={group.label.id}>
                    <tr className="row-group-heading">
                      <th scope="rowgroup" colSpan={FREQUENCIES.length + 1}>
                        {intl.formatMessage(group.label)}
                      </th>
                    </tr>
                    {group.slugs.map((category) => (
                      <CategoryRow key={category} channelId={channel.id} category={category} preferences={byCategory.get(category)!} columnId={columnId} />
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
          </>
        );
      }}
    </Loaded>
  );
}

interface CategoryRowProps {
  channelId: number;
  category: string;
  preferences: readonly NotificationPreference[];
  /** The prefix of the frequency columns' header ids, which name each radio button with the row's. */
  columnId: string;
}

function CategoryRow({ channelId, category, preferences, columnId }: CategoryRowProps) {
  const rowId = useId();
  const intl = useIntl();
  // Each choice is sent in turn, none dropped (decision 0093); the person's latest shows while they are on their way.
  const changes = useChangeQueue();
  const [picked, setPicked] = useState<NotificationFrequency>();
  const frequencies = new Set(preferences.map((p) => p.frequency));
  // Set one by one elsewhere (another client), a category can hold several frequencies: none is checked until one is chosen.
  const saved = frequencies.size === 1 ? preferences[0]!.frequency : undefined;
  const current = picked ?? saved;
  const choose = (frequency: NotificationFrequency) => {
    setPicked(frequency);
    void changes.send(async () => {
      try {
        await currentApi().categoryFrequencySet(channelId, category, frequency);
      } catch (err) {
        setPicked(undefined);
        throw err;
      }
      await useResourceStore.getState().resourceStale(resources.notificationPreferences(channelId));
    });
  };
  return (
    <tr>
      <th scope="row">
        <span id={rowId}>{categoryLabel(category, intl)}</span>
        {current === undefined && (
          <span className="muted">
            {' '}
            <FormattedMessage id="notifications.frequency.mixed" defaultMessage="Mixed" />
          </span>
        )}
        <FormError message={changes.error} />
      </th>
      {FREQUENCIES.map((frequency) => (
        <td key={frequency} className="radio-cell">
          <input
            type="radio"
            name={`${rowId}-frequency`}
            aria-labelledby={`${rowId} ${columnId}-${frequency}`}
            checked={current === frequency}
            onChange={() => choose(frequency)}
          />
        </td>
      ))}
    </tr>
  );
}
