import type { CoreServices } from '../../core-services.ts';
import { InvalidParameterError } from '../../domain/errors.ts';
import type { PermissionName } from '../../domain/permissions/index.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { courseContents } from '../module-items/item-content.ts';
import type { ItemView } from '../module-items/module-items.serializer.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { moduleViewer, type ModuleViewer } from './module-viewer.ts';
import {
  createModuleParams,
  listModulesParams,
  moduleIdParams,
  showModuleParams,
  updateModuleParams,
  type ModuleInclude,
} from './modules.params.ts';
import { moduleJson } from './modules.serializer.ts';
import { ModulesService, type ModulesView } from './modules.service.ts';

/** Who edits modules, and so also sees unpublished ones (Canvas's manage_content). */
export const MANAGE_MODULES: readonly PermissionName[] = ['manage_content'];

export function modulesRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const modules = new ModulesService(services);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope, studentId?: string) => moduleViewer(services, ctx.principal, courseId, studentId, ctx.now);
  const itemView = async (ctx: AuthenticatedContext, viewer: ModuleViewer, view: ModulesView, include: readonly ModuleInclude[]): Promise<ItemView> => {
    const withDetails = include.includes('items') && include.includes('content_details');
    const contents = withDetails ? await courseContents(services.repos, viewer.courseId) : undefined;
    return { viewer, baseUrl: ctx.baseUrl, now: ctx.now, progress: view.progress, contents };
  };
  const plainView = (ctx: AuthenticatedContext, viewer: ModuleViewer): ItemView => ({ viewer, baseUrl: ctx.baseUrl, now: ctx.now });

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/modules',
      summary: 'List modules (students see published ones, with their progression)',
      params: listModulesParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const term = p.search_term?.trim();
        if (term !== undefined && term.length < 3) throw new InvalidParameterError('search_term', '3 or more characters is required');
        const viewer = await viewerFor(ctx, course, p.student_id);
        const view = await modules.view(viewer, writeStamp(ctx));
        const items = await itemView(ctx, viewer, view, p.include);
        const matches = (text: string) => term === undefined || text.toLowerCase().includes(term.toLowerCase());
        const withItems = p.include.includes('items');
        const listed = view.modules.flatMap((m) => {
          // With items, a module whose name misses keeps only its matching items, and is dropped without any.
          if (matches(m.data.name)) return [moduleJson(m, view, items, p.include)];
          if (!withItems) return [];
          const hits = view.itemsOf(m.id).filter((i) => matches(i.data.title));
          return hits.length === 0 ? [] : [moduleJson(m, view, items, p.include, hits)];
        });
        return paginateArray(ctx, listed);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/modules/:id',
      summary: 'Get one module',
      params: showModuleParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course, p.student_id);
        const module = await modules.get(viewer, p.id);
        const view = await modules.view(viewer, writeStamp(ctx));
        return { body: moduleJson(module, view, await itemView(ctx, viewer, view, p.include), p.include) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/modules',
      summary: 'Create a module (unpublished; position inserts and shifts the others)',
      params: createModuleParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const created = await modules.create(viewer.courseId, p.module, writeStamp(ctx));
        const view = await modules.view(viewer, writeStamp(ctx));
        return { body: moduleJson(created, view, plainView(ctx, viewer), []) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/modules/:id',
      summary: 'Update a module; module[published] cascades to its items',
      params: updateModuleParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { module, relockWarning } = await modules.update(viewer, p.id, p.module, writeStamp(ctx));
        const view = await modules.view(viewer, writeStamp(ctx));
        const body = moduleJson(module, view, plainView(ctx, viewer), []);
        if (relockWarning) body.relock_warning = true;
        return { body };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/modules/:id',
      summary: 'Delete a module and its items; returns it (positions are not renumbered)',
      params: moduleIdParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const deleted = await modules.delete(viewer, p.id, writeStamp(ctx));
        const view = await modules.view(viewer, writeStamp(ctx));
        return { body: moduleJson(deleted, view, plainView(ctx, viewer), []) };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/modules/:id/relock',
      summary: "Relock the module's progressions (and its dependents'), then re-evaluate them",
      params: moduleIdParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const module = await modules.relock(viewer, p.id, writeStamp(ctx));
        const view = await modules.view(viewer, writeStamp(ctx));
        return { body: moduleJson(module, view, plainView(ctx, viewer), []) };
      },
    }),
  ];
}
