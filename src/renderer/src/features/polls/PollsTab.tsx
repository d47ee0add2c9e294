import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CoursePoll } from '../../api/poll-calls.ts';
import type { CourseViewer } from '../../lib/course-roles.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { PollAnswerForm } from './PollAnswerForm.tsx';
import { PollResults } from './PollResults.tsx';
import { PollSessionActions } from './PollSessionActions.tsx';

/**
 * The course's poll sessions: a student answers an open one once, then sees their answer (and the results once
 * published); a teacher opens and closes them and always sees the results.
 */
export function PollsTab({ courseId, viewer }: { courseId: number; viewer: CourseViewer }) {
  const intl = useIntl();
  const polls = useResource(resources.coursePolls(courseId));
  return (
    <Loaded value={polls} what={intl.formatMessage({ id: 'polls.what', defaultMessage: 'polls', description: 'Fills {what} in “Loading {what}…” and the load-failure messages.' })}>
      {(list) =>
        list.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="polls.none" defaultMessage="This course has no polls yet." />
          </p>
        ) : (
          <ul className="card-list" aria-label={intl.formatMessage({ id: 'polls.list', defaultMessage: 'Polls' })}>
            {list.map((item) => (
              <li key={item.session.id} className="card">
                <PollCard courseId={courseId} item={item} viewer={viewer} />
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

function PollCard({ courseId, item, viewer }: { courseId: number; item: CoursePoll; viewer: CourseViewer }) {
  const { session, poll, choices } = item;
  // A student is sent only their own answer; managers are sent everyone's, and answer none.
  const answer = viewer.isStudent && session.has_submitted ? session.poll_submissions[0] : undefined;
  const chosen = answer && choices.find((c) => c.id === answer.poll_choice_id);
  const canAnswer = viewer.isStudent && session.is_published && !session.has_submitted;
  return (
    <>
      {!canAnswer && (
        <span className="card-title" dir="auto">
          {poll.question}
        </span>
      )}
      {session.is_published ? (
        <Badge tone="good">
          <FormattedMessage id="polls.state.open" defaultMessage="Open" description="A badge: the poll takes answers now." />
        </Badge>
      ) : (
        <Badge tone="locked">
          <FormattedMessage id="polls.state.closed" defaultMessage="Closed" description="A badge: the poll takes no answers now." />
        </Badge>
      )}
      {poll.description && <p dir="auto">{poll.description}</p>}
      {canAnswer && <PollAnswerForm courseId={courseId} session={session} question={poll.question} choices={choices} />}
      {answer && (
        <p>
          {chosen ? (
            <FormattedMessage id="polls.answer.yours" defaultMessage="Your answer: {answer}" values={{ answer: <bdi>{chosen.text}</bdi> }} />
          ) : (
            <FormattedMessage id="polls.answer.recorded" defaultMessage="Your answer: recorded" description="The student answered; the choice itself is no longer listed." />
          )}
        </p>
      )}
      {viewer.isStudent && !session.is_published && !session.has_submitted && (
        <p className="muted">
          <FormattedMessage id="polls.closedUnanswered" defaultMessage="This poll closed before you answered." />
        </p>
      )}
      {/* The server sends results to the poll's managers, and to students once they are public. */}
      {session.results && <PollResults question={poll.question} choices={choices} results={session.results} />}
      {viewer.canManage && <PollSessionActions courseId={courseId} session={session} question={poll.question} />}
    </>
  );
}
