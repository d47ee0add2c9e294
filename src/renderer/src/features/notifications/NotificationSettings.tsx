import { useId } from 'react';
import type { CommunicationChannel, NotificationFrequency, NotificationPreference } from '../../../../contracts/session-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';

const FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  immediately: 'Right away',
  daily: 'Daily summary',
  weekly: 'Weekly summary',
  never: 'Never',
};

/** How often each category of notification reaches the person's first email address (Canvas's preferences page). */
export function NotificationSettings() {
  const channels = useResource(resources.channels());
  return (
    <section aria-labelledby="settings-notifications" className="panel">
      <h2 id="settings-notifications">Notifications</h2>
      <Loaded value={channels} what="your notification addresses">
        {(list) => {
          const email = list.find((c) => c.type === 'email');
          return email ? <ChannelPreferences channel={email} /> : <p className="muted">You have no email address for notifications.</p>;
        }}
      </Loaded>
    </section>
  );
}

function ChannelPreferences({ channel }: { channel: CommunicationChannel }) {
  const preferences = useResource(resources.notificationPreferences(channel.id));
  return (
    <Loaded value={preferences} what="your notification preferences">
      {(list) => (
        <>
          <p>Sent to {channel.address}.</p>
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
      <label htmlFor={id}>{categoryLabel(category)}</label>
      <select id={id} value={current} disabled={pending} onChange={(e) => chosen(e.target.value as NotificationFrequency)}>
        {current === '' && <option value="">Mixed</option>}
        {Object.entries(FREQUENCY_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <FormError message={error} />
    </div>
  );
}

/** `discussion_entry` → "Discussion entry". */
function categoryLabel(slug: string): string {
  const words = slug.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
