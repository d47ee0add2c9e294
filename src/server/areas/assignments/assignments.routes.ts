import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import {
  createAssignmentParams,
  deleteAssignmentParams,
  listAssignmentsParams,
  showAssignmentParams,
  updateAssignmentParams,
} from './assignments.params.ts';
import { assignmentJson } from './assignments.serializer.ts';
import { AssignmentsService, MANAGE_ASSIGNMENTS } from './assignments.service.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { contentViewer, type ContentViewer } from '../common/course-content.ts';
import { assignmentSubmissionStats } from '../submissions/assignment-stats.ts';

export function assignmentsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const assignments = new AssignmentsService(services);
  const statsOf = (viewer: ContentViewer, ids: readonly number[]) =>
    assignmentSubmissionStats(services, viewer.principal, viewer.courseId, ids);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope) => contentViewer(services, ctx.principal, courseId, MANAGE_ASSIGNMENTS);

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/assignments',
      summary: 'List assignments (students see published ones only)',
      params: listAssignmentsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const list = await assignments.list(viewer, p, ctx.now);
        const stats = await statsOf(viewer, list.map((a) => a.id));
        return paginateArray(ctx, list.map((a) => assignmentJson(a, ctx.baseUrl, viewer, p.include, stats.get(a.id))));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/assignments',
      summary: 'Create an assignment',
      params: createAssignmentParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const created = await assignments.create(viewer.courseId, p.assignment, writeStamp(ctx));
        return { body: assignmentJson(created, ctx.baseUrl, viewer) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/assignments/:id',
      summary: 'Get one assignment',
      params: showAssignmentParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const stats = await statsOf(viewer, [p.id]);
        return { body: assignmentJson(await assignments.get(viewer, p.id), ctx.baseUrl, viewer, p.include, stats.get(p.id)) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/assignments/:id',
      summary: 'Update an assignment; fields not sent are kept',
      params: updateAssignmentParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      bodyLimit: 'html',
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const updated = await assignments.update(viewer, p.id, p.assignment, writeStamp(ctx));
        return { body: assignmentJson(updated, ctx.baseUrl, viewer, [], (await statsOf(viewer, [p.id])).get(p.id)) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/assignments/:id',
      summary: 'Delete an assignment; returns it as deleted',
      params: deleteAssignmentParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const deleted = await assignments.delete(viewer, p.id, writeStamp(ctx));
        return { body: assignmentJson(deleted, ctx.baseUrl, viewer) };
      },
    }),
  ];
}
