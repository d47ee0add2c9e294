import { useRef, useState } from 'react';
import { FormattedMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import type { PlannerItem, PlannerOverride } from '../../../../contracts/planner-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useChangeQueue } from '../../lib/use-change-queue.ts';
import { useResource } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { currentApi } from '../../stores/session-store.ts';
import { NewNote, NoteActions, todoListChanged } from './PlannerNotes.tsx';

interface TodoTabProps {
  courseId: number;
  studentId: number;
  /** An observer reads a linked student's list and cannot change it. */
  observed: boolean;
}

/** The course's `To do` from the planner: each item with a `Done` checkbox that sets the caller's planner override. */
export function TodoTab({ courseId, studentId, observed }: TodoTabProps) {
  const intl = useIntl();
  const items = useResource(resources.todo(courseId, studentId, observed));
  return (
    <>
      {!observed && <NewNote courseId={courseId} studentId={studentId} />}
      <Loaded value={items} what={intl.formatMessage({ id: 'todo.what', defaultMessage: 'the to-do list' })}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">
              <FormattedMessage id="todo.empty" defaultMessage="Nothing to do in the two weeks either side of today." />
            </p>
          ) : (
            <ul className="card-list" aria-label={intl.formatMessage({ id: 'todo.list', defaultMessage: 'To do' })}>
              {list.map((item) => (
                <TodoItem key={`${item.plannable_type}:${item.plannable_id}`} courseId={courseId} studentId={studentId} item={item} readOnly={observed} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function TodoItem({ courseId, studentId, item, readOnly }: { courseId: number; studentId: number; item: PlannerItem; readOnly: boolean }) {
  const intl = useIntl();
  // Each tick is sent in turn, none dropped (decision 0093). The box shows the person's latest choice at once; once
  // the last one is answered, the list read back has the server's word on it.
  const changes = useChangeQueue();
  const [chosen, setChosen] = useState<boolean>();
  const latest = useRef(0);
  // The override an earlier change made, for one queued behind it (the item on screen may not show it yet).
  const made = useRef<PlannerOverride>(undefined);
  const done = chosen ?? item.planner_override?.marked_complete ?? false;
  const title = item.plannable.title ?? intl.formatMessage({ id: 'todo.untitled', defaultMessage: 'Untitled' });
  const target = placeOf(courseId, item);
  const marked = (next: boolean) => {
    setChosen(next);
    const turn = ++latest.current;
    void changes.send(async () => {
      try {
        made.current = await currentApi().itemMarked({ ...item, planner_override: made.current ?? item.planner_override }, next);
        await todoListChanged(courseId, studentId);
      } finally {
        if (turn === latest.current) setChosen(undefined);
      }
    });
  };
  return (
    <li className={`card todo-item${done ? ' todo-done' : ''}`}>
      <label className="checkbox">
        <input type="checkbox" checked={done} disabled={readOnly} onChange={(e) => marked(e.target.checked)} />
        <FormattedMessage id="todo.done" defaultMessage="Done" />
      </label>
      {target ? (
        <Link className="card-title" to={target} dir="auto">
          {title}
        </Link>
      ) : (
        <span className="card-title" dir="auto">
          {title}
        </span>
      )}
      <span className="muted">
        {typeLabel(item.plannable_type, intl)}
        {item.plannable_date && ` · ${formatDateTime(item.plannable_date)}`}
      </span>
      {item.plannable_type === 'planner_note' && !readOnly && <NoteActions courseId={courseId} studentId={studentId} item={item} />}
      <FormError message={changes.error} />
    </li>
  );
}

/** Where the UI shows the item, for the kinds it has screens for. */
function placeOf(courseId: number, item: PlannerItem): string | undefined {
  const id = Number(item.plannable_id);
  if (item.plannable_type === 'assignment') return paths.assignment(courseId, id);
  if (item.plannable_type === 'quiz') return paths.quiz(courseId, id);
  if (item.plannable_type === 'discussion_topic' || item.plannable_type === 'announcement') return paths.discussion(courseId, id);
  if (item.plannable_type === 'assessment_request') {
    // A peer review's item points at the reviewed submission, `…/assignments/:id/submissions/:user_id`, as in Canvas.
    const match = REVIEWED_SUBMISSION.exec(item.html_url);
    return match ? paths.peerReview(courseId, Number(match[1]), Number(match[2])) : undefined;
  }
  return undefined;
}

const REVIEWED_SUBMISSION = /\/assignments\/(\d+)\/submissions\/(\d+)$/;

const TYPE_LABELS = defineMessages({
  assignment: { id: 'todo.type.assignment', defaultMessage: 'Assignment' },
  quiz: { id: 'todo.type.quiz', defaultMessage: 'Quiz' },
  discussion_topic: { id: 'todo.type.discussion', defaultMessage: 'Discussion' },
  announcement: { id: 'todo.type.announcement', defaultMessage: 'Announcement' },
  wiki_page: { id: 'todo.type.page', defaultMessage: 'Page' },
  planner_note: { id: 'todo.type.note', defaultMessage: 'Note' },
  assessment_request: { id: 'todo.type.peerReview', defaultMessage: 'Peer review' },
});

function typeLabel(type: string, intl: IntlShape): string {
  return Object.hasOwn(TYPE_LABELS, type) ? intl.formatMessage(TYPE_LABELS[type as keyof typeof TYPE_LABELS]) : type;
}
