import { useState } from 'react';
import { Link } from 'react-router';
import type { PlannerItem } from '../../../../contracts/planner-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
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
  const items = useResource(resources.todo(courseId, studentId, observed));
  return (
    <>
      {!observed && <NewNote courseId={courseId} studentId={studentId} />}
      <Loaded value={items} what="the to-do list">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">Nothing to do in the two weeks either side of today.</p>
          ) : (
            <ul className="card-list" aria-label="To do">
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
  const { pending, error, submit } = useSubmission();
  // The box shows the person's choice at once; the list read back afterwards has the server's word on it.
  const [chosen, setChosen] = useState<boolean>();
  const done = chosen ?? item.planner_override?.marked_complete ?? false;
  const title = item.plannable.title ?? 'Untitled';
  const target = placeOf(courseId, item);
  const marked = (next: boolean) => {
    setChosen(next);
    submit(async () => {
      try {
        await currentApi().itemMarked(item, next);
        await todoListChanged(courseId, studentId);
      } finally {
        setChosen(undefined);
      }
    });
  };
  return (
    <li className={`card todo-item${done ? ' todo-done' : ''}`}>
      <label className="checkbox">
        <input type="checkbox" checked={done} disabled={readOnly || pending} onChange={(e) => marked(e.target.checked)} />
        Done
      </label>
      {target ? (
        <Link className="card-title" to={target}>
          {title}
        </Link>
      ) : (
        <span className="card-title">{title}</span>
      )}
      <span className="muted">
        {typeLabel(item.plannable_type)}
        {item.plannable_date && ` · ${formatDateTime(item.plannable_date)}`}
      </span>
      {item.plannable_type === 'planner_note' && !readOnly && <NoteActions courseId={courseId} studentId={studentId} item={item} />}
      <FormError message={error} />
    </li>
  );
}

/** Where the UI shows the item, for the kinds it has screens for. */
function placeOf(courseId: number, item: PlannerItem): string | undefined {
  const id = Number(item.plannable_id);
  if (item.plannable_type === 'assignment') return paths.assignment(courseId, id);
  if (item.plannable_type === 'discussion_topic' || item.plannable_type === 'announcement') return paths.discussion(courseId, id);
  if (item.plannable_type === 'assessment_request') {
    // A peer review's item points at the reviewed submission, `…/assignments/:id/submissions/:user_id`, as in Canvas.
    const match = REVIEWED_SUBMISSION.exec(item.html_url);
    return match ? paths.peerReview(courseId, Number(match[1]), Number(match[2])) : undefined;
  }
  return undefined;
}

const REVIEWED_SUBMISSION = /\/assignments\/(\d+)\/submissions\/(\d+)$/;

const TYPE_LABELS: Record<string, string> = {
  assignment: 'Assignment',
  quiz: 'Quiz',
  discussion_topic: 'Discussion',
  announcement: 'Announcement',
  wiki_page: 'Page',
  planner_note: 'Note',
  assessment_request: 'Peer review',
};

function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? type;
}
