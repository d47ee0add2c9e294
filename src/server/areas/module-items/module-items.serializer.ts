import { requirementMet, emptyRow } from '../../domain/progression/evaluate.ts';
import type { StudentProgress } from '../../domain/progression/progression.service.ts';
import type { ModuleData, ModuleItemData } from '../../domain/records/module-records.ts';
import type { Stored } from '../../domain/repository.ts';
import type { ModuleViewer } from '../modules/module-viewer.ts';
import { contentKey, type ContentSummary } from './item-content.ts';
import { itemLock } from '../../domain/progression/item-locks.ts';

/** Everything item JSON depends on beyond the item: who looks, their progression, and the loaded content. */
export interface ItemView {
  readonly viewer: ModuleViewer;
  readonly baseUrl: string;
  readonly now: number;
  readonly progress?: StudentProgress;
  /** Present when include[]=content_details. */
  readonly contents?: ReadonlyMap<string, ContentSummary>;
}

const API_SEGMENT: Partial<Record<ModuleItemData['type'], string>> = {
  Assignment: 'assignments',
  Quiz: 'quizzes',
  Discussion: 'discussion_topics',
  File: 'files',
};

/** Canvas's ModuleItem JSON (`lib/api/v1/context_module.rb`, docs/canvas-compatibility.md §2.3), from an allow-list. */
export function moduleItemJson(
  item: Stored<ModuleItemData>,
  module: Stored<ModuleData>,
  moduleItems: readonly Stored<ModuleItemData>[],
  view: ItemView,
): Record<string, unknown> {
  const i = item.data;
  const course = `${view.baseUrl}/courses/${i.course_id}`;
  const api = `${view.baseUrl}/api/v1/courses/${i.course_id}`;
  const json: Record<string, unknown> = {
    id: item.id,
    module_id: i.module_id,
    position: i.position,
    title: i.title,
    indent: i.indent,
    type: i.type,
  };
  if (i.type !== 'Page' && i.type !== 'SubHeader' && i.type !== 'ExternalUrl') json.content_id = i.content_id;
  // SubHeaders have no page; an ExternalUrl goes through the redirect that also marks it read.
  if (i.type === 'ExternalUrl') json.html_url = `${api}/module_item_redirect/${item.id}`;
  else if (i.type !== 'SubHeader') json.html_url = `${course}/modules/items/${item.id}`;
  const segment = API_SEGMENT[i.type];
  if (segment) json.url = `${api}/${segment}/${i.content_id}`;
  if (i.type === 'Page') {
    json.url = `${api}/pages/${i.page_url}`;
    json.page_url = i.page_url;
  }
  if (i.type === 'ExternalTool') json.url = `${api}/external_tools/sessionless_launch?launch_type=module_item&module_item_id=${item.id}`;
  if (i.type === 'ExternalUrl' || i.type === 'ExternalTool') {
    json.external_url = i.external_url;
    json.new_tab = i.new_tab;
  }
  if (view.viewer.canManage) json.published = i.published;
  if (i.completion_requirement) {
    const requirement: Record<string, unknown> = { type: i.completion_requirement.type };
    if (i.completion_requirement.type === 'min_score') requirement.min_score = i.completion_requirement.min_score;
    if (view.progress) {
      const row = view.progress.modules.get(module.id)?.row ?? emptyRow();
      requirement.completed = requirementMet(item.id, i.completion_requirement, row);
    }
    json.completion_requirement = requirement;
  }
  if (view.contents) json.content_details = contentDetails(item, module, moduleItems, view);
  return json;
}

/** Only the truthy dates and points, plus locked_for_user and, when locked, why (docs/canvas-compatibility.md §2.3). */
function contentDetails(
  item: Stored<ModuleItemData>,
  module: Stored<ModuleData>,
  moduleItems: readonly Stored<ModuleItemData>[],
  view: ItemView,
): Record<string, unknown> {
  const content = view.contents?.get(contentKey(item.data));
  const details: Record<string, unknown> = {};
  if (content) {
    for (const key of ['points_possible', 'due_at', 'unlock_at', 'lock_at'] as const) if (content[key] !== null) details[key] = content[key];
  }
  const lock = itemLock(item, module, moduleItems, view.progress, content, view.now);
  details.locked_for_user = lock !== undefined;
  if (lock) Object.assign(details, lock);
  return details;
}
