import type { CoreServices } from '../../core-services.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { StudentGrades } from '../common/student-grades.ts';
import { contentViewer, type ContentViewer } from '../common/course-content.ts';
import { assignmentJson } from '../assignments/assignments.serializer.ts';
import { AssignmentsService, MANAGE_ASSIGNMENTS } from '../assignments/assignments.service.ts';
import { assignmentExtras } from '../assignments/assignment-extras.ts';
import {
  createGroupParams,
  deleteGroupParams,
  listGroupsParams,
  showGroupParams,
  updateGroupParams,
  type ASSIGNMENT_GROUP_INCLUDES,
} from './assignment-groups.params.ts';
import { assignmentGroupJson } from './assignment-groups.serializer.ts';
import { AssignmentGroupsService, type AssignmentGroup } from './assignment-groups.service.ts';

type GroupReading = { include: ReadonlyArray<(typeof ASSIGNMENT_GROUP_INCLUDES)[number]>; student_id?: number | undefined };

export function assignmentGroupsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const groups = new AssignmentGroupsService(services, new AssignmentsService(services));
  const grades = new StudentGrades(services);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope) => contentViewer(services, ctx.principal, courseId, MANAGE_ASSIGNMENTS);

  /** Groups as JSON, with the assignments the viewer may see and one student's scores when include[] asks for them. */
  const groupsJson = async (ctx: AuthenticatedContext, viewer: ContentViewer, list: readonly AssignmentGroup[], p: GroupReading) => {
    const scores = p.include.includes('scores') ? await scoresOf(ctx, viewer.courseId, p.student_id ?? ctx.principal.userId) : undefined;
    const scoresOfGroup = (id: number) => (scores === undefined ? undefined : (scores?.get(id) ?? null));
    if (!p.include.includes('assignments')) return list.map((g) => assignmentGroupJson(g, undefined, scoresOfGroup(g.id)));
    const byGroup = await groups.assignmentsByGroup(viewer, list);
    const extras = await assignmentExtras(services, viewer, [...byGroup.values()].flat(), [], { baseUrl: ctx.baseUrl, stamp: writeStamp(ctx) });
    return list.map((g) =>
      assignmentGroupJson(g, (byGroup.get(g.id) ?? []).map((a) => assignmentJson(a, ctx.baseUrl, viewer, [], extras(a.id))), scoresOfGroup(g.id)),
    );
  };

  /** A student's posted group scores by group id, or null when the caller may not see that student's grades. */
  const scoresOf = async (ctx: AuthenticatedContext, courseId: number, studentId: number) => {
    const course = await services.repos.courses.get(courseId);
    if (!course) throw new NotFoundError();
    return (await grades.groupsForViewer(ctx.principal, course, studentId)) ?? null;
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/assignment_groups',
      summary: 'List assignment groups by position (a course editor’s first look creates the default "Assignments")',
      params: listGroupsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        return paginateArray(ctx, await groupsJson(ctx, viewer, await groups.list(viewer, writeStamp(ctx)), p));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/assignment_groups',
      summary: 'Create an assignment group (last, unless position says otherwise)',
      params: createGroupParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: assignmentGroupJson(await groups.create(courseId, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/assignment_groups/:assignment_group_id',
      summary: 'Get one assignment group',
      params: showGroupParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const [json] = await groupsJson(ctx, viewer, [await groups.get(viewer.courseId, p.assignment_group_id)], p);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/assignment_groups/:assignment_group_id',
      summary: 'Update an assignment group; rules, when sent, replace all of its rules',
      params: updateGroupParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      handler: async (ctx, p, { courseId }) => ({ body: assignmentGroupJson(await groups.update(courseId, p.assignment_group_id, p, writeStamp(ctx))) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/assignment_groups/:assignment_group_id',
      summary: 'Delete an assignment group and its assignments, or move them to move_assignments_to first',
      params: deleteGroupParams,
      permission: rules.inCourse('write', MANAGE_ASSIGNMENTS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const deleted = await groups.delete(courseId, p.assignment_group_id, p.move_assignments_to, writeStamp(ctx));
        return { body: assignmentGroupJson(deleted) };
      },
    }),
  ];
}
