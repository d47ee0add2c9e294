import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { Loaded } from '../../components/Loaded.tsx';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { NotAllowed } from '../courses/NotAllowed.tsx';
import { discussionMessages } from './discussion-messages.ts';
import { TopicForm } from './TopicForm.tsx';

interface TopicEditorProps {
  course: Course;
  viewer: CourseViewer;
  /** For `announcements/new`; an existing topic says itself whether it is one. */
  announcement?: boolean;
}

/** `discussions/new`, `announcements/new` and `discussions/:topicId/edit`: the topic form, for those who build the course. */
export function TopicEditor({ course, viewer, announcement = false }: TopicEditorProps) {
  const topicId = idParam(useParams().topicId);
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'discussions')}>
          <FormattedMessage {...discussionMessages.all} />
        </Link>
      </p>
      {!viewer.canManage ? (
        <NotAllowed course={course} what="discussions" />
      ) : topicId === undefined ? (
        <NewTopic course={course} announcement={announcement} />
      ) : (
        <EditTopic course={course} topicId={topicId} />
      )}
    </article>
  );
}

function NewTopic({ course, announcement }: { course: Course; announcement: boolean }) {
  const heading = useIntl().formatMessage(announcement ? discussionMessages.newAnnouncement : discussionMessages.new);
  useDocumentTitle(heading, course.name);
  return (
    <>
      <h2>{heading}</h2>
      <TopicForm courseId={course.id} announcement={announcement} />
    </>
  );
}

function EditTopic({ course, topicId }: { course: Course; topicId: number }) {
  const intl = useIntl();
  const topic = useResource(resources.discussionTopic(course.id, topicId));
  useDocumentTitle(
    topic.status === 'loaded'
      ? intl.formatMessage(discussionMessages.editNamed, { title: topic.data.title })
      : intl.formatMessage({ id: 'discussions.edit', defaultMessage: 'Edit discussion', description: 'Window title while the topic loads.' }),
    course.name,
  );
  return (
    <Loaded value={topic} what={intl.formatMessage(discussionMessages.this)}>
      {(t) => (
        <>
          <h2>
            <FormattedMessage {...discussionMessages.editNamed} values={{ title: <bdi>{t.title}</bdi> }} />
          </h2>
          <TopicForm courseId={course.id} announcement={t.is_announcement} topic={t} />
        </>
      )}
    </Loaded>
  );
}
