import type { QuizSubmission } from '../../../../contracts/quiz-attempt-dtos.ts';

/** An attempt the student started and has not turned in (a record made only to hold extensions is not one). */
export function isOpen(sub: QuizSubmission | undefined): boolean {
  return sub?.workflow_state === 'untaken' && sub.started_at !== null;
}

/** The latest attempt is turned in: scored, or waiting for a grader. */
export function isFinished(sub: QuizSubmission | undefined): boolean {
  return sub?.workflow_state === 'pending_review' || sub?.workflow_state === 'complete';
}
