import type { ModuleData, ModuleItemData, ModuleItemType } from '../records/module-records.ts';
import type { Stored } from '../repository.ts';
import type { StudentProgress } from './progression.service.ts';

/** Why content is locked for a student, in Canvas's `lock_info` shape, with its `lock_explanation`. */
export interface ItemLock {
  lock_info: Record<string, unknown>;
  lock_explanation: string;
}

/** The word Canvas's explanations use for each kind of content. */
export const LOCK_NOUNS: Readonly<Record<ModuleItemType, string>> = {
  Assignment: 'assignment',
  Quiz: 'quiz',
  Discussion: 'topic',
  Page: 'page',
  File: 'file',
  SubHeader: 'item',
  ExternalUrl: 'item',
  ExternalTool: 'item',
};

/**
 * The lock a student meets on an item: the module's (locked, or past a sequential module's position) first, then
 * the content's own dates. Undefined when nothing locks it, or when no student's progression is being shown.
 */
export function itemLock(
  item: Stored<ModuleItemData>,
  module: Stored<ModuleData>,
  moduleItems: readonly Stored<ModuleItemData>[],
  progress: StudentProgress | undefined,
  content: DatedContent | undefined,
  now: number,
): ItemLock | undefined {
  if (!progress) return undefined;
  const noun = LOCK_NOUNS[item.data.type];
  const assetString = content?.asset_string ?? `content_tag_${item.id}`;
  return moduleLock(item, module, moduleItems, progress, { noun, assetString }, now) ?? (content && (untilLock(content, noun, now) ?? pastLock(content, noun, now)));
}

/** How an explanation names the content and how lock_info identifies it. */
interface LockSubject {
  noun: string;
  assetString: string;
}

/** The module's part of an item's lock: its module is locked for the student, or the item comes after an unmet one. */
export function moduleLock(
  item: Stored<ModuleItemData>,
  module: Stored<ModuleData>,
  moduleItems: readonly Stored<ModuleItemData>[],
  progress: StudentProgress,
  { noun, assetString }: LockSubject,
  now: number,
): ItemLock | undefined {
  const evaluated = progress.modules.get(module.id);
  if (evaluated && !evaluated.lockedItemIds.has(item.id)) return undefined;
  const unlockAt = module.data.unlock_at !== null && Date.parse(module.data.unlock_at) > now ? module.data.unlock_at : undefined;
  const info: Record<string, unknown> = { asset_string: assetString, context_module: contextModuleJson(module, moduleItems) };
  if (unlockAt) info.unlock_at = unlockAt;
  const explanation = !module.data.published
    ? `This ${noun} is part of an unpublished module and is not available yet.`
    : unlockAt
      ? `This ${noun} is locked until ${unlockAt}.`
      : `This ${noun} hasn't been unlocked yet. It is part of the module ${module.data.name}.`;
  return { lock_info: info, lock_explanation: explanation };
}

/** What a lock needs of content: Canvas's asset string (`assignment_5`) for lock_info, and its own dates. */
export interface DatedContent {
  asset_string: string;
  unlock_at: string | null;
  lock_at: string | null;
}

/** Content not yet open: its unlock_at is ahead. */
export function untilLock(content: DatedContent, noun: string, now: number): ItemLock | undefined {
  if (!content.unlock_at || Date.parse(content.unlock_at) <= now) return undefined;
  return { lock_info: { asset_string: content.asset_string, unlock_at: content.unlock_at }, lock_explanation: `This ${noun} is locked until ${content.unlock_at}.` };
}

/** Content closed: its lock_at has passed. */
export function pastLock(content: DatedContent, noun: string, now: number): ItemLock | undefined {
  if (!content.lock_at || Date.parse(content.lock_at) >= now) return undefined;
  return { lock_info: { asset_string: content.asset_string, lock_at: content.lock_at }, lock_explanation: `This ${noun} was locked ${content.lock_at}.` };
}

/** Per list of a module's items (one per module and request): every locked item of a module shares its row. */
const contextModules = new WeakMap<readonly Stored<ModuleItemData>[], Record<string, unknown>>();

/** The module row Canvas puts in lock_info (its own fields, not the API JSON). */
function contextModuleJson(module: Stored<ModuleData>, items: readonly Stored<ModuleItemData>[]): Record<string, unknown> {
  const cached = contextModules.get(items);
  if (cached?.id === module.id) return cached;
  const json = moduleRow(module, items);
  contextModules.set(items, json);
  return json;
}

function moduleRow(module: Stored<ModuleData>, items: readonly Stored<ModuleItemData>[]): Record<string, unknown> {
  const m = module.data;
  return {
    id: module.id,
    name: m.name,
    position: m.position,
    context_id: m.course_id,
    context_type: 'Course',
    unlock_at: m.unlock_at,
    require_sequential_progress: m.require_sequential_progress,
    prerequisites: m.prerequisite_module_ids.map((id) => ({ id, type: 'context_module' })),
    completion_requirements: items
      .filter((i) => i.data.completion_requirement !== null)
      .map((i) => ({ id: i.id, ...i.data.completion_requirement })),
    workflow_state: m.published ? 'active' : 'unpublished',
  };
}
