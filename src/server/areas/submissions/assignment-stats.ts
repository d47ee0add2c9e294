import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';

/** What an assignment's JSON says about its submissions (Canvas: has_submitted_submissions, needs_grading_count). */
export interface AssignmentSubmissionStats {
  readonly has_submitted_submissions: boolean;
  /** Over the students whose work the viewer may see: a section-limited grader counts their sections only. */
  readonly needs_grading_count: number;
}

export const NO_SUBMISSIONS: AssignmentSubmissionStats = { has_submitted_submissions: false, needs_grading_count: 0 };

/**
 * Stats for each assignment of a course. Each submission's `sort_key` slot says whether it was submitted and
 * whether it needs grading (`submissionProgress`), so both are index-range counts per assignment: a course of
 * 1,000 students × 50 assignments no longer reads its 50,000 submissions to list its assignments. Only a
 * section-limited grader reads records: the submissions that need grading, to keep those of their students.
 */
export async function assignmentSubmissionStats(
  services: CoreServices,
  principal: Principal,
  courseId: number,
  assignmentIds: readonly number[],
): Promise<Map<number, AssignmentSubmissionStats>> {
  if (assignmentIds.length === 0) return new Map();
  const submissions = services.repos.submissions;
  const visible = await services.access.visibleStudents(principal, courseId);
  const needingGrading = async (assignmentId: number): Promise<number> => {
    const selector = { parent_id: assignmentId, sort_key: 'needs_grading' };
    if (visible === 'all') return submissions.count(selector);
    return (await submissions.find(selector)).filter((row) => visible.has(row.data.user_id)).length;
  };
  const entries = await Promise.all(
    assignmentIds.map(async (id): Promise<[number, AssignmentSubmissionStats]> => {
      const [submitted, needs_grading_count] = await Promise.all([
        submissions.count({ parent_id: id, sort_key: { $gt: '' } }),
        needingGrading(id),
      ]);
      return [id, { has_submitted_submissions: submitted > 0, needs_grading_count }];
    }),
  );
  return new Map(entries);
}
