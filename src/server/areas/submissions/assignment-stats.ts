import type { CoreServices } from '../../core-services.ts';
import type { Principal } from '../../domain/principal.ts';
import { needsGrading } from './submission-workflow.ts';

/** What an assignment's JSON says about its submissions (Canvas: has_submitted_submissions, needs_grading_count). */
export interface AssignmentSubmissionStats {
  readonly has_submitted_submissions: boolean;
  /** Over the students whose work the viewer may see: a section-limited grader counts their sections only. */
  readonly needs_grading_count: number;
}

export const NO_SUBMISSIONS: AssignmentSubmissionStats = { has_submitted_submissions: false, needs_grading_count: 0 };

/** Stats for each assignment of a course, from one read of their submissions. */
export async function assignmentSubmissionStats(
  services: CoreServices,
  principal: Principal,
  courseId: number,
  assignmentIds: readonly number[],
): Promise<Map<number, AssignmentSubmissionStats>> {
  const stats = new Map<number, AssignmentSubmissionStats>(assignmentIds.map((id) => [id, NO_SUBMISSIONS]));
  if (assignmentIds.length === 0) return stats;
  const [rows, visible] = await Promise.all([
    services.repos.submissions.find({ course_id: courseId, parent_id: { $in: [...assignmentIds] } }),
    services.access.visibleStudents(principal, courseId),
  ]);
  for (const row of rows) {
    const s = row.data;
    const current = stats.get(s.assignment_id) ?? NO_SUBMISSIONS;
    const counted = needsGrading(s) && (visible === 'all' || visible.has(s.user_id));
    stats.set(s.assignment_id, {
      has_submitted_submissions: current.has_submitted_submissions || s.submission_type !== null,
      needs_grading_count: current.needs_grading_count + (counted ? 1 : 0),
    });
  }
  return stats;
}
