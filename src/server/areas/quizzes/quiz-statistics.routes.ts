import type { CoreServices } from '../../core-services.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { QUIZ_GRADERS } from './quiz-attempts.service.ts';
import { quizStatisticsParams } from './quiz-submissions.params.ts';
import { quizStatisticsJson } from './quiz-statistics.serializer.ts';
import { QuizStatisticsService } from './quiz-statistics.service.ts';
import { QuizzesService } from './quizzes.service.ts';

/** Canvas's Quiz Statistics API: how the class answered each question, and the scores; for those who see everyone's attempts. */
export function quizStatisticsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const quizzes = new QuizzesService(services);
  const statistics = new QuizStatisticsService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/quizzes/:quiz_id/statistics',
      summary: 'The quiz’s statistics from each student’s latest finished attempt ({"quiz_statistics":[…]}): answers chosen per question, scores, times',
      params: quizStatisticsParams,
      permission: rules.inCourse('read', QUIZ_GRADERS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const quiz = await quizzes.forCaller(ctx.principal, courseId, p.quiz_id);
        const report = await statistics.statistics(ctx.principal, quiz, writeStamp(ctx));
        return { body: { quiz_statistics: [quizStatisticsJson(report, quiz, ctx.baseUrl, ctx.now)] } };
      },
    }),
  ];
}
