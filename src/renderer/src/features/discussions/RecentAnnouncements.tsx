import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';

/** How many announcements the course's home shows, newest first, as Canvas's "recent announcements" do. */
const SHOWN = 3;

/** The newest announcements above the modules; nothing while there are none (or they cannot be read). */
export function RecentAnnouncements({ courseId }: { courseId: number }) {
  const intl = useIntl();
  const announcements = useResource(resources.announcements(courseId));
  if (announcements.status !== 'loaded' || announcements.data.length === 0) return null;
  return (
    <section aria-label={intl.formatMessage({ id: 'announcements.recent', defaultMessage: 'Recent announcements' })} className="announcements">
      <h3>
        <FormattedMessage id="announcements.recent" defaultMessage="Recent announcements" />
      </h3>
      <ul className="card-list">
        {announcements.data.slice(0, SHOWN).map((a) => (
          <li key={a.id} className="card">
            <Link className="card-title" to={paths.discussion(courseId, a.id)} dir="auto">
              {a.title}
            </Link>
            {a.posted_at && (
              <span className="muted">
                <FormattedMessage id="announcements.posted" defaultMessage="posted {when}" values={{ when: formatDateTime(a.posted_at) }} />
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
