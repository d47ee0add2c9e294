import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Assignment } from '../../../../contracts/lms-dtos.ts';
import { FormError } from '../../components/FormError.tsx';
import { paths } from '../../lib/paths.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { useAuthoringStore } from '../../stores/authoring-store.ts';

/** `Delete`, then a second, explicit `Delete assignment`: a deleted assignment takes its grades out of the totals. */
export function DeleteAssignment({ courseId, assignment }: { courseId: number; assignment: Assignment }) {
  const [asking, setAsking] = useState(false);
  const deleteRequested = useAuthoringStore((s) => s.assignmentDeleteRequested);
  const { pending, error, submit } = useSubmission();
  const navigate = useNavigate();
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)}>
        Delete
      </button>
    );
  }
  const confirmed = () =>
    submit(async () => {
      await deleteRequested(courseId, assignment.id);
      void navigate(paths.course(courseId, 'assignments'));
    });
  return (
    <div role="group" aria-label="Delete this assignment?" className="notice">
      <p>Delete “{assignment.name}”? Its submissions and grades leave the gradebook with it.</p>
      <FormError message={error} />
      <div className="button-row">
        <button type="button" onClick={confirmed} disabled={pending}>
          Delete assignment
        </button>
        <button type="button" onClick={() => setAsking(false)} disabled={pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}
