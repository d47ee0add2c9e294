import type { CoreServices } from '../../core-services.ts';
import { paginate } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { CalendarFeeds, feedUrl } from '../calendar-events/calendar-feed.ts';
import { CourseRoster } from '../enrollments/enrollment-roster.ts';
import { enrollmentJson } from '../enrollments/enrollments.serializer.ts';
import {
  courseStudentsParams,
  courseUsersParams,
  createUserParams,
  showUserParams,
  updateUserParams,
  userProfileParams,
  type CreateUserParams,
  type ShowUserParams,
  type UpdateUserParams,
  type UserProfileParams,
} from './users.params.ts';
import { selfOrUserAdmin } from './user-rules.ts';
import { profileJson, userJson, userProfileJson } from './users.serializer.ts';
import { UsersService } from './users.service.ts';

export function usersRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const users = new UsersService(services, rules.ids);
  const roster = new CourseRoster(services);
  const feeds = new CalendarFeeds(services);
  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/accounts/:account_id/users',
      summary: 'Create a user with a login (pseudonym) and, given an email, its email channel.',
      params: createUserParams,
      permission: rules.onAccount('write', ['manage_user_logins'], (p: CreateUserParams) => p.account_id),
      async handler(ctx, params, { account }) {
        const user = await users.create(account, params, writeStamp(ctx));
        return { body: userJson(user, { baseUrl: ctx.baseUrl, showLogins: true, includes: new Set() }) };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:id',
      summary: 'Show a user (`self`, `sis_user_id:`, `sis_login_id:` accepted).',
      params: showUserParams,
      permission: scopedRule('the user themself, an admin, or someone sharing a course whose roster they may read', 'read', async (ctx, p: ShowUserParams) => {
        const user = await users.user(p.id, ctx.principal);
        return scopeIf(await users.maySee(ctx.principal, user), user);
      }),
      async handler(ctx, _params, user) {
        const showLogins = user.id === ctx.principal.userId || (await users.isAdmin(ctx.principal, ['manage_user_logins', 'read_sis']));
        return { body: userProfileJson(user, { baseUrl: ctx.baseUrl, showLogins, includes: new Set() }) };
      },
    }),

    defineRoute({
      method: 'PUT',
      path: '/api/v1/users/:id',
      summary: "Change a user's settings (`user[locale]`, `user[time_zone]`): the user themself or a user admin.",
      params: updateUserParams,
      permission: selfOrUserAdmin(users, 'write', ['manage_user_logins'], (p: UpdateUserParams) => p.id),
      async handler(ctx, params, { user }) {
        const updated = await users.update(user, params.user, writeStamp(ctx));
        return { body: userProfileJson(updated, { baseUrl: ctx.baseUrl, showLogins: true, includes: new Set() }) };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/profile',
      summary: "A user's profile (Canvas's Profile, with `effective_locale`; `calendar.ics` for the user themself): the user themself or a user admin.",
      params: userProfileParams,
      permission: selfOrUserAdmin(users, 'read', ['manage_user_logins'], (p: UserProfileParams) => p.user_id),
      async handler(ctx, _params, { user }) {
        // The feed URL is a credential: the user's own, never an admin's to read.
        const ics = user.id === ctx.principal.userId ? feedUrl(ctx.baseUrl, await feeds.codeOf(user.id, writeStamp(ctx))) : undefined;
        return { body: profileJson(user, ctx.baseUrl, ics) };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/users',
      summary: "List a course's users, sorted by sortable name; section-limited callers see their sections only.",
      params: courseUsersParams,
      permission: rules.inCourse('read', ['read_roster', 'view_all_grades', 'manage_grades'], courseIdOf),
      async handler(ctx, params, { courseId }) {
        const showLogins = await roster.showsSis(ctx.principal, courseId);
        const { course, users: listed, enrollmentsOf } = await users.courseUsers(ctx.principal, courseId, params, ctx.now, showLogins);
        const includes = new Set<string>(params.include);
        return paginate(ctx, {
          count: () => listed.length,
          async fetch(offset, limit) {
            const page = listed.slice(offset, offset + limit);
            const enrollments = includes.has('enrollments') ? page.flatMap((u) => enrollmentsOf.get(u.id) ?? []) : [];
            const relations = await roster.relations(ctx.principal, course, enrollments);
            const enrollmentView = await roster.view(ctx.principal, course, ctx.baseUrl);
            return page.map((user) => {
              const json = userJson(user, { baseUrl: ctx.baseUrl, showLogins, includes });
              if (includes.has('enrollments')) {
                // Canvas nests enrollments without repeating the user inside each one.
                json.enrollments = (enrollmentsOf.get(user.id) ?? []).map((e) => {
                  const { user: _user, ...rest } = enrollmentJson(e, relations, enrollmentView);
                  return rest;
                });
              }
              return json;
            });
          },
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/students',
      summary: "List a course's students (Canvas's deprecated roster call): one unpaginated list by sortable name.",
      params: courseStudentsParams,
      permission: rules.inCourse('read', ['read_roster'], courseIdOf),
      async handler(ctx, params, { courseId }) {
        const showLogins = await roster.showsSis(ctx.principal, courseId);
        const students = await users.courseUsers(ctx.principal, courseId, { ...params, enrollment_type: ['student'], include: [] }, ctx.now, showLogins);
        return { body: students.users.map((user) => userJson(user, { baseUrl: ctx.baseUrl, showLogins, includes: new Set() })) };
      },
    }),
  ];
}
