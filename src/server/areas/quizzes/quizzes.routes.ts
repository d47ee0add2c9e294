import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { MANAGE_ASSIGNMENTS } from '../assignments/assignments.service.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { contentViewer, type ContentViewer } from '../common/course-content.ts';
import type { QuizData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { createQuizParams, listQuizzesParams, showQuizParams, updateQuizParams } from './quizzes.params.ts';
import { quizQuestionsRoutes } from './quiz-questions.routes.ts';
import { quizStatisticsRoutes } from './quiz-statistics.routes.ts';
import { quizSubmissionsRoutes } from './quiz-submissions.routes.ts';
import { quizJson } from './quizzes.serializer.ts';
import { QuizzesService } from './quizzes.service.ts';

export function quizzesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const quizzes = new QuizzesService(services);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope) => contentViewer(services, ctx.principal, courseId, MANAGE_ASSIGNMENTS);
  const withGroup = async (ctx: AuthenticatedContext, quiz: Stored<QuizData>, viewer: ContentViewer) =>
    quizJson(quiz, ctx.baseUrl, viewer, (await quizzes.assignmentGroups([quiz])).get(quiz.id));

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/quizzes',
      summary: 'List quizzes (students see published ones only)',
      params: listQuizzesParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const list = await quizzes.list(viewer, p.search_term);
        const groups = await quizzes.assignmentGroups(list);
        return paginateArray(ctx, list.map((q) => quizJson(q, ctx.baseUrl, viewer, groups.get(q.id))));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/quizzes',
      summary: 'Create a quiz; a graded one gets its online_quiz assignment',
      params: createQuizParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        return { body: await withGroup(ctx, await quizzes.create(viewer.courseId, p.quiz, writeStamp(ctx)), viewer) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/quizzes/:id',
      summary: 'Get one quiz',
      params: showQuizParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        return { body: await withGroup(ctx, await quizzes.get(viewer, p.id), viewer) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/quizzes/:id',
      summary: 'Update a quiz (quiz[…] fields); a graded quiz’s assignment follows, and changing the quiz type adds or removes it',
      params: updateQuizParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        return { body: await withGroup(ctx, await quizzes.update(viewer, p.id, p.quiz, writeStamp(ctx)), viewer) };
      },
    }),
    ...quizQuestionsRoutes(services, rules),
    ...quizSubmissionsRoutes(services, rules),
    ...quizStatisticsRoutes(services, rules),
  ];
}
