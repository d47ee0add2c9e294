import type { CoreServices } from '../../core-services.ts';
import type { CourseData } from '../../domain/records/course-records.ts';
import { paginate, paginateMapped } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import type { CourseEnrollment } from './enrollment-roster.ts';
import {
  createCourseEnrollmentParams,
  createSectionEnrollmentParams,
  deleteEnrollmentParams,
  listCourseEnrollmentsParams,
  listSectionEnrollmentsParams,
  listUserEnrollmentsParams,
  reactivateEnrollmentParams,
  type CreateCourseEnrollmentParams,
  type CreateSectionEnrollmentParams,
  type DeleteEnrollmentParams,
  type EnrollmentListFilters,
  type ListCourseEnrollmentsParams,
  type ListSectionEnrollmentsParams,
  type ListUserEnrollmentsParams,
  type ReactivateEnrollmentParams,
} from './enrollments.params.ts';
import { enrollmentJson } from './enrollments.serializer.ts';
import { EnrollmentsService } from './enrollments.service.ts';
import { ANY_MANAGING_PERMISSION } from '../../domain/permissions/index.ts';
import { selfOrUserAdmin } from '../users/user-rules.ts';
import { UsersService } from '../users/users.service.ts';

type Target = { course_id: string } | { section_id: string };
type EnrollmentScope = Awaited<ReturnType<EnrollmentsService['scope']>>;

export function enrollmentsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const enrollments = new EnrollmentsService(services, rules.ids);
  const users = new UsersService(services, rules.ids);
  const { roster } = enrollments;

  // The rule admits anyone who manages some people in the course; the service then asks for the permission of
  // the enrollment's type in its section (Canvas decides by type, which the body names).
  const managesPeople = <P extends Target>() =>
    scopedRule('manage_students (students, observers) or manage_admin_users (teachers, TAs, designers) in the course', 'write', async (ctx, p: P) => {
      const scope = await enrollments.scope(p);
      return scopeIf(await services.access.canAny(ctx.principal, ANY_MANAGING_PERMISSION, { type: 'course', courseId: scope.course.id }), scope);
    });
  const readsCourse = <P extends Target>() =>
    scopedRule('enrolled in the course (own and observed enrollments) or read_course_content on its account', 'read', async (ctx, p: P) => {
      const scope = await enrollments.scope(p);
      return scopeIf(await services.access.canReadCourse(ctx.principal, scope.course.id), scope);
    });

  const one = async (ctx: AuthenticatedContext, course: Stored<CourseData>, enrollment: CourseEnrollment) => {
    const relations = await roster.relations(ctx.principal, course, [enrollment]);
    return { body: enrollmentJson(enrollment, relations, await roster.view(ctx.principal, course, ctx.baseUrl)) };
  };

  // Course and section enrollment share one creation path: the scope says where the enrollment lands.
  const create = async (ctx: AuthenticatedContext, params: CreateCourseEnrollmentParams | CreateSectionEnrollmentParams, scope: EnrollmentScope) =>
    one(ctx, scope.course, await enrollments.create(ctx.principal, scope, params.enrollment, writeStamp(ctx)));

  const list = async (ctx: AuthenticatedContext, scope: EnrollmentScope, filters: EnrollmentListFilters) => {
    const listed = await enrollments.list(ctx.principal, scope, filters, ctx.now);
    const view = await roster.view(ctx.principal, scope.course, ctx.baseUrl, filters.include);
    return paginate(ctx, {
      count: () => listed.length,
      async fetch(offset, limit) {
        const page = listed.slice(offset, offset + limit);
        const relations = await roster.relations(ctx.principal, scope.course, page);
        return page.map((e) => enrollmentJson(e, relations, view));
      },
    });
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/enrollments',
      summary: "List a user's enrollments in every course (the user themself, or an admin who reads rosters), filtered by type[], role[], state[].",
      params: listUserEnrollmentsParams,
      permission: selfOrUserAdmin(users, 'read', ['read_roster'], (p: ListUserEnrollmentsParams) => p.user_id),
      async handler(ctx, params, { user }) {
        const listed = await enrollments.ofUser(user.id, params, ctx.now);
        return paginateMapped(ctx, listed, async (page) => {
          const byCourse = Map.groupBy(page, (entry) => entry.course.id);
          const shown = new Map<CourseEnrollment, Record<string, unknown>>();
          for (const entries of byCourse.values()) {
            const { course } = entries[0]!;
            const rows = entries.map((entry) => entry.enrollment);
            const [relations, view] = await Promise.all([roster.relations(ctx.principal, course, rows), roster.view(ctx.principal, course, ctx.baseUrl, params.include)]);
            for (const row of rows) shown.set(row, enrollmentJson(row, relations, view));
          }
          return page.map((entry) => shown.get(entry.enrollment));
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/enrollments',
      summary: "Enroll a user in a course (its default section unless enrollment[course_section_id] is given).",
      params: createCourseEnrollmentParams,
      permission: managesPeople<CreateCourseEnrollmentParams>(),
      handler: (ctx, params, scope) => create(ctx, params, scope),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/sections/:section_id/enrollments',
      summary: 'Enroll a user in a section.',
      params: createSectionEnrollmentParams,
      permission: managesPeople<CreateSectionEnrollmentParams>(),
      handler: (ctx, params, scope) => create(ctx, params, scope),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/enrollments',
      summary: "List a course's enrollments: students see their own, observers their students', section-limited staff their sections.",
      params: listCourseEnrollmentsParams,
      permission: readsCourse<ListCourseEnrollmentsParams>(),
      handler: (ctx, params, scope) => list(ctx, scope, params),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sections/:section_id/enrollments',
      summary: "List a section's enrollments, with the same visibility as the course list.",
      params: listSectionEnrollmentsParams,
      permission: readsCourse<ListSectionEnrollmentsParams>(),
      handler: (ctx, params, scope) => list(ctx, scope, params),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/enrollments/:id',
      summary: 'Conclude (default), delete, or inactivate an enrollment (task=conclude|delete|inactivate|deactivate).',
      params: deleteEnrollmentParams,
      permission: managesPeople<DeleteEnrollmentParams>(),
      async handler(ctx, params, { course: scoped }) {
        const { course, enrollment } = await enrollments.end(ctx.principal, scoped, params.id, params.task, writeStamp(ctx));
        return one(ctx, course, enrollment);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/enrollments/:id/reactivate',
      summary: 'Reactivate an inactive enrollment.',
      params: reactivateEnrollmentParams,
      permission: managesPeople<ReactivateEnrollmentParams>(),
      async handler(ctx, params, { course: scoped }) {
        const { course, enrollment } = await enrollments.reactivate(ctx.principal, scoped, params.id, writeStamp(ctx));
        return one(ctx, course, enrollment);
      },
    }),
  ];
}
