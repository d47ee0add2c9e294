import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { Course } from '../../../../contracts/lms-dtos.ts';
import { CommentForm } from '../../components/CommentForm.tsx';
import { CommentList } from '../../components/CommentList.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { idParam, paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../shell/use-document-title.ts';
import { allLoaded, useResource, useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi, useSessionStore } from '../../stores/session-store.ts';
import { AttemptContent } from '../grader/SubmissionView.tsx';
import type { Messages } from '../../i18n/messages.ts';

const words: Messages<'title'> = defineMessages({
  title: { id: 'peerReviews.title', defaultMessage: 'Peer review: {assignment}', description: '{assignment}: the assignment’s name.' },
});

/**
 * `assignments/:assignmentId/reviews/:userId`: a classmate's work the student was asked to review, without its grade
 * (the API leaves it out for a reviewer); a comment on it completes the review, as in Canvas without a rubric.
 */
export function PeerReviewScreen({ course }: { course: Course }) {
  const intl = useIntl();
  const params = useParams();
  const assignmentId = idParam(params.assignmentId) ?? 0;
  const userId = idParam(params.userId) ?? 0;
  const me = useSessionStore((state) => (state.session.phase === 'signed-in' ? state.session.user.id : 0));
  const assignment = useResource(resources.assignment(course.id, assignmentId));
  const submission = useResource(resources.submission(course.id, assignmentId, userId));
  useDocumentTitle(
    assignment.status === 'loaded'
      ? intl.formatMessage(words.title, { assignment: assignment.data.name })
      : intl.formatMessage({ id: 'peerReviews.title.loading', defaultMessage: 'Peer review' }),
    course.name,
  );
  return (
    <article className="detail">
      <p className="breadcrumbs">
        <Link to={paths.course(course.id, 'todo')}>
          <FormattedMessage id="peerReviews.toTodo" defaultMessage="To do" description="A link back to the student's To do list." />
        </Link>
      </p>
      <Loaded
        value={allLoaded(assignment, submission)}
        what={intl.formatMessage({ id: 'peerReviews.what', defaultMessage: 'the work to review', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}
      >
        {([a, s]) => (
          <>
            <h2>
              <FormattedMessage {...words.title} values={{ assignment: <bdi>{a.name}</bdi> }} />
            </h2>
            {s.submitted_at === null ? (
              <p className="muted">
                <FormattedMessage id="peerReviews.notSubmitted" defaultMessage="Your classmate has not submitted this work yet." />
              </p>
            ) : (
              <AttemptContent attempt={s} />
            )}
            <section aria-label={intl.formatMessage({ id: 'peerReviews.commentsOnWork', defaultMessage: 'Comments on this work' })}>
              <h3>
                <FormattedMessage id="peerReviews.comments" defaultMessage="Comments" />
              </h3>
              <CommentList comments={s.submission_comments ?? []} nameOf={(c) => c.author_name} />
              <CommentForm
                send={async (text) => {
                  await currentApi().changeSubmission(course.id, assignmentId, userId, { text_comment: text });
                  const { resourceStale } = useResourceStore.getState();
                  await Promise.all([resourceStale(resources.submission(course.id, assignmentId, userId)), resourceStale(resources.todo(course.id, me, false))]);
                }}
              />
            </section>
          </>
        )}
      </Loaded>
    </article>
  );
}
