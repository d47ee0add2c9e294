import type { QuizData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { QuizStatisticsReport } from './quiz-statistics.service.ts';

/**
 * Canvas's QuizStatistics JSON, worked out on request rather than stored as a report: its id is the quiz's, and
 * `generated_at` is now. Only the latest attempts are ever included (`includes_all_versions` is false).
 */
export function quizStatisticsJson(report: QuizStatisticsReport, quiz: Stored<QuizData>, baseUrl: string, now: number) {
  const quizUrl = `${baseUrl}/api/v1/courses/${quiz.data.course_id}/quizzes/${quiz.id}`;
  return {
    id: quiz.id,
    quiz_id: quiz.id,
    url: `${quizUrl}/statistics`,
    html_url: `${baseUrl}/courses/${quiz.data.course_id}/quizzes/${quiz.id}/statistics`,
    multiple_attempts_exist: report.multipleAttemptsExist,
    includes_all_versions: false,
    includes_sis_ids: false,
    generated_at: isoSeconds(now),
    points_possible: quiz.data.points_possible,
    anonymous_survey: false,
    question_statistics: report.questions,
    submission_statistics: report.submissions,
    links: { quiz: quizUrl },
  };
}
