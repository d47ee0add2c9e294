import type { CoreServices } from '../../core-services.ts';
import { BadRequestError } from '../../domain/errors.ts';
import { matchingItems } from '../../domain/progression/content-match.ts';
import { requirementMet } from '../../domain/progression/evaluate.ts';
import { progressionService } from '../../domain/progression/progression.service.ts';
import type { ModuleData, ModuleItemData, ModuleSettingsData } from '../../domain/records/module-records.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import type { Stored } from '../../domain/repository.ts';
import { assignmentJson } from '../assignments/assignments.serializer.ts';
import { moduleSettings } from '../course-settings/course-settings.service.ts';
import type { AccessRules } from '../common/access-rules.ts';
import { courseIdOf, writeStamp } from '../common/api-values.ts';
import { moduleViewer } from '../modules/module-viewer.ts';
import { moduleJson } from '../modules/modules.serializer.ts';
import type { ModulesView } from '../modules/modules.service.ts';
import { SEQUENCE_ASSET_TYPES, selectMasteryPathParams, sequenceParams } from './module-items.params.ts';
import { moduleItemJson, type ItemView } from './module-items.serializer.ts';
import type { ModuleItemsService } from './module-items.service.ts';

/** Canvas returns at most this many nodes (docs/canvas-compatibility.md §2.7). */
const MAX_NODES = 10;

type Entry = { module: Stored<ModuleData>; item: Stored<ModuleItemData> };

/** Mastery Paths are turned on through `PUT /courses/:id/settings` (conditional_release). */
async function settingsOf(services: CoreServices, courseId: number): Promise<ModuleSettingsData | undefined> {
  return (await moduleSettings(services.repos, courseId))?.data;
}

