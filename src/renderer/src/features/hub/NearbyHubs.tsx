import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useClassroomStore } from '../../stores/classroom-store.ts';

/** `Hubs found on this network`: classroom hubs announcing themselves on the LAN; choosing one fills `Hub address`. */
export function NearbyHubs({ onChosen }: { onChosen: (url: string) => void }) {
  const intl = useIntl();
  const nearby = useClassroomStore((s) => s.nearby);
  const nearbySearched = useClassroomStore((s) => s.nearbySearched);
  useEffect(() => {
    void nearbySearched();
  }, [nearbySearched]);
  if (!nearby || nearby.length === 0) return null;
  const label = intl.formatMessage({ id: 'hub.nearby', defaultMessage: 'Hubs found on this network' });
  return (
    <section aria-labelledby="hub-nearby">
      <h2 id="hub-nearby">{label}</h2>
      <ul aria-labelledby="hub-nearby" className="plain-list">
        {nearby.map((hub) => (
          <li key={hub.url}>
            <button type="button" className="link-button" onClick={() => onChosen(hub.url)}>
              <span dir="auto">{hub.name}</span>
            </button>{' '}
            <span className="muted" dir="ltr">
              {hub.url}
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">
        <FormattedMessage id="hub.nearby.hint" defaultMessage="Choose one to fill in its address, then sign in with your school account." />
      </p>
    </section>
  );
}
