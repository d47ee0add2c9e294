import type { CoreServices } from '../../core-services.ts';
import { InvalidError, ValidationError } from '../../domain/errors.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { QuestionResult, QuizSubmissionData } from '../../domain/records/quiz-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { reviewState, settle } from './quiz-attempt-rules.ts';
import type { QuizGradeFlow } from './quiz-grade-flow.ts';
import type { GradeAttempt } from './quiz-submissions.params.ts';

/**
 * A grader's scores for a finished attempt (Canvas's quiz submission update): per question a score (which then
 * stands instead of the automatic one) and a comment, and fudge points for the whole attempt. Once every essay
 * and upload has a grader's score the attempt is complete. The kept score reaches the gradebook as a finished
 * attempt's does, without counting as a new attempt. Runs inside the attempts' write queue (QuizAttemptsService.grade).
 */
export class QuizHandGrading {
  readonly #services: CoreServices;
  readonly #flow: QuizGradeFlow;

  constructor(services: CoreServices, flow: QuizGradeFlow) {
    this.#services = services;
    this.#flow = flow;
  }

  async grade(quiz: Stored<QuizData>, sub: Stored<QuizSubmissionData>, g: GradeAttempt, stamp: WriteStamp): Promise<Stored<QuizSubmissionData>> {
    const s = sub.data;
    if (s.workflow_state === 'untaken') throw new InvalidError('the attempt is still being taken');
    // Earlier attempts keep only their score: only the latest one can be graded again.
    if (g.attempt !== s.attempt) throw ValidationError.field('attempt', 'only the latest attempt can be graded', 'invalid');
    const results: Record<string, QuestionResult> = { ...s.results };
    for (const [id, change] of Object.entries(g.questions ?? {})) {
      const before = results[id];
      if (!before) throw ValidationError.field('questions', `question ${id} is not part of this attempt`, 'invalid');
      const next: QuestionResult = { ...before };
      if (change.score !== undefined && change.score !== null) {
        next.points = change.score;
        next.graded_by_hand = true;
      }
      if (change.comment !== undefined) next.comment = change.comment;
      results[id] = next;
    }
    const fudge = g.fudge_points === undefined ? s.fudge_points : (g.fudge_points ?? 0);
    const questions = await this.#services.repos.quizQuestions.getMany(s.questions.map((d) => d.id));
    const changed = { ...s, results, fudge_points: fudge };
    const graded = settle({ ...changed, workflow_state: reviewState(changed, quiz.data, questions) }, quiz.data);
    return this.#flow.write(quiz, graded, { submitted: false, plan: (submissionId) => this.#services.repos.quizSubmissions.replacement(sub, { ...graded, submission_id: submissionId }, stamp) }, stamp);
  }
}
