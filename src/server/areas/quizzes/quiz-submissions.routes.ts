import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError } from '../../domain/errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext, type Grant } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { QuizAttemptsService, type StoredQuizSubmission } from './quiz-attempts.service.ts';
import {
  answerQuestionsParams,
  attemptQuestionsParams,
  completeAttemptParams,
  extensionsParams,
  flagQuestionParams,
  gradeAttemptParams,
  listQuizSubmissionsParams,
  quizSubmissionParams,
  startAttemptParams,
} from './quiz-submissions.params.ts';
import { attemptQuestionsJson, quizSubmissionJson } from './quiz-submissions.serializer.ts';
import { QuizzesService } from './quizzes.service.ts';

/**
 * Taking quizzes (Canvas's Quiz Submissions, Quiz Submission Questions and Quiz Extensions APIs). Course paths are
 * read by course readers, each seeing their own attempts (graders everyone's); `/quiz_submissions/:id` paths
 * belong to the attempt's owner.
 */
export function quizSubmissionsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const quizzes = new QuizzesService(services);
  const attempts = new QuizAttemptsService(services);
  const quizOf = (ctx: AuthenticatedContext, { courseId }: CourseScope, quizId: number) => quizzes.forCaller(ctx.principal, courseId, quizId);
  const wrap = async (ctx: AuthenticatedContext, list: StoredQuizSubmission[], quiz: Awaited<ReturnType<typeof quizOf>>) => {
    const isGrader = await attempts.isGrader(ctx.principal, quiz.data.course_id);
    return list.map((s) => quizSubmissionJson(s, quiz, ctx.principal, isGrader, ctx.baseUrl, ctx.now));
  };
  /** An attempt named by `quiz_submission_id`: its owner may act on it (and, reading, its graders). */
  const attemptRule = (grants: Grant, gradersToo: boolean) =>
    scopedRule(gradersToo ? 'the attempt’s owner, or a grader of its course' : 'the attempt’s owner', grants, async (ctx, p: { quiz_submission_id: number }) => {
      const sub = await services.repos.quizSubmissions.get(p.quiz_submission_id);
      if (!sub || sub.data.workflow_state === 'settings_only') throw new NotFoundError('quiz submission');
      const allowed = sub.data.user_id === ctx.principal.userId || (gradersToo && (await attempts.graderReach(ctx.principal, sub.data.course_id))(sub.data.user_id));
      return scopeIf(allowed, { sub });
    });
  const base = '/api/v1/courses/:course_id/quizzes/:quiz_id';
  const questionsBody = async (ctx: AuthenticatedContext, sub: StoredQuizSubmission, includeQuestion: boolean) => {
    const quiz = await attempts.quizOf(sub);
    const questions = await services.repos.quizQuestions.getMany(sub.data.questions.map((d) => d.id));
    const isGrader = await attempts.isGrader(ctx.principal, sub.data.course_id);
    return { body: { quiz_submission_questions: attemptQuestionsJson(sub.data, quiz.data, questions, { includeQuestion, isGrader, now: ctx.now }) } };
  };

  return [
    defineRoute({
      method: 'GET',
      path: `${base}/submissions`,
      summary: 'List the quiz’s submissions: a grader’s every student’s, a student’s their own ({"quiz_submissions":[…]})',
      params: listQuizSubmissionsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        const page = paginateArray(ctx, await wrap(ctx, await attempts.list(ctx.principal, quiz, writeStamp(ctx)), quiz));
        return { ...page, body: { quiz_submissions: page.body } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/submissions/:id`,
      summary: 'Get one quiz submission ({"quiz_submissions":[…]}); an attempt past its end is finished first',
      params: quizSubmissionParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        return { body: { quiz_submissions: await wrap(ctx, [await attempts.one(ctx.principal, quiz, p.id, writeStamp(ctx))], quiz) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/submissions`,
      summary: 'Start an attempt (access_code when the quiz has one); 409 while one is open or none is left',
      params: startAttemptParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        return { body: { quiz_submissions: await wrap(ctx, [await attempts.start(ctx.principal, quiz, p.access_code, writeStamp(ctx), ctx.madeBetween)], quiz) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/submissions/:id/complete`,
      summary: 'Turn the attempt in (attempt, validation_token): scored at once, the kept score reaches the gradebook',
      params: completeAttemptParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        const sub = await attempts.one(ctx.principal, quiz, p.id, writeStamp(ctx));
        if (sub.data.user_id !== ctx.principal.userId) throw new NotFoundError('quiz submission');
        return { body: { quiz_submissions: await wrap(ctx, [await attempts.complete(sub, p, writeStamp(ctx), ctx.madeBetween)], quiz) } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${base}/submissions/:id/time`,
      summary: 'The attempt’s end and the seconds left ({"end_at","time_left"})',
      params: quizSubmissionParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const sub = await attempts.one(ctx.principal, await quizOf(ctx, course, p.quiz_id), p.id, writeStamp(ctx));
        const end = sub.data.workflow_state === 'untaken' ? sub.data.end_at : null;
        return { body: { end_at: end, time_left: end === null ? null : Math.max(0, Math.round((Date.parse(end) - ctx.now) / 1000)) } };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: `${base}/submissions/:id`,
      summary: 'Grade an attempt by hand: per-question score and comment, fudge_points; pending_review becomes complete',
      params: gradeAttemptParams,
      permission: rules.inCourse('write', ['manage_grades'], courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        const sub = await attempts.one(ctx.principal, quiz, p.id, writeStamp(ctx));
        // A grader whose grading rights do not reach the student (another section) may look, not grade.
        if (!(await attempts.graderReach(ctx.principal, quiz.data.course_id, ['manage_grades']))(sub.data.user_id)) throw new UnauthorizedError();
        return { body: { quiz_submissions: await wrap(ctx, [await attempts.grade(quiz, sub, p.quiz_submissions[0]!, writeStamp(ctx))], quiz) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${base}/extensions`,
      summary: 'Give students extra attempts or time (quiz_extensions[][user_id], [extra_attempts], [extra_time], [extend_from_now], [extend_from_end_at])',
      params: extensionsParams,
      permission: rules.inCourse('write', ['manage_grades'], courseIdOf),
      handler: async (ctx, p, course) => {
        const quiz = await quizOf(ctx, course, p.quiz_id);
        const saved = await attempts.extend(ctx.principal, quiz, p.quiz_extensions, writeStamp(ctx));
        const quiz_extensions = saved.map((s) => ({
          quiz_id: quiz.id, user_id: s.data.user_id, extra_attempts: s.data.extra_attempts, extra_time: s.data.extra_time, manually_unlocked: false, end_at: s.data.workflow_state === 'untaken' ? s.data.end_at : null,
        }));
        return { body: { quiz_extensions } };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/quiz_submissions/:quiz_submission_id/questions',
      summary: 'The attempt’s questions with the answers given and flags (include[]=quiz_question for the questions, never their correct answers before the quiz allows)',
      params: attemptQuestionsParams,
      permission: attemptRule('read', true),
      handler: async (ctx, p, { sub }) => questionsBody(ctx, sub, p.include.includes('quiz_question')),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/quiz_submissions/:quiz_submission_id/questions',
      summary: 'Answer questions of the running attempt (attempt, validation_token, quiz_questions[][id], [answer] in each type’s format)',
      params: answerQuestionsParams,
      permission: attemptRule('own', false),
      handler: async (ctx, p, { sub }) => questionsBody(ctx, await attempts.answer(sub, p, p.quiz_questions, writeStamp(ctx), ctx.madeBetween), false),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/quiz_submissions/:quiz_submission_id/questions/:id/flag',
      summary: 'Flag a question of the running attempt',
      params: flagQuestionParams,
      permission: attemptRule('own', false),
      handler: async (ctx, p, { sub }) => {
        await attempts.flag(sub, p, p.id, true, writeStamp(ctx), ctx.madeBetween);
        return { status: 204, body: null };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/quiz_submissions/:quiz_submission_id/questions/:id/unflag',
      summary: 'Unflag a question of the running attempt',
      params: flagQuestionParams,
      permission: attemptRule('own', false),
      handler: async (ctx, p, { sub }) => {
        await attempts.flag(sub, p, p.id, false, writeStamp(ctx), ctx.madeBetween);
        return { status: 204, body: null };
      },
    }),
  ];
}
