import type { CoreServices } from '../../core-services.ts';
import { paginateMapped } from '../../http/pagination.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import {
  createAssignmentParams,
  deleteAssignmentParams,
  listAssignmentsParams,
  showAssignmentParams,
  updateAssignmentParams,
} from './assignments.params.ts';
import { assignmentJson, type AssignmentInclude } from './assignments.serializer.ts';
import { assignmentExtras } from './assignment-extras.ts';
import { AssignmentsService, MANAGE_ASSIGNMENTS } from './assignments.service.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { contentViewer, type ContentViewer } from '../common/course-content.ts';

export function assignmentsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const assignments = new AssignmentsService(services);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope) => contentViewer(services, ctx.principal, courseId, MANAGE_ASSIGNMENTS);
  const extrasFor = (ctx: AuthenticatedContext, viewer: ContentViewer, shown: readonly Stored<AssignmentData>[], include: readonly AssignmentInclude[]) =>
    assignmentExtras(services, viewer, shown, include, { baseUrl: ctx.baseUrl, stamp: writeStamp(ctx) });

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
        return paginateMapped(ctx, list, async (shown) => {
          const extras = await extrasFor(ctx, viewer, shown, p.include);
          return shown.map((a) => assignmentJson(a, ctx.baseUrl, viewer, p.include, extras(a.id)));
        });
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
        const assignment = await assignments.get(viewer, p.id);
        const extras = await extrasFor(ctx, viewer, [assignment], p.include);
        return { body: assignmentJson(assignment, ctx.baseUrl, viewer, p.include, extras(p.id)) };
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
        return { body: assignmentJson(updated, ctx.baseUrl, viewer, [], (await extrasFor(ctx, viewer, [updated], []))(p.id)) };
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
