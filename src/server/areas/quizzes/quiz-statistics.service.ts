import type { CoreServices } from '../../core-services.ts';
import { questionStatistics, submissionStatistics, type QuestionStatistics, type SubmissionStatistics } from '../../domain/grading/quiz-statistics.ts';
import type { Principal } from '../../domain/principal.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { QuizAttemptsService } from './quiz-attempts.service.ts';
import { QuizQuestionsService } from './quiz-questions.service.ts';

/** What the statistics of a quiz say, before the API wraps them. */
export interface QuizStatisticsReport {
  questions: QuestionStatistics[];
  submissions: SubmissionStatistics;
  /** Some student is past their first attempt. */
  multipleAttemptsExist: boolean;
}

/**
 * Canvas's Quiz Statistics: each student's latest finished attempt, among the students the grader's rights reach
 * (a TA limited to a section, that section's). An attempt holds only its latest answers (decision 0100), so a
 * student in the middle of a new attempt counts again once it is finished; a grader's own tries never count.
 */
export class QuizStatisticsService {
  readonly #attempts: QuizAttemptsService;
  readonly #questions: QuizQuestionsService;

  constructor(services: CoreServices) {
    this.#attempts = new QuizAttemptsService(services);
    this.#questions = new QuizQuestionsService(services);
  }

  async statistics(principal: Principal, quiz: Stored<QuizData>, stamp: WriteStamp): Promise<QuizStatisticsReport> {
    const reach = await this.#attempts.graderReach(principal, quiz.data.course_id);
    // Listing brings every attempt up to date first: one past its time limit is finished and so counts.
    const finished = (await this.#attempts.list(principal, quiz, stamp))
      .map((s) => s.data)
      .filter((s) => reach(s.user_id) && (s.workflow_state === 'complete' || s.workflow_state === 'pending_review') && s.started_at !== null && s.finished_at !== null);
    const questions = await this.#questions.questions(quiz.id);
    return {
      questions: questions.map((q, index) => {
        const responses = finished.flatMap((s) => {
          const drawn = s.questions.find((d) => d.id === q.id);
          return drawn ? [{ answer: s.answers[String(q.id)] ?? null, result: s.results[String(q.id)], points: drawn.points }] : [];
        });
        return questionStatistics(q.id, q.data, index + 1, responses);
      }),
      submissions: submissionStatistics(finished, quiz.data.points_possible),
      multipleAttemptsExist: finished.some((s) => s.attempt > 1),
    };
  }
}
