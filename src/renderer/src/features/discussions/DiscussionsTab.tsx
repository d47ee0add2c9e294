import { Link } from 'react-router';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { TopicActions } from './TopicActions.tsx';

/** The course's discussion topics, each with its replies and how many the caller has not read; moderators also start, pin and lock them. */
export function DiscussionsTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const topics = useResource(resources.discussionTopics(courseId));
  return (
    <>
      {viewer.canManage && (
        <p className="button-row">
          <Link to={paths.newDiscussion(courseId)}>New discussion</Link>
          <Link to={paths.newAnnouncement(courseId)}>New announcement</Link>
        </p>
      )}
      <Loaded value={topics} what="discussions">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">This course has no discussions yet.</p>
          ) : (
            <ul className="card-list" aria-label="Discussions">
              {list.map((topic) => (
                <li key={topic.id} className="card">
                  <Link className="card-title" to={paths.discussion(courseId, topic.id)}>
                    {topic.title}
                  </Link>
                  {topic.unread_count > 0 && <Badge tone="good">{topic.unread_count} unread</Badge>}
                  {topic.pinned && <Badge>Pinned</Badge>}
                  {topic.locked && <Badge tone="locked">Locked</Badge>}
                  {viewer.canManage && !topic.published && <Badge tone="warn">Unpublished</Badge>}
                  <span className="muted">
                    {topic.discussion_subentry_count} {topic.discussion_subentry_count === 1 ? 'reply' : 'replies'}
                    {topic.posted_at && ` · posted ${formatDateTime(topic.posted_at)}`}
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
