import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, UnauthorizedError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { PlannerNoteData } from '../../domain/records/planner-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { coversNote, plannerContexts } from './planner-contexts.ts';
import { inWindow, notesWindow } from './planner-dates.ts';
import type { ListNotesParams, NoteFields } from './planner.params.ts';

export type PlannerNote = Stored<PlannerNoteData>;

/** A user's planner notes (docs/canvas-compatibility.md §9): only their own active notes exist for them; a delete is soft. */
export class PlannerNotesService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  get #repo() {
    return this.#services.repos.plannerNotes;
  }

  /** The caller's notes in the (inclusive, day-wide) date range and contexts, by todo date then id. */
  async list(principal: Principal, p: ListNotesParams): Promise<PlannerNote[]> {
    const window = notesWindow(p);
    const contexts = await plannerContexts(this.#services, principal, p.context_codes);
    const notes = await this.#repo.find({ user_id: principal.userId }, [{ sort_key: 'asc' }, { id: 'asc' }]);
    return notes.filter((n) => n.data.workflow_state === 'active' && inWindow(n.data.todo_date, window) && coversNote(contexts, n.data.course_id));
  }

  /** 404 for another user's note and a deleted one. */
  async get(principal: Principal, id: number): Promise<PlannerNote> {
    const note = await this.#repo.get(id);
    if (!note || note.data.user_id !== principal.userId || note.data.workflow_state !== 'active') throw new NotFoundError('planner note');
    return note;
  }

  async create(principal: Principal, fields: NoteFields, stamp: WriteStamp): Promise<PlannerNote> {
    const data = this.#apply({ user_id: principal.userId, course_id: null, title: '', details: null, todo_date: '', workflow_state: 'active' }, fields);
    await this.#check(principal, data);
    return this.#repo.create(data, stamp);
  }

  async update(principal: Principal, id: number, fields: NoteFields, stamp: WriteStamp): Promise<PlannerNote> {
    const current = await this.get(principal, id);
    const data = this.#apply(current.data, fields);
    await this.#check(principal, data);
    return (await this.#repo.update(id, stamp, () => data))!;
  }

  /** Soft delete; answers the note as deleted. */
  async delete(principal: Principal, id: number, stamp: WriteStamp): Promise<PlannerNote> {
    await this.get(principal, id);
    return (await this.#repo.update(id, stamp, (d) => ({ ...d, workflow_state: 'deleted' })))!;
  }

  #apply(current: PlannerNoteData, f: NoteFields): PlannerNoteData {
    const next = { ...current };
    if (f.title !== undefined) next.title = f.title;
    const details = f.details !== undefined ? f.details : f.description;
    if (details !== undefined) next.details = details;
    // An empty todo_date clears it, which the check then refuses.
    if (f.todo_date !== undefined) next.todo_date = f.todo_date === null ? '' : f.todo_date.toISOString();
    if (f.course_id !== undefined) next.course_id = f.course_id;
    return next;
  }

  /** Canvas's validations (title and todo_date required, 400 keyed), then the course: unknown 404, unreadable 401. */
  async #check(principal: Principal, data: PlannerNoteData): Promise<void> {
    const errors: Record<string, FieldIssue[]> = {};
    if (data.title === '') errors.title = [{ type: 'blank', message: "can't be blank" }];
    if (data.todo_date === '') errors.todo_date = [{ type: 'blank', message: "can't be blank" }];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    if (data.course_id !== null && !(await this.#services.access.canReadCourse(principal, data.course_id))) throw new UnauthorizedError();
  }
}
