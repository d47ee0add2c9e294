import { CourseScoreStore } from '../../src/server/domain/grading/course-scores.ts';
import type { SubmissionData } from '../../src/server/domain/records/submission-records.ts';
import { writeTogether } from '../../src/server/domain/repository.ts';
import { fixtureStamp } from './api-fixtures.ts';
import type { TestServer } from './server.ts';

/**
 * Grades every student on every assignment named (a score from 0 to 10), written straight to the repository one
 * assignment at a time: the API would take minutes for a 1,000-student course. Totals are left to the server,
 * which computes them on read for students whose stored totals are missing or out of date.
 */
export async function gradeEveryone(server: TestServer, courseId: number, graderId: number, studentIds: readonly number[], assignmentIds: readonly number[]): Promise<void> {
  const { repos } = server.core.services;
  const stamp = fixtureStamp();
  for (const assignmentId of assignmentIds) {
    const built = await Promise.all(
      studentIds.map((userId, i) => {
        const score = (i * 7 + assignmentId) % 11;
        const data: SubmissionData = {
          course_id: courseId, assignment_id: assignmentId, user_id: userId, submission_type: null, body: null, url: null, attachment_ids: [],
          media_comment_id: null, media_comment_type: null, attempt: null, submitted_at: null, score, grade: String(score), points_deducted: null,
          grader_id: graderId, graded_at: new Date().toISOString(), grade_matches_current_submission: true, excused: false,
          late_policy_status: null, seconds_late_override: null, workflow_state: 'graded',
        };
        return repos.submissions.build(data, stamp);
      }),
    );
    await writeTogether(built.map((r) => repos.submissions.insertion(r)));
  }
}

/**
 * Stores the students' course totals as grading through the API does (in the grade's own write): a course graded
 * through the API reads them stored, where one seeded by `gradeEveryone` computes them on every read.
 */
export async function storeTotals(server: TestServer, courseId: number, studentIds: readonly number[]): Promise<void> {
  const { repos } = server.core.services;
  const scores = new CourseScoreStore(repos);
  const structure = await scores.structure(courseId);
  for (let i = 0; i < studentIds.length; i += TOTALS_BATCH) {
    const submissions = await repos.submissions.ofUsersInCourse(courseId, studentIds.slice(i, i + TOTALS_BATCH));
    await writeTogether(await scores.plan(structure, submissions.map((s) => s.data), fixtureStamp()));
  }
}

const TOTALS_BATCH = 100;

/**
 * Waits until the server has derived webhook events from everything written so far. Records written straight to
 * the repositories by the thousands (`gradeEveryone`) are derived in the background afterwards; a measurement that
 * starts before that has finished times the deriver's catching up along with its own requests.
 */
export async function settleBackgroundWork(server: TestServer): Promise<void> {
  await server.core.webhookRuntime?.settled();
}
