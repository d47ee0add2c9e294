import type { ModuleData, ModuleItemData } from '../../domain/records/module-records.ts';
import type { Stored } from '../../domain/repository.ts';
import { moduleItemJson, type ItemView } from '../module-items/module-items.serializer.ts';
import type { ModuleInclude } from './modules.params.ts';
import type { ModulesView } from './modules.service.ts';

/** Canvas leaves a module's items out of include[]=items above this many (docs/canvas-compatibility.md §2.1 "too large"). */
export const MAX_INLINE_ITEMS = 100;

/**
 * Canvas's Module JSON (`lib/api/v1/context_module.rb`), plus the spec's `workflow_state`. `items` is the list to
 * show inline (already narrowed by search_term); `published` only for editors; state only with a progression.
 */
export function moduleJson(
  module: Stored<ModuleData>,
  view: ModulesView,
  itemView: ItemView,
  include: readonly ModuleInclude[],
  items: readonly Stored<ModuleItemData>[] = view.itemsOf(module.id),
): Record<string, unknown> {
  const m = module.data;
  const all = view.itemsOf(module.id);
  const json: Record<string, unknown> = {
    id: module.id,
    workflow_state: m.workflow_state,
    position: m.position,
    name: m.name,
    unlock_at: m.unlock_at,
    require_sequential_progress: m.require_sequential_progress,
    publish_final_grade: m.publish_final_grade,
    prerequisite_module_ids: m.prerequisite_module_ids,
    items_count: all.length,
    items_url: `${itemView.baseUrl}/api/v1/courses/${m.course_id}/modules/${module.id}/items`,
  };
  if (itemView.viewer.canManage) json.published = m.published;
  if (view.progress) {
    const row = view.progress.modules.get(module.id)?.row;
    json.state = row?.workflow_state ?? 'locked';
    json.completed_at = row?.completed_at ?? null;
  }
  if (include.includes('items') && all.length <= MAX_INLINE_ITEMS) {
    json.items = items.map((item) => moduleItemJson(item, module, all, itemView));
  }
  return json;
}
