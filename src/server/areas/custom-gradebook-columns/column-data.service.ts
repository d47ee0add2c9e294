import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { NotFoundError, ParamMissingError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import { columnDatumKey, type ColumnDatumData } from '../../domain/records/custom-column-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import type { JobItems, JobKind } from '../../jobs/job-runner.ts';
import type { CustomColumnsService } from './custom-columns.service.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { BulkDatum } from './custom-gradebook-columns.params.ts';

/** What a bulk update job keeps: the course and its entries, checked when it was asked for. */
const bulkInputs = z.object({
  course_id: z.number(),
  entries: z.array(z.object({ column_id: z.number(), user_id: z.number(), content: z.string() })),
});
type BulkInputs = z.infer<typeof bulkInputs>;

/** Canvas's Progress tag for the bulk update. */
const BULK_TAG = 'custom_columns_submissions_update';

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
    services.jobs.register(this.#bulkJob);
  }

  readonly #bulkJob: JobKind<BulkInputs> = { kind: BULK_TAG, inputs: bulkInputs, load: (inputs) => this.#loadBulk(inputs) };

  /**
   * `PUT /courses/:id/custom_gradebook_column_data`: every student must be one the caller may see (404 before
   * anything is written) and every entry must say its content; a Progress is answered and the entries are set one
   * by one, as the single route sets them. Entries of columns that do not exist (or no longer) are skipped, as
   * Canvas skips them.
   */
  async bulkSet(principal: Principal, courseId: number, rows: readonly BulkDatum[] | undefined, stamp: WriteStamp): Promise<Stored<ProgressData>> {
    if (!rows || rows.length === 0) throw new ParamMissingError('column_data');
    const visible = await this.visibleStudentIds(principal, courseId);
    const entries = rows.map((row) => {
      if (!visible.has(row.user_id)) throw new NotFoundError('student');
      if (row.content === undefined) throw new ParamMissingError('column_data[][content]');
      return { column_id: row.column_id, user_id: row.user_id, content: row.content };
    });
    return this.#services.jobs.enqueue(this.#bulkJob, { course_id: courseId, entries }, { context_type: 'Course', context_id: courseId }, stamp);
  }

  async #loadBulk(inputs: BulkInputs): Promise<JobItems> {
    const columns = await this.#services.repos.customColumns.find({ course_id: inputs.course_id });
    const live = new Set(columns.filter((c) => c.data.workflow_state !== 'deleted').map((c) => c.id));
    const entries = inputs.entries.filter((e) => live.has(e.column_id));
    return {
      count: entries.length,
      apply: async (index, stamp) => {
        const e = entries[index]!;
        await this.#upsert(inputs.course_id, e.column_id, e.user_id, e.content, stamp);
      },
      finish: async () => null,
    };
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
    return this.#upsert(courseId, columnId, userId, content, stamp);
  }

  /** One entry set (blank content deletes it), one write. */
  #upsert(courseId: number, columnId: number, userId: number, content: string, stamp: WriteStamp): Promise<DatumView> {
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
