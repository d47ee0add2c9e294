import { useId, useState, type FormEvent } from 'react';
import type { Submission } from '../../../../contracts/grading-dtos.ts';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { CommentList } from '../../components/CommentList.tsx';
import { FormError } from '../../components/FormError.tsx';
import { useSubmission } from '../../lib/use-submission.ts';
import { currentApi } from '../../stores/session-store.ts';
import { useResourceStore } from '../../stores/resource-store.ts';
import { resources } from '../../stores/resources.ts';
import { markers, scoreText } from '../grades/grade-cells.ts';

interface SubmissionFeedbackProps {
  courseId: number;
  assignment: Assignment;
  submission: Submission;
  /** The student's own work takes comments; an observer reads it only. */
  canComment: boolean;
}

/** The grade and comments on a student's work as released to them (the API withholds what is not posted). */
export function SubmissionFeedback({ courseId, assignment, submission, canComment }: SubmissionFeedbackProps) {
  const headingId = useId();
  const marks = markers(submission);
  return (
    <section className="submission-feedback" aria-labelledby={headingId}>
      <h4 id={headingId}>Feedback</h4>
      <p>
        Grade: {scoreText(assignment, submission)}
        {marks.length > 0 && ` · ${marks.join(', ')}`}
      </p>
      <CommentList comments={submission.submission_comments ?? []} nameOf={(c) => c.author_name} />
      {canComment && <CommentForm courseId={courseId} assignmentId={assignment.id} />}
    </section>
  );
}

function CommentForm({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  const id = useId();
  const [text, setText] = useState('');
  const { pending, error, submit } = useSubmission();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    submit(async () => {
      await currentApi().commentOnOwn(courseId, assignmentId, text.trim());
      setText('');
      await useResourceStore.getState().resourceStale(resources.mySubmission(courseId, assignmentId));
    });
  };
  return (
    <form className="stacked-form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={id}>Comment</label>
        <textarea id={id} rows={3} value={text} onChange={(e) => setText(e.target.value)} disabled={pending} />
      </div>
      <FormError message={error} />
      <div className="button-row">
        <button type="submit" disabled={pending || text.trim() === ''}>
          Add comment
        </button>
      </div>
    </form>
  );
}
