import type { CoreServices } from '../../core-services.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { pageResult, readPageRequest } from '../../http/pagination.ts';
import { scopedRule, scopeIf } from '../../http/permission-rules.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { createSectionParams, listSectionsParams, showCourseSectionParams, showSectionParams } from './sections.params.ts';
import { SectionsService } from './sections.service.ts';


export function sectionsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const sections = new SectionsService(services);
  const { courses } = sections;

  type Located = Awaited<ReturnType<SectionsService['resolve']>>;
  /** Shows one section the caller may see. */
  const show = async (principal: Parameters<SectionsService['visibleTo']>[0], { section, course }: Located, include: Parameters<SectionsService['jsonPage']>[2]) => {
    if (!(await courses.seesCourse(principal, course))) throw new NotFoundError();
    const roster = await sections.visibleSection(principal, section, course);
    const [body] = await sections.jsonPage([section], course, include, roster);
    return { body };
  };

  return [
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/sections',
      summary: 'Create a section in a course',
      params: createSectionParams,
      permission: rules.inCourse('write', ['manage_sections'], courseIdOf),
      handler: async (ctx, params, { courseId }) => {
        const course = await courses.get(courseId);
        const section = await sections.create(course, params.course_section ?? {}, writeStamp(ctx));
        const [body] = await sections.jsonPage([section], course, [], 'all');
        return { body };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/sections',
      summary: "List a course's sections (section-limited members see only their own)",
      params: listSectionsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, params, { courseId }) => {
        const course = await courses.readableBy(ctx.principal, courseId);
        const { sections: visible, roster } = await sections.visibleTo(ctx.principal, course);
        const request = readPageRequest(ctx.query);
        const slice = visible.slice(request.offset, request.offset + request.perPage);
        return pageResult(ctx, request, visible.length, await sections.jsonPage(slice, course, params.include, roster));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/sections/:id',
      summary: 'Get a section of a course',
      params: showCourseSectionParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, params, { courseId }) => {
        const located = await sections.resolve(params.id);
        // The section must belong to the course the path names.
        if (located.course.id !== courseId) throw new NotFoundError();
        return show(ctx.principal, located, params.include);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/sections/:id',
      summary: 'Get a section by id or sis_section_id:',
      params: showSectionParams,
      permission: scopedRule('enrolled in the section’s course, or read_course_content on its account', 'read', async (ctx, p: { id: string }) => {
        const located = await sections.resolve(p.id);
        return scopeIf(await services.access.canReadCourse(ctx.principal, located.course.id), located);
      }),
      handler: (ctx, params, located) => show(ctx.principal, located, params.include),
    }),
  ];
}
