import type { ModuleItemData, ModuleItemType } from '../records/module-records.ts';
import type { Repositories } from '../repositories.ts';
import type { Stored, WriteStamp } from '../repository.ts';
import { loadCourseModules } from './course-modules.ts';
import { LOCK_NOUNS, moduleLock, pastLock, untilLock, type DatedContent, type ItemLock } from './item-locks.ts';
import { progressionService, type StudentProgress } from './progression.service.ts';

/** The content a lock is asked about: its kind, dates and asset string, and which module items show it. */
export interface LockedContent {
  type: ModuleItemType;
  summary: DatedContent;
  shownBy: (item: Stored<ModuleItemData>) => boolean;
}

/**
 * The locks one viewer meets on a course's content, loaded once per request (the course's modules and the
 * student's progression), so a list of assignments costs one evaluation. Canvas's `locked_for?` order: a future
 * unlock_at, then the modules, then a past lock_at. Editors are never locked; only students have progressions, so
 * only they meet module locks, while dates lock everyone else who cannot edit.
 */
export class ContentLocks {
  readonly #now: number;
  readonly #exempt: boolean;
  readonly #progress: StudentProgress | undefined;

  private constructor(now: number, exempt: boolean, progress: StudentProgress | undefined) {
    this.#now = now;
    this.#exempt = exempt;
    this.#progress = progress;
  }

  /** Dates only: for callers that show no student's progression. */
  static byDates(now: number, exempt: boolean): ContentLocks {
    return new ContentLocks(now, exempt, undefined);
  }

  /** `exempt` says the viewer edits this content (Canvas's `check_policies`: an editor is never locked). */
  static async load(repos: Repositories, userId: number, courseId: number, exempt: boolean, stamp: WriteStamp): Promise<ContentLocks> {
    if (exempt) return ContentLocks.byDates(stamp.now, true);
    const progression = progressionService(repos);
    if (!(await progression.participatesAsStudent(courseId, userId, stamp.now))) return ContentLocks.byDates(stamp.now, false);
    const course = await loadCourseModules(repos, courseId);
    return new ContentLocks(stamp.now, false, await progression.progressFor(courseId, userId, stamp, course));
  }

  lockOf(content: LockedContent): ItemLock | undefined {
    if (this.#exempt) return undefined;
    const noun = LOCK_NOUNS[content.type];
    return untilLock(content.summary, noun, this.#now) ?? this.#byModules(content, noun) ?? pastLock(content.summary, noun, this.#now);
  }

  /** Canvas's `locked_by_module_item?`: locked only when every published item showing it sits behind a lock. */
  #byModules(content: LockedContent, noun: string): ItemLock | undefined {
    const progress = this.#progress;
    if (!progress) return undefined;
    const subject = { noun, assetString: content.summary.asset_string };
    let first: ItemLock | undefined;
    for (const module of progress.course.modules) {
      if (!module.data.published) continue;
      const items = progress.course.itemsByModule.get(module.id) ?? [];
      for (const item of items) {
        if (!item.data.published || !content.shownBy(item)) continue;
        const lock = moduleLock(item, module, items, progress, subject, this.#now);
        if (!lock) return undefined;
        first ??= lock;
      }
    }
    return first;
  }
}
