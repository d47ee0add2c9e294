import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { common } from '../../i18n/common-messages.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { discussionMessages } from './discussion-messages.ts';
import { TopicActions } from './TopicActions.tsx';

/** The course's discussion topics, each with its replies and how many the caller has not read; moderators also start, pin and lock them. */
export function DiscussionsTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const intl = useIntl();
  const topics = useResource(resources.discussionTopics(courseId));
  return (
    <>
      {viewer.canManage && (
        <p className="button-row">
          <Link to={paths.newDiscussion(courseId)}>
            <FormattedMessage {...discussionMessages.new} />
          </Link>
          <Link to={paths.newAnnouncement(courseId)}>
            <FormattedMessage {...discussionMessages.newAnnouncement} />
          </Link>
        </p>
      )}
      <Loaded value={topics} what={intl.formatMessage(discussionMessages.what)}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="discussions.none" defaultMessage="This course has no discussions yet." />
            </p>
          ) : (
            <ul className="card-list" aria-label={intl.formatMessage({ id: 'discussions.list', defaultMessage: 'Discussions' })}>
              {list.map((topic) => (
                <li key={topic.id} className="card">
                  <Link className="card-title" to={paths.discussion(courseId, topic.id)} dir="auto">
                    {topic.title}
                  </Link>
                  {topic.unread_count > 0 && (
                    <Badge tone="good">
                      {intl.formatMessage({ id: 'discussions.unread', defaultMessage: '{count, number} unread' }, { count: topic.unread_count })}
                    </Badge>
                  )}
                  {topic.pinned && <Badge>{intl.formatMessage({ id: 'discussions.pinned', defaultMessage: 'Pinned' })}</Badge>}
                  {topic.locked && <Badge tone="locked">{intl.formatMessage({ id: 'discussions.locked', defaultMessage: 'Locked' })}</Badge>}
                  {viewer.canManage && !topic.published && <Badge tone="warn">{intl.formatMessage(common.unpublished)}</Badge>}
                  <span className="muted">
                    {topic.posted_at ? (
                      <FormattedMessage
                        id="discussions.repliesPosted"
                        defaultMessage="{count, plural, one {# reply} other {# replies}} · posted {when}"
                        values={{ count: topic.discussion_subentry_count, when: formatDateTime(topic.posted_at) }}
                      />
                    ) : (
                      <FormattedMessage id="discussions.replies" defaultMessage="{count, plural, one {# reply} other {# replies}}" values={{ count: topic.discussion_subentry_count }} />
                    )}
                  </span>
                  {viewer.canManage && <TopicActions courseId={courseId} topic={topic} />}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}
