import type { CoreServices } from '../../core-services.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { showSettingsParams, updateSettingsParams } from './course-settings.params.ts';
import { CourseSettingsService } from './course-settings.service.ts';

/** Turning course features on or off is editing the course's content (Mastery Paths reshape its modules). */
const MANAGE_SETTINGS: readonly PermissionName[] = ['manage_content'];

export function courseSettingsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const settings = new CourseSettingsService(services);
  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/settings',
      summary: "The course's settings (conditional_release: Mastery Paths)",
      params: showSettingsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (_ctx, _p, { courseId }) => ({ body: await settings.get(courseId) }),
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/settings',
      summary: "Change the course's settings; returns all of them",
      params: updateSettingsParams,
      permission: rules.inCourse('write', MANAGE_SETTINGS, courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const { course_id: _path, ...changes } = p;
        return { body: await settings.update(courseId, changes, writeStamp(ctx)) };
      },
    }),
  ];
}
