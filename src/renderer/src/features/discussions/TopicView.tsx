import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { DiscussionTopic, TopicView as ThreadView } from '../../../../contracts/discussion-dtos.ts';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { ConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { SafeHtmlFrame } from '../../components/SafeHtmlFrame.tsx';
import { common } from '../../i18n/common-messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { allLoaded, useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';
import { currentApi } from '../../stores/session-store.ts';
import { discussionMessages } from './discussion-messages.ts';
import { ReplyForm } from './ReplyForm.tsx';
import { ThreadEntries } from './ThreadEntries.tsx';
import { TopicActions } from './TopicActions.tsx';

/** `discussions/:topicId`: the topic, its whole thread nested, and a reply to the topic or to any entry where the API allows replies. */
export function TopicView({ course, viewer }: { course: Course; viewer: CourseViewer }) {
  const intl = useIntl();
  const topicId = idParam(useParams().topicId) ?? 0;
  const topic = useResource(resources.discussionTopic(course.id, topicId));
  const view = useResource(resources.topicView(course.id, topicId));
  useDocumentTitle(
    topic.status === 'loaded' ? topic.data.title : intl.formatMessage({ id: 'discussions.topic.title', defaultMessage: 'Discussion', description: 'Window title while the topic loads.' }),
    course.name,
  );
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'discussions')}>
          <FormattedMessage {...discussionMessages.all} />
        </Link>
      </p>
      <Loaded value={allLoaded(topic, view)} what={intl.formatMessage(discussionMessages.this)}>
        {([t, v]) => (
          <>
            {viewer.canManage && <TopicModeration courseId={course.id} topic={t} />}
            <Topic courseId={course.id} topic={t} view={v} canReply={t.permissions.reply} />
          </>
        )}
      </Loaded>
    </article>
  );
}

/** Edit, pin, lock and delete, for moderators. */
function TopicModeration({ courseId, topic }: { courseId: number; topic: DiscussionTopic }) {
  const deleteRequested = useAuthoringStore((s) => s.topicDeleteRequested);
  const navigate = useNavigate();
  const announcement = String(topic.is_announcement);
  return (
    <div className="button-row">
      <Link to={paths.editDiscussion(courseId, topic.id)}>
        <FormattedMessage {...common.edit} />
      </Link>
      <TopicActions courseId={courseId} topic={topic} />
      <ConfirmDelete
        what={topic.is_announcement ? 'announcement' : 'discussion'}
        question={
          <FormattedMessage
            id="discussions.delete.question"
            defaultMessage="{announcement, select, true {Delete “{title}”? Its replies go with it.} other {Delete “{title}”? Its replies go with it, and so does its assignment if it is graded.}}"
            values={{ announcement, title: <bdi>{topic.title}</bdi> }}
          />
        }
        onDelete={async () => {
          await deleteRequested(courseId, topic.id);
          void navigate(paths.course(courseId, topic.is_announcement ? 'modules' : 'discussions'));
        }}
      />
    </div>
  );
}

function Topic({ courseId, topic, view, canReply }: { courseId: number; topic: DiscussionTopic; view: ThreadView; canReply: boolean }) {
  const intl = useIntl();
  const unread = useUnreadOnOpening(courseId, topic, view);
  const names = new Map(view.participants.map((p) => [p.id, p.display_name]));
  const replies = intl.formatMessage({ id: 'discussions.topic.replies', defaultMessage: 'Replies' });
  return (
    <>
      <h2 dir="auto">{topic.title}</h2>
      {/* The author's name, then the date: joined with a middle dot, which every language here reads the same way. */}
      <p className="muted">
        <bdi>{topic.user_name ?? intl.formatMessage(discussionMessages.someone)}</bdi>
        {topic.posted_at && ` · ${formatDateTime(topic.posted_at)}`}
      </p>
      {topic.message && <SafeHtmlFrame html={topic.message} title={intl.formatMessage({ id: 'discussions.topic.message', defaultMessage: 'Discussion topic' })} />}
      <section aria-label={replies} className="discussion-thread">
        <h3>{replies}</h3>
        {!topic.user_can_see_posts && (
          <p className="muted">
            <FormattedMessage id="discussions.topic.replyFirst" defaultMessage="Post your own reply first to see the others." />
          </p>
        )}
        {view.view.length === 0 && topic.user_can_see_posts && (
          <p className="muted">
            <FormattedMessage id="discussions.topic.noReplies" defaultMessage="No replies yet." />
          </p>
        )}
        <ThreadEntries courseId={courseId} topicId={topic.id} entries={view.view} names={names} unread={unread} canReply={canReply} />
      </section>
      {canReply ? (
        <ReplyForm courseId={courseId} topicId={topic.id} />
      ) : (
        topic.locked_for_user && (
          <p className="muted">
            <FormattedMessage id="discussions.topic.closed" defaultMessage="This discussion is closed for replies." />
          </p>
        )
      )}
    </>
  );
}

/**
 * The entries that were unread when the topic was opened stay marked on screen, while the API is told at once that
 * the caller has now read the topic and all of it (so the list's unread counts drop).
 */
function useUnreadOnOpening(courseId: number, topic: DiscussionTopic, view: ThreadView): ReadonlySet<number> {
  const [unread] = useState(() => new Set(view.unread_entries));
  const marked = useRef(false);
  const hasUnread = topic.read_state === 'unread' || view.unread_entries.length > 0;
  useEffect(() => {
    if (marked.current || !hasUnread) return;
    marked.current = true;
    void currentApi()
      .topicRead(courseId, topic.id)
      .then(() => useResourceStore.getState().resourceStale(resources.discussionTopics(courseId)))
      // Read state is a nicety: if marking fails, the entries simply stay unread for next time.
      .catch(() => undefined);
  }, [courseId, topic.id, hasUnread]);
  return unread;
}
