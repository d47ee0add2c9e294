import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { paginateMapped } from '../../http/pagination.ts';
import { authenticated, scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { plannerContexts, type PlannerContexts } from '../planner/planner-contexts.ts';
import { createEventParams, deleteEventParams, listEventsParams, showEventParams, updateEventParams, userEventsParams, type ListEventsParams } from './calendar-events.params.ts';
import { calendarEventJson, calendarItemJson } from './calendar-events.serializer.ts';
import { CalendarEventsService, MANAGE_CALENDAR } from './calendar-events.service.ts';
import { calendarItems } from './calendar-list.ts';
import { calendarFeedRoutes } from './calendar-feed.routes.ts';

export function calendarEventsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  return [...eventRoutes(services, rules), ...calendarFeedRoutes(services, rules)];
}

function eventRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const events = new CalendarEventsService(services);
  const { access } = services;

  /** The event of the path: readers of its course may look, `manage_calendar` holders change it. */
  const onEvent = (grants: 'read' | 'write') =>
    scopedRule(grants === 'read' ? 'enrolled in the event’s course' : 'manage_calendar in the event’s course', grants, async (ctx, p: { id: number }) => {
      const event = await events.get(p.id);
      const context = { type: 'course', courseId: event.data.course_id } as const;
      const allowed = grants === 'read' ? await access.canReadCourse(ctx.principal, event.data.course_id) : await access.canAny(ctx.principal, MANAGE_CALENDAR, context);
      return scopeIf(allowed, { event });
    });

  /** The course of `calendar_event[context_code]`; personal (`user_`) calendars are not kept (docs). */
  const inContext = scopedRule('manage_calendar in the course of calendar_event[context_code]', 'write', async (ctx, p: { calendar_event: { context_code: string } }) => {
    const [kind, id] = p.calendar_event.context_code.split('_') as [string, string];
    if (kind !== 'course') throw new ValidationError({ context_code: [{ type: 'invalid', message: 'only course calendars are supported' }] });
    const courseId = await rules.ids.courseId(id);
    return scopeIf(await access.canAny(ctx.principal, MANAGE_CALENDAR, { type: 'course', courseId }), { courseId });
  });

  /** `/users/:user_id/…`: the caller's own calendar, or a student's they observe in an active course (401 otherwise). */
  const ownOrObserved = scopedRule('the user themself, or an observer linked to them', 'read', async (ctx, p: { user_id: string }) => {
    const userId = await rules.ids.userId(p.user_id, ctx.principal);
    if (!(await services.repos.users.get(userId))) throw new NotFoundError('user');
    if (userId === ctx.principal.userId) return { userId };
    const own = await services.repos.enrollments.find({ user_id: ctx.principal.userId });
    const observes = own.some((e) => e.data.type === 'ObserverEnrollment' && e.data.associated_user_id === userId && e.data.workflow_state === 'active');
    return scopeIf(observes, { userId });
  });

  const listed = async (ctx: AuthenticatedContext, p: ListEventsParams, contexts: PlannerContexts | null) =>
    paginateMapped(ctx, await calendarItems(services, ctx.principal, contexts, p, ctx.now), async (page) => page.map((item) => calendarItemJson(item, ctx.baseUrl, p.excludes)));
  const eventJson = async (ctx: AuthenticatedContext, event: Awaited<ReturnType<CalendarEventsService['get']>>) => {
    const course = await services.repos.courses.get(event.data.course_id);
    if (!course) throw new NotFoundError('course');
    return calendarEventJson(event, course, ctx.baseUrl);
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/calendar_events',
      summary: 'List the caller’s calendar events or assignment due dates (type) of the courses in context_codes[], within start_date..end_date',
      params: listEventsParams,
      permission: authenticated,
      handler: async (ctx, p) => listed(ctx, p, await plannerContexts(services, ctx.principal, p.context_codes)),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/users/:user_id/calendar_events',
      summary: 'List a user’s calendar events: the caller’s own, or an observed student’s (their courses the caller reads)',
      params: userEventsParams,
      permission: ownOrObserved,
      handler: async (ctx, p) => listed(ctx, p, await plannerContexts(services, ctx.principal, p.context_codes)),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/calendar_events',
      summary: 'Create a course event, or with rrule a recurring series (answers its first event)',
      params: createEventParams,
      permission: inContext,
      bodyLimit: 'html',
      handler: async (ctx, p, { courseId }) => ({ status: 201, body: await eventJson(ctx, await events.create(courseId, p.calendar_event, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/calendar_events/:id',
      summary: 'Get one calendar event',
      params: showEventParams,
      permission: onEvent('read'),
      handler: async (ctx, _p, { event }) => ({ body: await eventJson(ctx, event) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/calendar_events/:id',
      summary: 'Change an event, or with which=all|following its series',
      params: updateEventParams,
      permission: onEvent('write'),
      bodyLimit: 'html',
      handler: async (ctx, p, { event }) => ({ body: await eventJson(ctx, await events.update(event.id, p.which, p.calendar_event, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/calendar_events/:id',
      summary: 'Delete an event, or with which=all|following its series; answers the deleted event',
      params: deleteEventParams,
      permission: onEvent('write'),
      handler: async (ctx, p, { event }) => ({ body: await eventJson(ctx, await events.delete(event.id, p.which, writeStamp(ctx))) }),
    }),
  ];
}
