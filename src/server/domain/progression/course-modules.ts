import type { Stored } from '../../storage/typed-records.ts';
import type { ModuleData, ModuleItemData } from '../records/module-records.ts';
import type { Repositories } from '../repositories.ts';
import { cachePerKey, CourseCache } from './course-cache.ts';
import type { ItemFacts, ModuleFacts } from './evaluate.ts';

/**
 * A course's active modules and items, loaded with one query each and ordered the way Canvas shows them:
 * modules by (position, id), items by (position, title) — positions may have gaps and, after moves, ties.
 */
export interface CourseModules {
  courseId: number;
  modules: Stored<ModuleData>[];
  itemsByModule: Map<number, Stored<ModuleItemData>[]>;
}

const cacheOf = cachePerKey((repos: Repositories) => new CourseCache(repos.modules, (courseId) => readCourseModules(repos, courseId)));

/** The course's modules and items; shared and read-only (see CourseCache), re-read after any change to the course. */
export function loadCourseModules(repos: Repositories, courseId: number): Promise<CourseModules> {
  return cacheOf(repos).get(courseId);
}

async function readCourseModules(repos: Repositories, courseId: number): Promise<CourseModules> {
  const [modules, items] = await Promise.all([
    repos.modules.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
    repos.moduleItems.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
  ]);
  const active = modules.filter((m) => m.data.workflow_state === 'active');
  const itemsByModule = new Map<number, Stored<ModuleItemData>[]>(active.map((m) => [m.id, []]));
  for (const item of items) {
    if (item.data.workflow_state !== 'active') continue;
    itemsByModule.get(item.data.module_id)?.push(item);
  }
  for (const list of itemsByModule.values()) list.sort(compareItems);
  return { courseId, modules: active, itemsByModule };
}

export function compareItems(a: Stored<ModuleItemData>, b: Stored<ModuleItemData>): number {
  return a.data.position - b.data.position || a.data.title.localeCompare(b.data.title) || a.id - b.id;
}

export function compareModules(a: Stored<ModuleData>, b: Stored<ModuleData>): number {
  return a.data.position - b.data.position || a.id - b.id;
}

export function moduleFacts(m: Stored<ModuleData>): ModuleFacts {
  return {
    id: m.id,
    position: m.data.position,
    published: m.data.published,
    unlock_at: m.data.unlock_at === null ? null : Date.parse(m.data.unlock_at),
    require_sequential_progress: m.data.require_sequential_progress,
    prerequisite_module_ids: m.data.prerequisite_module_ids,
  };
}

export function itemFacts(i: Stored<ModuleItemData>): ItemFacts {
  return { id: i.id, module_id: i.data.module_id, position: i.data.position, requirement: i.data.completion_requirement };
}
