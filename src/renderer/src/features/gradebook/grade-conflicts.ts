import type { SyncConflict } from '../../../../contracts/session-dtos.ts';

/**
 * The fields that make a submission conflict a grade conflict. The hub compares a submission's grade fields as one
 * group and its work fields as another; a conflict whose fields include the grade itself is about the grade (a
 * teacher's device never changes the student's work).
 */
const GRADE_FIELDS = ['score', 'grade', 'excused'];

/** The submissions of `courseId` whose grade ended in an open sync conflict, by submission id. */
export function conflictedGrades(conflicts: readonly SyncConflict[], courseId: number): ReadonlySet<number> {
  return new Set(
    conflicts
      .filter((c) => c.record_type === 'submission' && c.course_id === courseId && c.fields.some((f) => GRADE_FIELDS.includes(f)))
      .map((c) => c.record_id),
  );
}
