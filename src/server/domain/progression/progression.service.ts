import type { Stored, WriteStamp } from '../../storage/typed-records.ts';
import { retryStale, UPDATE_ATTEMPTS, writeTogether, type PlannedWrite } from '../repository.ts';
import { effectiveEnrollmentState } from '../access.ts';
import type { ModuleItemData, ModuleProgressionData, RequirementType } from '../records/module-records.ts';
import type { Repositories } from '../repositories.ts';
import { matchingItems, type ContentRef } from './content-match.ts';
import { itemFacts, loadCourseModules, moduleFacts, type CourseModules } from './course-modules.ts';
import { evaluateCourse, SCORE_TOLERANCE, type EvaluatedModule, type RowState } from './evaluate.ts';

/** One student's view of a course's modules: what is locked, met and completed, after lazy re-evaluation. */
export interface StudentProgress {
  readonly userId: number;
  readonly course: CourseModules;
  /** Module id → evaluation; absent for unpublished modules. */
  readonly modules: ReadonlyMap<number, EvaluatedModule>;
}

/** What an event did: `locked` when the student's progression did not let it count (Canvas ignores it silently). */
export type EventOutcome = 'recorded' | 'locked' | 'not_student';

/**
 * The one place module progressions are read and written (docs/canvas-compatibility.md §2.4–§2.6). Other areas call the event
 * methods — `viewed` (a page body or file was shown), `contributed` (a discussion entry, a page edit), `submitted`
 * and `scored` (submissions and grading) — and never touch progression rows themselves.
 */
export class ProgressionService {
  readonly #repos: Repositories;

  constructor(repos: Repositories) {
    this.#repos = repos;
  }

  /** Canvas's `participate_as_student`: an active student enrollment. Only such users have progressions. */
  async participatesAsStudent(courseId: number, userId: number, now = Date.now()): Promise<boolean> {
    const course = await this.#repos.courses.get(courseId);
    if (!course) return false;
    const rows = await this.#repos.enrollments.find({ course_id: courseId, user_id: userId });
    return rows.some((e) => e.data.type === 'StudentEnrollment' && effectiveEnrollmentState(e.data, course.data, now) === 'active');
  }

