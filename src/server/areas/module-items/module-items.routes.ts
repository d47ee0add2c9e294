import type { CoreServices } from '../../core-services.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import { HttpError } from '../../http/http-errors.ts';
import { paginateArray } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type AuthenticatedContext } from '../../http/route.ts';
import type { AccessRules, CourseScope } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { moduleViewer, type ModuleViewer } from '../modules/module-viewer.ts';
import { MANAGE_MODULES } from '../modules/modules.routes.ts';
import { courseContents } from './item-content.ts';
import { sequenceRoutes } from './module-item-sequence.routes.ts';
import {
  createItemParams,
  itemIdParams,
  listItemsParams,
  showItemParams,
  updateItemParams,
  type ItemInclude,
} from './module-items.params.ts';
import { moduleItemJson, type ItemView } from './module-items.serializer.ts';
import { ModuleItemsService, type LocatedItem } from './module-items.service.ts';

const OK = { message: 'OK' };

export function moduleItemsRoutes(services: CoreServices, rules: AccessRules): AnyRoute[] {
  const items = new ModuleItemsService(services);
  const progression = progressionService(services.repos);
  const viewerFor = (ctx: AuthenticatedContext, { courseId }: CourseScope, studentId?: string) => moduleViewer(services, ctx.principal, courseId, studentId, ctx.now);

  /** One item's JSON as the viewer sees it, with the progression and content details it asked for. */
  const render = async (ctx: AuthenticatedContext, viewer: ModuleViewer, located: LocatedItem[], include: readonly ItemInclude[] = []) => {
    const view = await items.modules.view(viewer, writeStamp(ctx));
    const contents = include.includes('content_details') ? await courseContents(services.repos, viewer.courseId) : undefined;
    const itemView: ItemView = { viewer, baseUrl: ctx.baseUrl, now: ctx.now, progress: view.progress, contents };
    return located.map(({ module, item }) => moduleItemJson(item, module, view.itemsOf(module.id), itemView));
  };

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/modules/:module_id/items',
      summary: "List a module's items (students see published ones)",
      params: listItemsParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course, p.student_id);
        const module = await items.modules.get(viewer, p.module_id);
        const view = await items.modules.view(viewer, writeStamp(ctx));
        const term = p.search_term?.trim().toLowerCase();
        const listed = view.itemsOf(module.id).filter((i) => !term || i.data.title.toLowerCase().includes(term));
        return paginateArray(ctx, await render(ctx, viewer, listed.map((item) => ({ module, item })), p.include));
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id',
      summary: 'Get one module item',
      params: showItemParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course, p.student_id);
        const [json] = await render(ctx, viewer, [await items.get(viewer, p.module_id, p.id)], p.include);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/modules/:module_id/items',
      summary: 'Create a module item (per-type content checks; position inserts and shifts the others)',
      params: createItemParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const created = await items.create(viewer, p.module_id, p.module_item, writeStamp(ctx));
        const module = await items.modules.get(viewer, p.module_id);
        const [json] = await render(ctx, viewer, [{ module, item: created }]);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id',
      summary: 'Update a module item; module_item[module_id] moves it to another module',
      params: updateItemParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const [json] = await render(ctx, viewer, [await items.update(viewer, p.module_id, p.id, p.module_item, writeStamp(ctx))]);
        return { body: json };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id',
      summary: 'Delete a module item; returns it (siblings are not renumbered)',
      params: itemIdParams,
      permission: rules.inCourse('write', MANAGE_MODULES, courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { module, item } = await items.delete(viewer, p.module_id, p.id, writeStamp(ctx));
        const json = moduleItemJson(item, module, [], { viewer, baseUrl: ctx.baseUrl, now: ctx.now });
        return { body: { ...json, workflow_state: 'deleted' } };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id/done',
      summary: "Mark the item done (fulfils must_mark_done; a no-op for non-students)",
      params: itemIdParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { item } = await items.get(viewer, p.module_id, p.id);
        await progression.markedDone(viewer.courseId, ctx.principal.userId, item.id, writeStamp(ctx));
        return { body: OK };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id/done',
      summary: 'Mark the item not done (undoes only the marked-done fulfilment)',
      params: itemIdParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { item } = await items.get(viewer, p.module_id, p.id);
        await progression.markedNotDone(viewer.courseId, ctx.principal.userId, item, writeStamp(ctx));
        return { body: OK };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id/mark_read',
      summary: 'Fulfil must_view; 403 when the item is locked for the student',
      params: itemIdParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, course) => {
        const viewer = await viewerFor(ctx, course);
        const { module, item } = await items.get(viewer, p.module_id, p.id);
        if (viewer.studentId !== null) {
          const progress = await progression.progressFor(viewer.courseId, viewer.studentId, writeStamp(ctx));
          const evaluated = progress.modules.get(module.id);
          if (!evaluated || evaluated.lockedItemIds.has(item.id)) throw new HttpError(403, { message: 'The module item is locked.' });
          await progression.itemViewed(viewer.courseId, viewer.studentId, item.id, writeStamp(ctx));
        }
        return { body: OK };
      },
    }),
    ...sequenceRoutes(services, rules, items),
  ];
}
