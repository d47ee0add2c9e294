import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError, ValidationError, type FieldIssue } from '../../domain/errors.ts';
import type { CustomColumnData } from '../../domain/records/custom-column-records.ts';
import { retryStale, writeTogether, type Stored, type WriteStamp } from '../../domain/repository.ts';
import { insertAt, moveTo, nextPosition, positionsOf, shifted, type PositionChanges } from '../modules/positions.ts';
import type { ColumnFields } from './custom-gradebook-columns.params.ts';

export type Column = Stored<CustomColumnData>;

/** By position, ties by id: the list order and the order reorder starts from. */
const byPosition = (a: Column, b: Column) => a.data.position - b.data.position || a.id - b.id;

/**
 * A course's custom gradebook columns: Canvas's positions (acts_as_list: gaps allowed, deletes never renumber),
 * hidden as a state, one teacher-notes column. Every change validates first, then writes the column and the
 * siblings it shifts in one transaction, starting again from a fresh read if a sibling changed meanwhile.
 */
export class CustomColumnsService {
  readonly #services: CoreServices;

  constructor(services: CoreServices) {
    this.#services = services;
  }

  get #repo() {
    return this.#services.repos.customColumns;
  }

  /** Active columns, and hidden ones too with `include_hidden`, in position order. */
  async list(courseId: number, includeHidden: boolean): Promise<Column[]> {
    const columns = await this.#notDeleted(courseId);
    return columns.filter((c) => includeHidden || c.data.workflow_state === 'active');
  }

  /** 404 for a column of another course, a deleted one, and a hidden one unless hidden ones are asked for. */
  async get(courseId: number, id: number, includeHidden = true): Promise<Column> {
    const column = await this.#repo.get(id);
    const state = column?.data.course_id === courseId ? column.data.workflow_state : 'deleted';
    if (!column || state === 'deleted' || (state === 'hidden' && !includeHidden)) throw new NotFoundError('custom column');
    return column;
  }

  /** A new column goes last unless `position` inserts it (shifting those at or after it). */
  async create(courseId: number, fields: ColumnFields | undefined, stamp: WriteStamp): Promise<Column> {
    if (!fields) throw new ParamMissingError('column');
    return retryStale(async () => {
      const siblings = await this.#notDeleted(courseId);
      const slots = positionsOf(siblings);
      const position = Math.min(fields.position ?? Infinity, nextPosition(slots));
      const base: CustomColumnData = {
        course_id: courseId,
        title: '',
        position,
        teacher_notes: false,
        read_only: false,
        workflow_state: 'active',
      };
      const data = applyFields(base, fields);
      validate(data, siblings, undefined);
      const created = this.#repo.insertion(await this.#repo.build(data, stamp));
      const shifts: PositionChanges = fields.position === undefined ? new Map() : insertAt(slots, position);
      await writeTogether([...this.#repo.replacements(shifted(siblings, shifts), stamp), created]);
      return created.record;
    });
  }

  async update(courseId: number, id: number, fields: ColumnFields | undefined, stamp: WriteStamp): Promise<Column> {
    if (!fields) throw new ParamMissingError('column');
    return retryStale(async () => {
      const current = await this.get(courseId, id);
      const siblings = await this.#notDeleted(courseId);
      const moves = fields.position === undefined ? new Map<number, number>() : moveTo(positionsOf(siblings), id, fields.position);
      const data = applyFields({ ...current.data, position: moves.get(id) ?? current.data.position }, fields);
      validate(data, siblings, id);
      moves.delete(id);
      const planned = this.#repo.replacement(current, data, stamp);
      await writeTogether([planned, ...this.#repo.replacements(shifted(siblings, moves), stamp)]);
      return planned.record;
    });
  }

  /**
   * Soft-deletes the column, then its entries. They live in different collections (course and course_user),
   * so they cannot share a transaction: the column goes first, since an entry of a deleted column is
   * unreachable (every data route 404s), and the entries then go together in one write.
   */
  async delete(courseId: number, id: number, stamp: WriteStamp): Promise<Column> {
    const deleted = await retryStale(async () => {
      const column = await this.get(courseId, id);
      const planned = this.#repo.replacement(column, { ...column.data, workflow_state: 'deleted' }, stamp);
      await writeTogether([planned]);
      return planned.record;
    });
    const { columnData } = this.#services.repos;
    await retryStale(async () => {
      const entries = (await columnData.find({ parent_id: id })).filter((d) => d.data.workflow_state === 'active');
      await writeTogether(columnData.replacements(entries.map((d) => ({ read: d, data: { ...d.data, workflow_state: 'deleted' } })), stamp));
    });
    return deleted;
  }

  /**
   * Canvas's `update_order`: the listed ids (deduplicated; unknown, non-positive and junk ids ignored) take
   * positions 1..n, every other column follows in its current order. One write for all that move.
   */
  async reorder(courseId: number, order: ReadonlyArray<string | number> | undefined, stamp: WriteStamp): Promise<void> {
    if (order === undefined) throw new ParamMissingError('order');
    const wanted = [...new Set(order.map(rubyToI).filter((id) => id > 0))];
    await retryStale(async () => {
      const columns = await this.#notDeleted(courseId);
      const byId = new Map(columns.map((c) => [c.id, c]));
      const listed = wanted.flatMap((id) => byId.get(id) ?? []);
      const rest = columns.filter((c) => !listed.includes(c));
      const changes: PositionChanges = new Map();
      [...listed, ...rest].forEach((c, index) => {
        if (c.data.position !== index + 1) changes.set(c.id, index + 1);
      });
      await writeTogether(this.#repo.replacements(shifted(columns, changes), stamp));
    });
  }

  async #notDeleted(courseId: number): Promise<Column[]> {
    const all = await this.#repo.find({ course_id: courseId });
    return all.filter((c) => c.data.workflow_state !== 'deleted').sort(byPosition);
  }
}

function applyFields(current: CustomColumnData, f: ColumnFields): CustomColumnData {
  const next = { ...current };
  if (f.title !== undefined) next.title = f.title;
  if (f.teacher_notes !== undefined) next.teacher_notes = f.teacher_notes;
  if (f.read_only !== undefined) next.read_only = f.read_only;
  // Canvas's `hidden=` switches the state; it never touches a deleted column (those are not found).
  if (f.hidden !== undefined) next.workflow_state = f.hidden ? 'hidden' : 'active';
  return next;
}

/**
 * Canvas's validations (a title is required), plus the spec's "only one teacher_notes column": a second one
 * would be invisible to the gradebook, which shows the first it finds, so it is refused rather than stored.
 */
function validate(data: CustomColumnData, siblings: readonly Column[], selfId: number | undefined): void {
  const errors: Record<string, FieldIssue[]> = {};
  if (data.title === '') errors.title = [{ type: 'blank', message: "can't be blank" }];
  if (data.teacher_notes && siblings.some((c) => c.id !== selfId && c.data.teacher_notes)) {
    errors.teacher_notes = [{ type: 'taken', message: 'only one teacher_notes column is supported' }];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Ruby's `String#to_i`: the leading integer, else 0. */
function rubyToI(value: string | number): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : 0;
  const match = /^\s*[+-]?\d{1,16}/.exec(value);
  return match === null ? 0 : Number(match[0]);
}