  /** Evaluates (and persists what changed) every published module of the course for one student. */
  async progressFor(courseId: number, userId: number, stamp: WriteStamp, course?: CourseModules): Promise<StudentProgress> {
    const loaded = course ?? (await loadCourseModules(this.#repos, courseId));
    const stored = await this.#rows(courseId, userId);
    return this.#evaluateAndSave(loaded, userId, stored, stamp);
  }

  // ---- events other areas call ---------------------------------------------------------------------------------

  /** A module item opened through its html_url, or `POST …/mark_read`: satisfies must_view. */
  itemViewed(courseId: number, userId: number, itemId: number, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => items.filter((i) => i.id === itemId), ['must_view']);
  }

  /** Content shown to the student (a page body, a file download, an assignment page): must_view. */
  viewed(courseId: number, userId: number, content: ContentRef, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => matchingItems(this.#repos, items, content), ['must_view']);
  }

  /** A discussion entry posted or a page edited: must_contribute, and must_view with it. */
  contributed(courseId: number, userId: number, content: ContentRef, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => matchingItems(this.#repos, items, content), ['must_contribute', 'must_view']);
  }

  /** A submission (submitted, graded, complete or pending_review; a manual grade with no attempt is not one). */
  submitted(courseId: number, userId: number, content: ContentRef, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => matchingItems(this.#repos, items, content), ['must_submit']);
  }

  /** A grade (the kept score, for quizzes). The score is kept so min_score is judged against the current minimum. */
  scored(courseId: number, userId: number, content: ContentRef, score: number, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => matchingItems(this.#repos, items, content), [], score);
  }

  /** `PUT …/done`. */
  markedDone(courseId: number, userId: number, itemId: number, stamp: WriteStamp): Promise<EventOutcome> {
    return this.#record(courseId, userId, stamp, (items) => items.filter((i) => i.id === itemId), ['must_mark_done']);
  }

  /**
   * `DELETE …/done` undoes only the "marked done" fulfilment (docs/canvas-compatibility.md §0.4, not Canvas's "first met
   * entry, whatever its type", which could un-meet a must_view).
   */
  async markedNotDone(courseId: number, userId: number, item: Stored<ModuleItemData>, stamp: WriteStamp): Promise<void> {
    const stored = await this.#rows(courseId, userId);
    const row = stored.get(item.data.module_id);
    if (!row) return;
    const kept = row.data.requirements_met.filter((e) => !(e.id === item.id && e.type === 'must_mark_done'));
    if (kept.length === row.data.requirements_met.length) return;
    row.data = { ...row.data, requirements_met: kept };
    await this.#evaluateAndSave(await loadCourseModules(this.#repos, courseId), userId, stored, stamp, new Set([item.data.module_id]));
  }

  /**
   * `PUT modules/:id/relock`: every progression of the module and, recursively, of the modules that require it is
   * set back to locked and re-evaluated at once; requirements already met are kept (docs/canvas-compatibility.md §2.6).
   */
  async relock(courseId: number, moduleId: number, stamp: WriteStamp): Promise<void> {
    const course = await loadCourseModules(this.#repos, courseId);
    const affected = new Set([moduleId]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of course.modules) {
        if (!affected.has(m.id) && m.data.prerequisite_module_ids.some((id) => affected.has(id))) {
          affected.add(m.id);
          grew = true;
        }
      }
    }
    const rows = await this.#repos.moduleProgressions.find({ course_id: courseId, parent_id: { $in: [...affected] } });
    const users = new Set(rows.map((r) => r.data.user_id));
    for (const userId of users) {
      const stored = await this.#rows(courseId, userId);
      for (const id of affected) {
        const row = stored.get(id);
        if (row) row.data = { ...row.data, workflow_state: 'locked' };
      }
      await this.#evaluateAndSave(course, userId, stored, stamp, affected);
    }
  }

  /** A mastery path choice (select_mastery_path): kept on the progression of the item's module. */
  async chooseMasteryPath(courseId: number, userId: number, item: Stored<ModuleItemData>, setId: number, stamp: WriteStamp): Promise<void> {
    const stored = await this.#rows(courseId, userId);
    await this.#evaluateAndSave(await loadCourseModules(this.#repos, courseId), userId, stored, stamp);
    const row = stored.get(item.data.module_id);
    if (!row) return;
    row.data = { ...row.data, mastery_choices: { ...row.data.mastery_choices, [String(item.id)]: setId } };
    await this.#evaluateAndSave(await loadCourseModules(this.#repos, courseId), userId, stored, stamp, new Set([item.data.module_id]));
  }

  /** The mastery path choices of one student, item id → set id. */
  async masteryChoices(courseId: number, userId: number): Promise<Map<number, number>> {
    const choices = new Map<number, number>();
    for (const row of (await this.#rows(courseId, userId)).values()) {
      for (const [itemId, setId] of Object.entries(row.data.mastery_choices ?? {})) choices.set(Number(itemId), setId);
    }
    return choices;
  }

  // ---- internals -----------------------------------------------------------------------------------------------

  async #rows(courseId: number, userId: number): Promise<Map<number, Stored<ModuleProgressionData>>> {
    const rows = await this.#repos.moduleProgressions.find({ course_id: courseId, user_id: userId });
    return new Map(rows.map((r) => [r.data.module_id, r]));
  }

  /**
   * Applies an event to the items it names, in modules whose progression lets it count: a locked module, or an
   * item past a sequential module's current position, ignores it (Canvas's `update_for`).
   */
  async #record(
    courseId: number,
    userId: number,
    stamp: WriteStamp,
    targetsOf: (items: Stored<ModuleItemData>[]) => Stored<ModuleItemData>[] | Promise<Stored<ModuleItemData>[]>,
    types: readonly RequirementType[],
    score?: number,
  ): Promise<EventOutcome> {
    if (!(await this.participatesAsStudent(courseId, userId, stamp.now))) return 'not_student';
    const course = await loadCourseModules(this.#repos, courseId);
    const published = new Set(course.modules.filter((m) => m.data.published).map((m) => m.id));
    const visible = [...course.itemsByModule.values()].flat().filter((i) => i.data.published && published.has(i.data.module_id));
    const targets = await targetsOf(visible);
    if (targets.length === 0) return 'recorded';
    const stored = await this.#rows(courseId, userId);
    const progress = await this.#evaluateAndSave(course, userId, stored, stamp);
    const touched = new Set<number>();
    for (const item of targets) {
      const evaluated = progress.modules.get(item.data.module_id);
      if (!evaluated || evaluated.lockedItemIds.has(item.id)) continue;
      const row = stored.get(item.data.module_id);
      if (!row) continue;
      row.data = withEvent(row.data, item, types, score);
      touched.add(item.data.module_id);
    }
    if (touched.size === 0) return 'locked';
    await this.#evaluateAndSave(course, userId, stored, stamp, touched);
    return 'recorded';
  }

  /**
   * Evaluates and writes rows that changed (or whose facts the caller changed: `dirty`), updating `stored`. The rows
   * are written in one transaction: a student's first evaluation creates a row for every module of the course, and a
   * commit per row made a teacher's first grade for each student several times the cost of the next ones.
   */
  async #evaluateAndSave(
    course: CourseModules,
    userId: number,
    stored: Map<number, Stored<ModuleProgressionData>>,
    stamp: WriteStamp,
    dirty: ReadonlySet<number> = new Set(),
  ): Promise<StudentProgress> {
    const rows = new Map<number, RowState>([...stored].map(([id, r]) => [id, r.data]));
    const itemsByModule = new Map(
      [...course.itemsByModule].map(([id, items]) => [id, items.filter((i) => i.data.published).map(itemFacts)]),
    );
    const modules = evaluateCourse({ modules: course.modules.map(moduleFacts), itemsByModule, rows, now: stamp.now });
    const changed = new Map<number, ModuleProgressionData>();
    for (const [moduleId, evaluated] of modules) {
      if (!evaluated.changed && !dirty.has(moduleId)) continue;
      const existing = stored.get(moduleId);
      changed.set(moduleId, {
        mastery_choices: {},
        ...existing?.data,
        ...evaluated.row,
        course_id: course.courseId,
        module_id: moduleId,
        user_id: userId,
      });
    }
    for (const saved of await this.#save(changed, stored, stamp)) stored.set(saved.data.module_id, saved);
    return { userId, course, modules };
  }

  /**
   * Writes the rows by module in one transaction: a row `stored` holds replaces whatever is stored for it now (as an
   * update would: the evaluation wins over a concurrent write, from a fresh read when one came between), one deleted
   * meanwhile stays deleted, and the others are created. Returns what was written.
   */
  async #save(
    changed: ReadonlyMap<number, ModuleProgressionData>,
    stored: ReadonlyMap<number, Stored<ModuleProgressionData>>,
    stamp: WriteStamp,
  ): Promise<Stored<ModuleProgressionData>[]> {
    const repo = this.#repos.moduleProgressions;
    if (changed.size === 0) return [];
    return retryStale(async () => {
      const existingIds = [...changed.keys()].flatMap((moduleId) => stored.get(moduleId)?.id ?? []);
      const current = await repo.getMany(existingIds);
      const writes: PlannedWrite<ModuleProgressionData>[] = [];
      for (const [moduleId, data] of changed) {
        const existing = stored.get(moduleId);
        if (!existing) writes.push(repo.insertion(await repo.build(data, stamp)));
        else {
          const read = current.get(existing.id);
          if (read) writes.push(repo.replacement(read, data, stamp));
        }
      }
      await writeTogether(writes);
      return writes.map((w) => w.record);
    }, UPDATE_ATTEMPTS);
  }
}

function withEvent(
  row: ModuleProgressionData,
  item: Stored<ModuleItemData>,
  types: readonly RequirementType[],
  score: number | undefined,
): ModuleProgressionData {
  const met = [...row.requirements_met];
  const add = (type: RequirementType) => {
    if (!met.some((e) => e.id === item.id && e.type === type)) met.push({ id: item.id, type });
  };
  for (const type of types) add(type);
  let scores = row.scores;
  if (score !== undefined) {
    scores = { ...scores, [String(item.id)]: score };
    const requirement = item.data.completion_requirement;
    // A passing grade also counts as "another met requirement" for must_view (docs/canvas-compatibility.md §2.4 step 3).
    if (requirement?.type === 'min_score' && score + SCORE_TOLERANCE >= (requirement.min_score ?? 0)) add('min_score');
  }
  return { ...row, requirements_met: met, scores };
}

const services = new WeakMap<Repositories, ProgressionService>();

/** The progression service of a server's repositories; one per server, so every area shares it. */
export function progressionService(repos: Repositories): ProgressionService {
  let service = services.get(repos);
  if (!service) {
    service = new ProgressionService(repos);
    services.set(repos, service);
  }
  return service;
}
