import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { columnDatumKey, type ColumnDatumData } from '../../domain/records/custom-column-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { CustomColumnsService } from './custom-columns.service.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';

/** What a datum write answers: the entry as set, `content: ""`-like for a blank (deleting) one. */
export interface DatumView {
  user_id: number;
  content: string;
}

/**
 * Entries of a column per student. Only students the caller may see (inactive and concluded ones included, as
 * Canvas's `students_visible_to(include: [:inactive, :completed])`) are read or written: a section-limited
 * grader neither lists nor sets notes about other sections' students.
 */
export class ColumnDataService {
  readonly #services: CoreServices;
  readonly #columns: CustomColumnsService;
  /** Upserts per column and student, one after another: two first writes must never both create an entry. */
  readonly #writes = new KeyedQueue();

  constructor(services: CoreServices, columns: CustomColumnsService) {
    this.#services = services;
    this.#columns = columns;
  }

  /** The column's entries of visible students, by entry id (Canvas's default order); hidden columns need `includeHidden`. */
  async list(principal: Principal, courseId: number, columnId: number, includeHidden: boolean): Promise<Stored<ColumnDatumData>[]> {
    await this.#columns.get(courseId, columnId, includeHidden);
    const visible = await this.visibleStudentIds(principal, courseId);
    const entries = await this.#services.repos.columnData.find({ parent_id: columnId });
    return entries.filter((d) => d.data.workflow_state === 'active' && visible.has(d.data.user_id));
  }

  /** Sets the entry; blank content deletes it. Hidden columns take entries too (Canvas: `not_deleted`). */
  async set(principal: Principal, courseId: number, columnId: number, userId: number, content: string | undefined, stamp: WriteStamp): Promise<DatumView> {
    if (!(await this.visibleStudentIds(principal, courseId)).has(userId)) throw new NotFoundError('student');
    await this.#columns.get(courseId, columnId);
    if (content === undefined) throw new ParamMissingError('column_data[content]');
    const { columnData } = this.#services.repos;
    return this.#writes.run(columnDatumKey(columnId, userId), async () => {
      const current = await columnData.byLookup(columnDatumKey(columnId, userId));
      // Ruby's `blank?`: whitespace-only content deletes too.
      const blank = content.trim() === '';
      if (blank) {
        if (current?.data.workflow_state === 'active') await columnData.update(current.id, stamp, (d) => ({ ...d, workflow_state: 'deleted' }));
      } else if (current) {
        await columnData.update(current.id, stamp, (d) => ({ ...d, content, workflow_state: 'active' }));
      } else {
        await columnData.create({ course_id: courseId, column_id: columnId, user_id: userId, content, workflow_state: 'active' }, stamp);
      }
      return { user_id: userId, content };
    });
  }

  /** The course's students the principal may see: every student for a course-wide grader, else their own reach. */
  async visibleStudentIds(principal: Principal, courseId: number): Promise<ReadonlySet<number>> {
    const visible = await this.#services.access.visibleStudents(principal, courseId);
    if (visible !== 'all') return visible;
    const roster = await this.#services.repos.enrollments.inCourse(courseId);
    const onRoster = roster.filter(
      (e) => e.data.type === 'StudentEnrollment' && e.data.workflow_state !== 'deleted' && e.data.workflow_state !== 'rejected',
    );
    return new Set(onRoster.map((e) => e.data.user_id));
  }
}
