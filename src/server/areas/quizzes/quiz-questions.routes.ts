import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { MANAGE_ASSIGNMENTS } from '../assignments/assignments.service.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import {
  createGroupParams,
  createQuestionParams,
  groupIdParams,
  listQuestionsParams,
  questionIdParams,
  reorderParams,
  updateGroupParams,
  updateQuestionParams,
} from './quiz-questions.params.ts';
import { quizGroupJson, quizQuestionJson } from './quiz-questions.serializer.ts';
import { QuizQuestionsService } from './quiz-questions.service.ts';
import { QuizzesService } from './quizzes.service.ts';

/**
 * Questions and question groups (Canvas's Quiz Questions and Quiz Question Groups APIs). They hold the correct
 * answers, so only those who edit the course's quizzes reach them here; students see questions through their
 * attempt (quiz-submissions.routes.ts).
 */
export function quizQuestionsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const quizzes = new QuizzesService(services);
  const questions = new QuizQuestionsService(services);
  const quizOf = (ctx: AuthenticatedContext, { courseId }: CourseScope, quizId: number) => quizzes.forCaller(ctx.principal, courseId, quizId);
  const read = rules.inCourse('read', MANAGE_ASSIGNMENTS, courseIdOf);
  const write = rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf);
  const base = '/api/v1/courses/:course_id/quizzes/:quiz_id';

  return [
    defineRoute({
      method: 'GET',
      path: `${base}/questions`,
      summary: 'List the questions of a quiz, with their answers and weights',
      params: listQuestionsParams,
      permission: read,
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        return paginateArray(ctx, (await questions.questions(quiz.id)).map(quizQuestionJson));
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/questions/:id`,
      summary: 'Get one question of a quiz',
      params: questionIdParams,
      permission: read,
      handler: async (ctx, p, course) => ({ body: quizQuestionJson(await questions.question(await quizOf(ctx, course, p.quiz_id), p.id)) }),
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/questions`,
      summary: 'Create a question (question[…], answers[] with answer_text/answer_weight); the quiz’s points follow',
      params: createQuestionParams,
      permission: write,
      bodyLimit: 'html',
      handler: async (ctx, p, course) => ({ body: quizQuestionJson(await questions.createQuestion(await quizOf(ctx, course, p.quiz_id), p.question, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'PUT',
      path: `${base}/questions/:id`,
      summary: 'Update a question; answers[] given replace its answers',
      params: updateQuestionParams,
      permission: write,
      bodyLimit: 'html',
      handler: async (ctx, p, course) => ({ body: quizQuestionJson(await questions.updateQuestion(await quizOf(ctx, course, p.quiz_id), p.id, p.question, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: `${base}/questions/:id`,
      summary: 'Delete a question (204)',
      params: questionIdParams,
      permission: write,
      handler: async (ctx, p, course) => {
        await questions.deleteQuestion(await quizOf(ctx, course, p.quiz_id), p.id, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/reorder`,
      summary: 'Reorder the quiz’s questions and groups (order[][id], order[][type] question|group); 204',
      params: reorderParams,
      permission: write,
      handler: async (ctx, p, course) => {
        await questions.reorder(await quizOf(ctx, course, p.quiz_id), p.order, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/groups`,
      summary: 'Create a question group (quiz_groups[][name], [pick_count], [question_points]); answers {"quiz_groups":[…]}',
      params: createGroupParams,
      permission: write,
      handler: async (ctx, p, course) => {
        const group = await questions.createGroup(await quizOf(ctx, course, p.quiz_id), p.quiz_groups[0]!, writeStamp(ctx));
        return { body: { quiz_groups: [quizGroupJson(group)] } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/groups/:id`,
      summary: 'Get one question group',
      params: groupIdParams,
      permission: read,
      handler: async (ctx, p, course) => ({ body: quizGroupJson(await questions.group(await quizOf(ctx, course, p.quiz_id), p.id)) }),
    }),
    defineRoute({
      method: 'PUT',
      path: `${base}/groups/:id`,
      summary: 'Update a question group; answers {"quiz_groups":[…]}',
      params: updateGroupParams,
      permission: write,
      handler: async (ctx, p, course) => {
        const group = await questions.updateGroup(await quizOf(ctx, course, p.quiz_id), p.id, p.quiz_groups[0]!, writeStamp(ctx));
        return { body: { quiz_groups: [quizGroupJson(group)] } };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: `${base}/groups/:id`,
      summary: 'Delete a question group (204); its questions stay in the quiz, outside any group',
      params: groupIdParams,
      permission: write,
      handler: async (ctx, p, course) => {
        await questions.deleteGroup(await quizOf(ctx, course, p.quiz_id), p.id, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
  ];
}
