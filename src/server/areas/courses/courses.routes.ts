import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError } from '../../domain/errors.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { authenticated, scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import { writeStamp } from '../common/api-values.ts';
import { AccountsService } from '../accounts/accounts.service.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseJsonPage, type CourseView } from './courses.includes.ts';
import {
  accountCoursesParams,
  createCourseParams,
  deleteCourseParams,
  favoriteCoursesParams,
  showCourseParams,
  updateCourseParams,
  userCoursesParams,
  type CourseInclude,
} from './courses.params.ts';
import { coursesOfAccounts, coursesOfUser } from './courses.queries.ts';
import { CoursesService } from './courses.service.ts';

type ById = { id: string };
type ByAccount = { account_id: string };

export function coursesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const courses = new CoursesService(services);
  const accounts = new AccountsService(services);
  const { access } = services;

  /** One page of course views, serialized with their include blocks after slicing (the blocks cost queries). */
  const page = async (ctx: AuthenticatedContext, views: readonly CourseView[], include: readonly CourseInclude[]) => {
    const request = readPageRequest(ctx.query);
    const slice = views.slice(request.offset, request.offset + request.perPage);
    return pageResult(ctx, request, views.length, await courseJsonPage(services, slice, include, ctx.baseUrl));
  };
  const one = async (ctx: AuthenticatedContext, view: CourseView, include: readonly CourseInclude[] = []) => {
    const [body] = await courseJsonPage(services, [view], include, ctx.baseUrl);
    return { body };
  };
  const ownEnrollments = (userId: number, courseId: number) => services.repos.enrollments.find({ user_id: userId, course_id: courseId });

  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/courses',
      summary: 'Create a course (offer=true publishes it, enroll_me=true enrolls the caller as teacher)',
      params: createCourseParams,
      permission: rules.onAccount('write', ['manage_courses'], (p: ByAccount) => p.account_id),
      bodyLimit: 'html',
      handler: async (ctx, params, { account }) => {
        const enrollUserId = params.enroll_me ? ctx.principal.userId : undefined;
        const { course } = await courses.create(account, params.course ?? {}, { offer: params.offer, enrollUserId }, writeStamp(ctx));
        return one(ctx, { course, enrollments: await ownEnrollments(ctx.principal.userId, course.id) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/accounts/:account_id/courses',
      summary: 'List the courses of an account and its sub-accounts',
      params: accountCoursesParams,
      permission: rules.onAccount('read', ['read_course_list'], (p: ByAccount) => p.account_id),
      handler: async (ctx, params, { account }) => {
        const found = await coursesOfAccounts(services, await accounts.subtreeIds(account.id), params);
        return page(ctx, found.map((course) => ({ course })), params.include);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses',
      summary: "List the caller's courses (through their enrollments)",
      params: userCoursesParams,
      permission: authenticated,
      handler: async (ctx, params) => page(ctx, await coursesOfUser(services, ctx.principal.userId, params), params.include),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/self/favorites/courses',
      summary: "The caller's favourite courses: with no favourites in Outpost, their current courses, as Canvas lists them for someone who chose none",
      params: favoriteCoursesParams,
      permission: authenticated,
      handler: async (ctx, params) => page(ctx, await coursesOfUser(services, ctx.principal.userId, {}), params.include),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:id',
      summary: 'Get a single course',
      params: showCourseParams,
      permission: rules.readCourse((p: ById) => p.id),
      handler: async (ctx, params, { courseId }) => {
        const course = await courses.readableBy(ctx.principal, courseId);
        return one(ctx, { course, enrollments: await ownEnrollments(ctx.principal.userId, course.id) }, params.include);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:id',
      summary: 'Update a course; course[event] offers, claims, concludes, deletes or undeletes it',
      params: updateCourseParams,
      // The service then asks manage_content for field changes and change_course_state for an event.
      permission: scopedRule('manage_content or change_course_state in the course (undelete_courses on its account for a deleted one)', 'write', async (ctx, p: ById) => {
        const course = await courses.resolve(p.id, { includeDeleted: true });
        if (course.data.workflow_state === 'deleted') return course;
        if (!(await courses.seesCourse(ctx.principal, course))) throw new NotFoundError();
        return scopeIf(await access.canAny(ctx.principal, ['manage_content', 'change_course_state'], { type: 'course', courseId: course.id }), course);
      }),
      bodyLimit: 'html',
      handler: async (ctx, params, course) => {
        const change = { ...params.course, ...(params.offer === true && !params.course?.event ? { event: 'offer' as const } : {}) };
        const updated = await courses.update(ctx.principal, course, change, writeStamp(ctx));
        return one(ctx, { course: updated, enrollments: await ownEnrollments(ctx.principal.userId, course.id) });
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:id',
      summary: 'Delete (event=delete) or conclude (event=conclude) a course',
      params: deleteCourseParams,
      permission: rules.inCourse('write', ['change_course_state', 'manage_courses'], (p: ById) => p.id),
      handler: async (ctx, params, { courseId }) => {
        const { event } = params;
        if (event !== 'delete' && event !== 'conclude') throw new BadRequestError("Only 'delete' and 'conclude' events are allowed.");
        const course = await courses.get(courseId);
        await courses.applyEvent(ctx.principal, course, event, writeStamp(ctx));
        return { body: { [event]: true } };
      },
    }),
  ];
}
