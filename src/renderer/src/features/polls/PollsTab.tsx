import { Badge } from '../../components/Badge.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import type { CoursePoll } from '../../api/poll-calls.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { PollAnswerForm } from './PollAnswerForm.tsx';
import { PollResults } from './PollResults.tsx';

/** The course's poll sessions the student takes part in: answer an open one once, then see the answer (and results when published). */
export function PollsTab({ courseId }: { courseId: number }) {
  const polls = useResource(resources.coursePolls(courseId));
  return (
    <Loaded value={polls} what="polls">
      {(list) =>
        list.length === 0 ? (
          <p className="muted">No polls are open to you in this course.</p>
        ) : (
          <ul className="card-list" aria-label="Polls">
            {list.map((item) => (
              <li key={item.session.id} className="card">
                <PollCard courseId={courseId} item={item} />
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );
}

function PollCard({ courseId, item }: { courseId: number; item: CoursePoll }) {
  const { session, poll, choices } = item;
  const answer = session.poll_submissions[0];
  const chosen = answer && choices.find((c) => c.id === answer.poll_choice_id);
  const canAnswer = session.is_published && !session.has_submitted;
  return (
    <>
      {!canAnswer && <span className="card-title">{poll.question}</span>}
      {session.is_published ? <Badge tone="good">Open</Badge> : <Badge tone="locked">Closed</Badge>}
      {poll.description && <p>{poll.description}</p>}
      {canAnswer && <PollAnswerForm courseId={courseId} session={session} question={poll.question} choices={choices} />}
      {session.has_submitted && <p>Your answer: {chosen ? chosen.text : 'recorded'}</p>}
      {!session.is_published && !session.has_submitted && <p className="muted">This poll closed before you answered.</p>}
      {session.has_public_results && session.results && <PollResults question={poll.question} choices={choices} results={session.results} />}
    </>
  );
}
