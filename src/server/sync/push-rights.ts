import { isDeepStrictEqual } from 'node:util';
import { SUBMISSION_GRADE_FIELDS } from './push-policies.ts';
import type { PushCollection, WireRecord } from './sync-partitions.ts';
import { seesStudent, type SyncScope } from './sync-scope.ts';

/**
 * Whether the device's user may write this record on the hub; the reason when not. The same lines the API
 * draws: content belongs to course staff, course work to its student and the graders who see that student,
 * history is append-only, and a record never moves to another course or user.
 */
export function pushRefusal(
  scope: SyncScope,
  collection: PushCollection,
  next: WireRecord,
  current: WireRecord | undefined,
  assumed: WireRecord | undefined,
): string | undefined {
  if (next.key !== `${next.type}:${next.id}`) return 'the key does not match type and id';
  if (current && (current.course_id !== next.course_id || current.user_id !== next.user_id)) return 'a record cannot move to another course or user';
  const course = scope.courses.get(next.course_id);
  switch (collection) {
    case 'course':
      if (!course?.staff) return 'only course staff may change course content';
      // Records the API guards with rights other than manage_content: a designer or TA must not enroll
      // themselves as a teacher, nor change the grading setup.
      if (PEOPLE_TYPES.has(next.type) && !course.managesPeople) return 'only those who manage the course’s people may change enrollments';
      if (GRADING_SETUP_TYPES.has(next.type) && !course.grader) return 'only a grader may change the grading setup';
      return undefined;
    case 'history':
      if (current) return 'history is append-only';
      return course && (course.staff || (course.active && next.user_id === scope.userId)) ? undefined : 'not in a course the user may write';
    case 'course_user': {
      if (next.course_id === 0) return next.user_id === scope.userId ? undefined : "another user's record";
      if (!course) return 'not in a course the user may write';
      const grading = course.grader && seesStudent(scope, course, next.user_id);
      if (!grading && next.user_id !== scope.userId) return "another user's course work";
      // A concluded enrollment keeps read access only; the grader's records about a student are not theirs.
      if (!grading && !course.active) return 'a concluded enrollment cannot write';
      if (!grading && GRADER_RECORD_TYPES.has(next.type)) return 'only a grader may write this record';
      // Against what the device saw: a grade given on the hub meanwhile is not the student's change (the merge
      // keeps it); a forged assumed state gains nothing, since unchanged fields are taken from the hub.
      if (!grading && next.type === 'submission' && gradeChanged(next, assumed ?? current)) return 'only a grader may change a grade';
      return undefined;
    }
  }
}

/** Course-collection types written under manage_admin_users (enrollments and the sections they sit in). */
const PEOPLE_TYPES: ReadonlySet<string> = new Set(['enrollment', 'course_section']);
/** Course-collection types written under manage_grades. */
const GRADING_SETUP_TYPES: ReadonlySet<string> = new Set(['late_policy', 'custom_gradebook_column']);
/**
 * Course-user types that carry a grader's judgment of a student (teacher notes, live-assessment results, course
 * totals) or assign access to their work (peer reviews): the student they are about may not write them.
 */
const GRADER_RECORD_TYPES: ReadonlySet<string> = new Set(['custom_gradebook_column_datum', 'live_assessment_result', 'assessment_request', 'course_score']);

function gradeChanged(next: WireRecord, before: WireRecord | undefined): boolean {
  return SUBMISSION_GRADE_FIELDS.some((f) => {
    const after = next.data[f];
    if (before) return !isDeepStrictEqual(before.data[f], after);
    // A new submission may carry only the ungraded defaults (null / false; the match flag is not a grade).
    return f !== 'grade_matches_current_submission' && after !== null && after !== false && after !== undefined;
  });
}
