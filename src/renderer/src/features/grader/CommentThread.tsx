import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SubmissionComment } from '../../../../contracts/grading-dtos.ts';
import { CommentList } from '../../components/CommentList.tsx';
import { saveKey, studentKey, useGraderStore, type StudentRef } from '../../stores/grader-store.ts';
import { authorName } from './author-names.ts';
import { SaveStatus } from './SaveStatus.tsx';
import type { GraderStudent } from './student-order.ts';

interface CommentThreadProps {
  student: StudentRef;
  comments: readonly SubmissionComment[];
  order: readonly GraderStudent[];
}

/** The submission's comments, oldest first, and the `Comment` box whose draft is kept per student. */
export function CommentThread({ student, comments, order }: CommentThreadProps) {
  const id = useId();
  const draft = useGraderStore((s) => s.commentDrafts[studentKey(student)] ?? '');
  const save = useGraderStore((s) => s.saves[saveKey(student, 'comment')]);
  const commentDrafted = useGraderStore((s) => s.commentDrafted);
  const commentAdded = useGraderStore((s) => s.commentAdded);
  const saving = save?.status === 'saving';
  return (
    <section className="panel grader-comments" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`}>
        <FormattedMessage id="grader.comments" defaultMessage="Comments" />
      </h4>
      <CommentList comments={comments} nameOf={(c) => authorName(c.author_id, c.author_name, order)} />
      <form
        className="stacked-form"
        onSubmit={(e) => {
          e.preventDefault();
          void commentAdded(student);
        }}
      >
        <div className="field">
          <label htmlFor={id}>
            <FormattedMessage id="grader.comment" defaultMessage="Comment" />
          </label>
          <textarea id={id} rows={3} value={draft} onChange={(e) => commentDrafted(student, e.target.value)} />
        </div>
        <div className="button-row">
          <button type="submit" disabled={saving || draft.trim() === ''}>
            <FormattedMessage id="grader.comment.add" defaultMessage="Add comment" />
          </button>
        </div>
        <SaveStatus save={save} what="comment" />
      </form>
    </section>
  );
}
