import type { CoreServices } from '../../core-services.ts';
import type { ModuleSettingsData } from '../../domain/records/module-records.ts';
import type { Repositories } from '../../domain/repositories.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { SettingsChanges } from './course-settings.params.ts';

/** The settings Outpost keeps per course, in Canvas's names. */
export interface CourseSettings {
  /** Mastery Paths: select_mastery_path and the sequence's mastery_path blocks work only when on. */
  conditional_release: boolean;
}

const settingsKey = (courseId: number) => `module_settings:${courseId}`;

/** The course's module settings record (Mastery Paths and its assignment sets); undefined until first written. */
export async function moduleSettings(repos: Repositories, courseId: number): Promise<Stored<ModuleSettingsData> | undefined> {
  return repos.moduleSettings.byLookup(settingsKey(courseId));
}

/** Course settings (`/courses/:id/settings`); Mastery Paths live on the module settings record. */
export class CourseSettingsService {
  readonly #repos: Repositories;
  /** Writes per course, one after another: the first write creates the record, and two must never both create it. */
  readonly #writes = new Map<number, Promise<unknown>>();

  constructor(services: CoreServices) {
    this.#repos = services.repos;
  }

  async get(courseId: number): Promise<CourseSettings> {
    const record = await moduleSettings(this.#repos, courseId);
    return { conditional_release: record?.data.mastery_paths ?? false };
  }

  update(courseId: number, changes: SettingsChanges, stamp: WriteStamp): Promise<CourseSettings> {
    const write = (this.#writes.get(courseId) ?? Promise.resolve()).then(() => this.#write(courseId, changes, stamp));
    const settled = write.catch(() => undefined);
    this.#writes.set(courseId, settled);
    void settled.then(() => this.#writes.get(courseId) === settled && this.#writes.delete(courseId));
    return write;
  }

  async #write(courseId: number, changes: SettingsChanges, stamp: WriteStamp): Promise<CourseSettings> {
    if (changes.conditional_release === undefined) return this.get(courseId);
    const mastery_paths = changes.conditional_release;
    const record = await moduleSettings(this.#repos, courseId);
    if (record) await this.#repos.moduleSettings.update(record.id, stamp, (d) => ({ ...d, mastery_paths }));
    else await this.#repos.moduleSettings.create({ course_id: courseId, mastery_paths, assignment_sets: {} }, stamp);
    return this.get(courseId);
  }
}
