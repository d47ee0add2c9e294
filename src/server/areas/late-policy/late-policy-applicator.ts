import type { LatePolicy } from '../../domain/grading/late-policy.ts';
import type { Repositories } from '../../domain/repositories.ts';
import { retryStale, writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import { scoreWithLatePolicy } from '../submissions/late-policy-scoring.ts';

/**
 * Canvas's LatePolicyApplicator: when a course's policy changes, every submission in the course is scored again
 * under it, from its entered score, so deductions and missing scores follow the new rules at once. Each changed
 * submission gets a history version, as any grade change does.
 */
export async function applyLatePolicyToCourse(repos: Repositories, courseId: number, policy: LatePolicy, stamp: WriteStamp): Promise<void> {
  const assignments = await repos.assignments.find({ course_id: courseId });
  for (const assignment of assignments) {
    if (assignment.data.workflow_state === 'deleted') continue;
    // A grader's write landing meanwhile makes this a stale write; the fresh read then includes it.
    await retryStale(() => rescoreAssignment(repos, assignment, policy, stamp));
  }
}

async function rescoreAssignment(repos: Repositories, assignment: Stored<AssignmentData>, policy: LatePolicy, stamp: WriteStamp): Promise<void> {
  const writes: PlannedWrite[] = [];
  for (const read of await repos.submissions.find({ parent_id: assignment.id })) {
    const next = scoreWithLatePolicy(read.data, assignment.data, policy, stamp.now);
    if (next === read.data) continue;
    writes.push(repos.submissions.replacement(read, next, stamp));
    writes.push(repos.submissionVersions.insertion(await repos.submissionVersions.build({ ...next, submission_id: read.id }, stamp)));
  }
  await writeTogether(writes);
}
