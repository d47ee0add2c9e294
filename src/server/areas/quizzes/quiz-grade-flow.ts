import type { CoreServices } from '../../core-services.ts';
import { gradeForScore } from '../../domain/grading/posted-grade.ts';
import type { ContentRef } from '../../domain/progression/content-match.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { QuizSubmissionData } from '../../domain/records/quiz-records.ts';
import { writeTogether, type PlannedWrite, type Stored, type WriteStamp } from '../../domain/repository.ts';
import type { SubmissionStore } from '../submissions/submission-store.ts';
import { grade, placeholder, submit } from '../submissions/submission-workflow.ts';

/** How a quiz submission's write changes the student's assignment submission. */
export interface QuizWrite {
  /** The quiz submission to write, given the id of the assignment submission it reached (null if none). */
  readonly plan: (submissionId: number | null) => PlannedWrite<QuizSubmissionData>;
  /** A finished attempt is a new attempt of the assignment submission; a grader's change only regrades it. */
  readonly submitted: boolean;
}

/**
 * A graded quiz's kept score reaches the student's submission of its assignment through the submissions area's
 * store, in the same transaction as the quiz submission and the course totals, so the gradebook, totals, late
 * policy, live events (`quiz_submitted`, `grade_change`) and module progression see a quiz grade as any other.
 * The grader is Canvas's automated one: the negative quiz id.
 */
export class QuizGradeFlow {
  readonly #services: CoreServices;
  readonly #store: SubmissionStore;

  constructor(services: CoreServices, store: SubmissionStore) {
    this.#services = services;
    this.#store = store;
  }

  async write(quiz: Stored<QuizData>, sub: QuizSubmissionData, change: QuizWrite, stamp: WriteStamp): Promise<Stored<QuizSubmissionData>> {
    const { repos } = this.#services;
    // Only students have grades and progress: a teacher trying the quiz out leaves the gradebook and modules alone.
    const student = await progressionService(repos).participatesAsStudent(quiz.data.course_id, sub.user_id, stamp.now);
    const assignment = quiz.data.assignment_id === null ? undefined : await repos.assignments.get(quiz.data.assignment_id);
    if (!student || !assignment || assignment.data.workflow_state === 'deleted' || sub.kept_score === null) {
      const write = change.plan(sub.submission_id);
      await writeTogether([write]);
      // A practice quiz or survey has no assignment: its module items are fulfilled by the quiz itself.
      if (student) await this.#progress(quiz.data.course_id, sub.user_id, { type: 'Quiz', id: quiz.id }, change.submitted, sub.kept_score, stamp);
      return write.record;
    }
    const saved = await this.#store.serialized(assignment.id, async () => {
      const read = await this.#store.byPair(assignment.id, sub.user_id);
      const current = read?.data ?? placeholder(assignment, sub.user_id);
      const finishedAt = Date.parse(sub.finished_at ?? '') || stamp.now;
      // An attempt turned in on a device keeps the hub's receipt on its assignment submission too (decision 0062).
      const receivedAt = Date.parse(sub.received_at ?? '') || finishedAt;
      const attempt = change.submitted ? submit(current, { submission_type: 'online_quiz' }, { madeAt: finishedAt, receivedAt }) : current;
      const score = sub.kept_score!;
      const scored = grade(attempt, score, gradeForScore(score, assignment.data) ?? String(score), -quiz.id, stamp.now);
      // A quiz waiting for a grader is pending_review, with the points scored so far (Canvas's kept score).
      const next = sub.workflow_state === 'pending_review' ? { ...scored, workflow_state: 'pending_review' as const } : scored;
      const planned = await this.#store.plan({ assignment, userId: sub.user_id, read, next, version: true }, stamp);
      const write = change.plan(planned.record.id);
      await this.#store.write(quiz.data.course_id, [planned], stamp, [write]);
      return { write: write.record, score: planned.record.data.score };
    });
    await this.#progress(quiz.data.course_id, sub.user_id, { type: 'Assignment', id: assignment.id }, change.submitted, saved.score, stamp);
    return saved.write;
  }

  /** must_submit and min_score requirements of the items that show the quiz (or its assignment). */
  async #progress(courseId: number, userId: number, content: ContentRef, submitted: boolean, score: number | null, stamp: WriteStamp): Promise<void> {
    const progression = progressionService(this.#services.repos);
    if (submitted) await progression.submitted(courseId, userId, content, stamp);
    if (score !== null) await progression.scored(courseId, userId, content, score, stamp);
  }
}
