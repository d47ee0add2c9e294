import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { writeStamp } from '../common/api-values.ts';
import { showLatePolicyParams, writeLatePolicyParams } from './late-policy.params.ts';
import { latePolicyJson } from './late-policy.serializer.ts';
import { LatePolicyService } from './late-policy.service.ts';

/** A late policy changes students' scores, so setting one is grading (Canvas: `require_manage_grades_for_course`). */
const MANAGE_GRADES: readonly PermissionName[] = ['manage_grades'];

/** Canvas names the course `:id` on these paths. */
const courseOf = (p: { id: string }): string => p.id;

export function latePolicyRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const policies = new LatePolicyService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:id/late_policy',
      summary: "The course's late policy; 404 when it has none",
      params: showLatePolicyParams,
      permission: rules.readCourse(courseOf),
      handler: async (_ctx, _p, { courseId }) => ({ body: latePolicyJson(await policies.get(courseId)) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:id/late_policy',
      summary: 'Create the late policy (one per course); rescores the course’s submissions',
      params: writeLatePolicyParams,
      permission: rules.inCourse('write', MANAGE_GRADES, courseOf),
      handler: async (ctx, p, { courseId }) => {
        const created = await policies.create(courseId, p.late_policy, writeStamp(ctx));
        return { status: 201, body: latePolicyJson(created) };
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/api/v1/courses/:id/late_policy',
      summary: 'Change the late policy (no body, as in Canvas); rescores the course’s submissions',
      params: writeLatePolicyParams,
      permission: rules.inCourse('write', MANAGE_GRADES, courseOf),
      handler: async (ctx, p, { courseId }) => {
        await policies.update(courseId, p.late_policy, writeStamp(ctx));
        return { status: 204, body: null };
      },
    }),
  ];
}