/** `module_item_sequence` (docs/canvas-compatibility.md §2.7) and `select_mastery_path`, the two routes that walk across modules. */
export function sequenceRoutes(services: CoreServices, rules: AccessRules, items: ModuleItemsService): AnyRoute[] {
  const progression = progressionService(services.repos);

  /** Every visible item except SubHeaders, by module position, module id, then item order. */
  const flatSequence = (view: ModulesView): Entry[] =>
    view.modules.flatMap((module) => view.itemsOf(module.id).filter((i) => i.data.type !== 'SubHeader').map((item) => ({ module, item })));

  return [
    defineRoute({
      method: 'GET',
      path: '/api/v1/courses/:course_id/module_item_sequence',
      summary: 'Where an asset sits in the module sequence: previous and next items, across modules',
      params: sequenceParams,
      permission: rules.readCourse(courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const assetType = p.asset_type?.trim().toLowerCase();
        if (!assetType || !(SEQUENCE_ASSET_TYPES as readonly string[]).includes(assetType)) throw new BadRequestError('invalid asset_type');
        if (p.asset_id === undefined || p.asset_id.trim() === '') throw new BadRequestError('missing asset_id');
        const assetId = p.asset_id.trim();
        const viewer = await moduleViewer(services, ctx.principal, courseId, undefined, ctx.now);
        const view = await items.modules.view(viewer, writeStamp(ctx));
        const flat = flatSequence(view);
        const numeric = /^\d{1,16}$/.test(assetId) ? Number(assetId) : undefined;
        let matched: Set<number>;
        if (assetType === 'moduleitem') matched = new Set(numeric === undefined ? [] : [numeric]);
        else if (assetType === 'page') matched = new Set((await matchingItems(services.repos, flat.map((e) => e.item), { type: 'Page', url: assetId })).map((i) => i.id));
        else {
          const type = ({ file: 'File', discussion: 'Discussion', assignment: 'Assignment', quiz: 'Quiz', externaltool: 'ExternalTool' } as const)[assetType as 'file'];
          const found = numeric === undefined ? [] : await matchingItems(services.repos, flat.map((e) => e.item), { type, id: numeric });
          matched = new Set(found.map((i) => i.id));
        }
        const settings = await settingsOf(services, viewer.courseId);
        const choices = settings?.mastery_paths && viewer.studentId !== null ? await progression.masteryChoices(viewer.courseId, viewer.studentId) : new Map<number, number>();
        const itemView: ItemView = { viewer, baseUrl: ctx.baseUrl, now: ctx.now, progress: view.progress };
        const json = (entry: Entry | undefined) => (entry ? moduleItemJson(entry.item, entry.module, view.itemsOf(entry.module.id), itemView) : null);
        const referenced = new Map<number, Stored<ModuleData>>();
        const nodes: Record<string, unknown>[] = [];
        flat.forEach((entry, index) => {
          if (!matched.has(entry.item.id) || nodes.length >= MAX_NODES) return;
          const [prev, next] = [flat[index - 1], flat[index + 1]];
          for (const e of [prev, entry, next]) if (e) referenced.set(e.module.id, e.module);
          const node: Record<string, unknown> = { prev: json(prev), current: json(entry), next: json(next) };
          const sets = settings?.mastery_paths ? settings.assignment_sets[String(entry.item.id)] : undefined;
          if (sets) {
            const requirement = entry.item.data.completion_requirement;
            const row = view.progress?.modules.get(entry.module.id)?.row;
            const locked = viewer.studentId !== null && requirement !== null && (!row || !requirementMet(entry.item.id, requirement, row));
            const selected = choices.get(entry.item.id) ?? null;
            node.mastery_path = {
              locked,
              assignment_sets: sets,
              selected_set_id: selected,
              awaiting_choice: !locked && selected === null && sets.length > 1,
              still_processing: false,
              modules_url: `/courses/${viewer.courseId}/modules`,
              choose_url: `/courses/${viewer.courseId}/modules/items/${entry.item.id}/choose`,
              modules_tab_disabled: false,
            };
          }
          nodes.push(node);
        });
        // The modules of the sequence are shown without anyone's state.
        const stateless: ModulesView = { ...view, progress: undefined };
        const modules = [...referenced.values()].map((m) => moduleJson(m, stateless, { ...itemView, progress: undefined }, []));
        return { body: { items: nodes, modules } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/v1/courses/:course_id/modules/:module_id/items/:id/select_mastery_path',
      summary: 'Choose an assignment set after a mastery path item (needs Mastery Paths on in the course)',
      params: selectMasteryPathParams,
      permission: rules.ownWorkInCourse(courseIdOf),
      handler: async (ctx, p, { courseId }) => {
        const settings = await settingsOf(services, courseId);
        if (!settings?.mastery_paths) throw new BadRequestError('mastery paths not enabled');
        const viewer = await moduleViewer(services, ctx.principal, courseId, p.student_id, ctx.now);
        const { item } = await items.get(viewer, p.module_id, p.id);
        if (p.assignment_set_id === undefined || p.assignment_set_id.trim() === '') throw new BadRequestError('missing assignment_set_id');
        if (item.data.type !== 'Assignment') throw new BadRequestError('invalid module item');
        const set = (settings.assignment_sets[String(item.id)] ?? []).find((s) => String(s.id) === p.assignment_set_id!.trim());
        if (!set) throw new BadRequestError('invalid assignment_set_id');
        if (viewer.studentId === null) throw new BadRequestError('student_id is required');
        await progression.chooseMasteryPath(courseId, viewer.studentId, item, set.id, writeStamp(ctx));
        const view = await items.modules.view(viewer, writeStamp(ctx));
        const assignments = [...(await services.repos.assignments.getMany(set.assignment_ids)).values()].filter(
          (a) => a.data.course_id === courseId && a.data.workflow_state !== 'deleted',
        );
        const ids = new Set(assignments.map((a) => a.id));
        const itemView: ItemView = { viewer, baseUrl: ctx.baseUrl, now: ctx.now, progress: view.progress };
        const related = view.modules.flatMap((m) =>
          view.itemsOf(m.id).filter((i) => i.data.type === 'Assignment' && ids.has(i.data.content_id ?? 0)).map((i) => moduleItemJson(i, m, view.itemsOf(m.id), itemView)),
        );
        const contentViewer = { principal: ctx.principal, courseId, canManage: viewer.canManage };
        return {
          body: {
            meta: { primaryCollection: 'assignments' },
            items: related,
            assignments: assignments.map((a) => assignmentJson(a, ctx.baseUrl, contentViewer)),
          },
        };
      },
    }),
  ];
}
