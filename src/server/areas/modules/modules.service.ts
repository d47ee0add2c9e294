import type { CoreServices } from '../../core-services.ts';
import { BadRequestError, NotFoundError } from '../../domain/errors.ts';
import { loadCourseModules, type CourseModules } from '../../domain/progression/course-modules.ts';
import { progressionService, type StudentProgress } from '../../domain/progression/progression.service.ts';
import type { ModuleData, ModuleItemData } from '../../domain/records/module-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { setContentPublished } from '../module-items/content-publish.ts';
import { isoSeconds } from '../common/api-values.ts';
import type { ModuleViewer } from './module-viewer.ts';
import type { ModuleFields } from './modules.params.ts';
import { insertAt, moveTo, nextPosition, positionsOf, shifted } from './positions.ts';

/** A course's modules as one viewer sees them: what is visible, and the student's progression if one is shown. */
export interface ModulesView {
  readonly course: CourseModules;
  readonly progress?: StudentProgress;
  readonly modules: Stored<ModuleData>[];
  itemsOf(moduleId: number): Stored<ModuleItemData>[];
}

/** Modules of a course: Canvas's positions, prerequisites, draft state and its cascade to items. */
export class ModulesService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  get #repo() {
    return this.#services.repos.modules;
  }

  /** Students (and observers) see only published modules and items; evaluating progression may write rows. */
  async view(viewer: ModuleViewer, stamp: WriteStamp): Promise<ModulesView> {
    const course = await loadCourseModules(this.#services.repos, viewer.courseId);
    const progress =
      viewer.studentId === null ? undefined : await progressionService(this.#services.repos).progressFor(viewer.courseId, viewer.studentId, stamp, course);
    const visible = (record: { data: { published: boolean } }) => viewer.canManage || record.data.published;
    return {
      course,
      progress,
      modules: course.modules.filter(visible),
      itemsOf: (moduleId) => (course.itemsByModule.get(moduleId) ?? []).filter(visible),
    };
  }

  /** 404 for a module of another course, a deleted one, or an unpublished one the viewer may not see. */
  async get(viewer: ModuleViewer, id: number): Promise<Stored<ModuleData>> {
    const record = await this.#repo.get(id);
    if (!record || record.data.course_id !== viewer.courseId || record.data.workflow_state !== 'active') throw new NotFoundError('module');
    if (!record.data.published && !viewer.canManage) throw new NotFoundError('module');
    return record;
  }

  /**
   * API-created modules start unpublished, last unless `position` inserts them. The shift of the others and the
   * insert are one write; a concurrent change to the list makes the whole attempt start again from a fresh read.
   */
  async create(courseId: number, fields: ModuleFields | undefined, stamp: WriteStamp): Promise<Stored<ModuleData>> {
    if (!fields) throw new BadRequestError('missing module parameter');
    if (fields.name === undefined || fields.name === '') throw new BadRequestError('missing module name');
    const name = fields.name;
    return retryStale(async () => {
      const siblings = await this.#siblings(courseId);
      const slots = positionsOf(siblings);
      const position = fields.position === undefined ? nextPosition(slots) : Math.min(fields.position, nextPosition(slots));
      const base: ModuleData = {
        course_id: courseId,
        name,
        position,
        unlock_at: null,
        require_sequential_progress: false,
        prerequisite_module_ids: [],
        publish_final_grade: false,
        published: false,
        workflow_state: 'active',
      };
      const created = this.#repo.insertion(await this.#repo.build(applyFields(base, fields, slots), stamp));
      const shifts = fields.position === undefined ? new Map<number, number>() : insertAt(slots, position);
      await writeTogether([...this.#repo.replacements(shifted(siblings, shifts), stamp), created]);
      return created.record;
    });
  }

  /**
   * Returns the module and Canvas's `relock_warning` (new locks do not reach students already unlocked). The
   * module, the siblings a move shifts and its items' draft state are one write; the items' content follows.
   */
  async update(viewer: ModuleViewer, id: number, fields: ModuleFields | undefined, stamp: WriteStamp) {
    if (!fields) throw new BadRequestError('missing module parameter');
    const { moduleItems } = this.#services.repos;
    const { before, module, cascaded } = await retryStale(async () => {
      const current = await this.get(viewer, id);
      if (fields.name === '') throw new BadRequestError('missing module name');
      const siblings = await this.#siblings(viewer.courseId);
      const slots = positionsOf(siblings);
      const moves = fields.position === undefined ? new Map<number, number>() : moveTo(slots, id, fields.position);
      const moved = slots.map((s) => ({ id: s.id, position: moves.get(s.id) ?? s.position }));
      const data = applyFields({ ...current.data, position: moves.get(id) ?? current.data.position }, fields, moved);
      moves.delete(id);
      const publishing = fields.published !== undefined && fields.published !== current.data.published;
      const items = publishing ? (await this.#activeItems(current)).filter((i) => i.data.published !== data.published) : [];
      const planned = this.#repo.replacement(current, data, stamp);
      await writeTogether([
        planned,
        ...this.#repo.replacements(shifted(siblings, moves), stamp),
        ...moduleItems.replacements(items.map((i) => ({ read: i, data: { ...i.data, published: data.published } })), stamp),
      ]);
      return { before: current.data, module: planned.record, cascaded: items };
    });
    // Publishing a module publishes its items' content (docs/canvas-compatibility.md §2.2); content lives in other areas' services.
    for (const item of cascaded) await setContentPublished(this.#services, viewer.principal, item.data, module.data.published, stamp);
    return { module, relockWarning: relockWarning(before, module.data, fields) };
  }

  /** A soft delete of the module and its items, in one write; the others keep their positions (docs/canvas-compatibility.md §2.2). */
  async delete(viewer: ModuleViewer, id: number, stamp: WriteStamp): Promise<Stored<ModuleData>> {
    const { moduleItems } = this.#services.repos;
    return retryStale(async () => {
      const module = await this.get(viewer, id);
      const items = await this.#activeItems(module);
      const deleted = this.#repo.replacement(module, { ...module.data, workflow_state: 'deleted' }, stamp);
      await writeTogether([deleted, ...moduleItems.replacements(items.map((i) => ({ read: i, data: { ...i.data, workflow_state: 'deleted' } })), stamp)]);
      return deleted.record;
    });
  }

  async relock(viewer: ModuleViewer, id: number, stamp: WriteStamp): Promise<Stored<ModuleData>> {
    const module = await this.get(viewer, id);
    await progressionService(this.#services.repos).relock(viewer.courseId, id, stamp);
    return module;
  }

  async #siblings(courseId: number): Promise<Stored<ModuleData>[]> {
    const all = await this.#repo.find({ course_id: courseId });
    return all.filter((m) => m.data.workflow_state === 'active');
  }

  async #activeItems(module: Stored<ModuleData>): Promise<Stored<ModuleItemData>[]> {
    const items = await this.#services.repos.moduleItems.find({ course_id: module.data.course_id, parent_id: module.id });
    return items.filter((i) => i.data.workflow_state === 'active');
  }
}

/** The module after a create or PUT; prerequisites that do not precede it (or do not exist) are dropped. */
function applyFields(current: ModuleData, f: ModuleFields, siblings: ReadonlyArray<{ id: number; position: number }>): ModuleData {
  const next: ModuleData = { ...current };
  if (f.name !== undefined) next.name = f.name;
  if (f.unlock_at !== undefined) next.unlock_at = f.unlock_at === null ? null : isoSeconds(f.unlock_at);
  if (f.require_sequential_progress !== undefined) next.require_sequential_progress = f.require_sequential_progress;
  if (f.publish_final_grade !== undefined) next.publish_final_grade = f.publish_final_grade;
  if (f.published !== undefined) next.published = f.published;
  const wanted = f.prerequisite_module_ids === undefined ? next.prerequisite_module_ids : f.prerequisite_module_ids.map(parseModuleId);
  const before = new Set(siblings.filter((s) => s.position < next.position).map((s) => s.id));
  next.prerequisite_module_ids = [...new Set(wanted.filter((id): id is number => id !== undefined && before.has(id)))];
  return next;
}

/** `12` or Canvas's `module_12`; anything else names no module. */
function parseModuleId(raw: string | number): number | undefined {
  const match = /^(?:module_)?(\d{1,16})$/.exec(String(raw).trim());
  return match ? Number(match[1]) : undefined;
}

/** Prerequisites or a future unlock_at were added, or a module carrying them was published. */
function relockWarning(before: ModuleData, after: ModuleData, f: ModuleFields): boolean {
  const addedPrerequisite = after.prerequisite_module_ids.some((id) => !before.prerequisite_module_ids.includes(id));
  const addedUnlock = after.unlock_at !== null && after.unlock_at !== before.unlock_at;
  const published = f.published === true && !before.published && (after.prerequisite_module_ids.length > 0 || after.unlock_at !== null);
  return after.published && (addedPrerequisite || addedUnlock || published);
}
