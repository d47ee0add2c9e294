import { z } from 'zod';
import type { CoreServices } from '../../core-services.ts';
import { activeGroups, CourseScoreStore, groupOf } from '../../domain/grading/course-scores.ts';
import type { Principal } from '../../domain/principal.ts';
import type { ExportFileData } from '../../domain/records/export-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { servingRequests, type JobItems, type JobKind } from '../../jobs/job-runner.ts';
import { ExportFilesService } from '../export-files/export-files.service.ts';
import type { SubmissionScopes } from '../submissions/submission-scope.ts';
import { headerRecords, studentRecord, type GradebookLayout, type StudentRow } from './gradebook-csv.ts';

export const GRADEBOOK_CSV_TAG = 'gradebook_to_csv';

/** Students per job item: each item writes their rows as one chunk of the file. */
const ROWS_PER_CHUNK = 50;

const gradebookCsvInputs = z.object({
  course_id: z.number().int(),
  export_id: z.number().int(),
  /** Fixed when the export is asked for (the caller's visible students, in Canvas's order), so a resume writes the same rows. */
  student_ids: z.array(z.number().int()),
});
type GradebookCsvInputs = z.infer<typeof gradebookCsvInputs>;

/**
 * Canvas's gradebook CSV export (`POST /courses/:id/gradebook_csvs`): an attachment and a Progress answered at
 * once; the job writes the header and points-possible rows, then the students a chunk at a time, each chunk one
 * job item, so neither the job nor the download holds the whole file (docs/decisions/0109-gradebook-csv.md).
 */
export class GradebookCsvService {
  readonly #services: CoreServices;
  readonly #scopes: SubmissionScopes;
  readonly #files: ExportFilesService;
  readonly #scores: CourseScoreStore;

  constructor(services: CoreServices, scopes: SubmissionScopes) {
    this.#services = services;
    this.#scopes = scopes;
    this.#files = new ExportFilesService(services);
    this.#scores = new CourseScoreStore(services.repos);
    services.jobs.register(this.#job);
  }

  /** Starts an export of the students the caller may see (active and invited student enrollments, as Canvas's default view). */
  async start(principal: Principal, courseId: number, stamp: WriteStamp): Promise<{ file: Stored<ExportFileData>; progress: Stored<ProgressData> }> {
    const { repos } = this.#services;
    const course = await repos.courses.get(courseId);
    const [students, visible] = await Promise.all([this.#scopes.students({ courseId }), this.#services.access.visibleStudents(principal, courseId)]);
    const ids = [...students].filter(([id, s]) => s.active && (visible === 'all' || visible.has(id))).map(([id]) => id);
    const users = await repos.users.getMany(ids);
    const key = (id: number) => users.get(id)?.data.sortable_name.toLowerCase() ?? '';
    const ordered = ids.sort((a, b) => key(a).localeCompare(key(b)) || a - b);
    // Named after the time (UTC) and the course's code, as Canvas names its export.
    const when = new Date(stamp.now).toISOString().slice(0, 16).replace(':', '');
    const name = (course?.data.course_code || course?.data.name || `course-${courseId}`).replace(/[\\/:*?"<>|\s]+/g, '_');
    const filename = `${when}_Grades-${name}.csv`;
    const file = await this.#files.begin({ courseId, userId: principal.userId, kind: 'gradebook_csv', filename, contentType: 'text/csv' }, stamp);
    const progress = await this.#services.jobs.enqueue(this.#job, { course_id: courseId, export_id: file.id, student_ids: ordered }, { context_type: 'Course', context_id: courseId }, stamp);
    return { file, progress };
  }

  readonly #job: JobKind<GradebookCsvInputs> = { kind: GRADEBOOK_CSV_TAG, inputs: gradebookCsvInputs, load: (inputs) => this.#load(inputs) };

  async #load(inputs: GradebookCsvInputs): Promise<JobItems> {
    const layout = await this.#layout(inputs.course_id);
    const chunks = Math.ceil(inputs.student_ids.length / ROWS_PER_CHUNK);
    return {
      count: 1 + chunks,
      apply: async (index, stamp) => {
        const text = index === 0 ? headerRecords(layout) : await this.#rows(inputs.course_id, layout, inputs.student_ids.slice((index - 1) * ROWS_PER_CHUNK, index * ROWS_PER_CHUNK));
        await this.#files.append(inputs.export_id, index, Buffer.from(text, 'utf8'), stamp);
      },
      finish: async (stamp) => {
        await this.#files.settle(inputs.export_id, 'available', stamp);
        return { attachment_id: inputs.export_id };
      },
    };
  }

  async #layout(courseId: number): Promise<GradebookLayout> {
    const { repos } = this.#services;
    const [structure, groups, assignments, columns] = await Promise.all([
      this.#scores.structure(courseId),
      activeGroups(repos, courseId),
      repos.assignments.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
      repos.customColumns.find({ course_id: courseId }, [{ sort_key: 'asc' }]),
    ]);
    const groupIndex = new Map(groups.map((g, i) => [g.id, i]));
    const rank = (a: (typeof assignments)[number]) => groupIndex.get(groupOf(a.data, groups) ?? -1) ?? groups.length;
    const graded = assignments
      .filter((a) => a.data.workflow_state === 'published' && a.data.grading_type !== 'not_graded')
      .map((a, i) => ({ a, i }))
      .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
      .map(({ a }) => a);
    return {
      structure,
      groups,
      assignments: graded,
      customColumns: columns.filter((c) => c.data.workflow_state === 'active').map((c) => ({ id: c.id, title: c.data.title })),
    };
  }

  /** The CSV records of a chunk of students, read together. */
  async #rows(courseId: number, layout: GradebookLayout, ids: readonly number[]): Promise<string> {
    await servingRequests();
    const { repos } = this.#services;
    const [users, enrollments, sections, submissions, data] = await Promise.all([
      repos.users.getMany(ids),
      repos.enrollments.ofUsersInCourse(courseId, ids),
      repos.sections.find({ course_id: courseId }),
      repos.submissions.ofUsersInCourse(courseId, ids),
      repos.columnData.ofUsersInCourse(courseId, ids),
    ]);
    const sectionName = new Map(sections.map((s) => [s.id, s.data.name]));
    const wanted = new Set(layout.assignments.map((a) => a.id));
    let text = '';
    for (const id of ids) {
      const user = users.get(id);
      const row: StudentRow = {
        id,
        sortableName: user?.data.sortable_name ?? '',
        sisUserId: user?.data.sis_user_id ?? null,
        loginId: user?.data.login_id ?? '',
        sections: [
          ...new Set(
            enrollments
              .filter((e) => e.data.user_id === id && e.data.type === 'StudentEnrollment' && e.data.workflow_state !== 'deleted')
              .map((e) => sectionName.get(e.data.course_section_id) ?? ''),
          ),
        ].sort(),
        columnData: new Map(data.filter((d) => d.data.user_id === id && d.data.workflow_state === 'active').map((d) => [d.data.column_id, d.data.content])),
        submissions: submissions.filter((s) => s.data.user_id === id && wanted.has(s.data.assignment_id)).map((s) => s.data),
      };
      text += studentRecord(layout, row);
    }
    return text;
  }
}
