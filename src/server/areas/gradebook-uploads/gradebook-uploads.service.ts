import type { CoreServices } from '../../core-services.ts';
import { ConflictError, InvalidError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Principal } from '../../domain/principal.ts';
import type { AssignmentData } from '../../domain/records/content-records.ts';
import type {
  GradebookCellChange,
  GradebookInvalidCell,
  GradebookUnknownAssignment,
  GradebookUnknownStudent,
  GradebookUploadData,
} from '../../domain/records/export-records.ts';
import type { ProgressData } from '../../domain/records/local-records.ts';
import type { Stored, WriteStamp } from '../../domain/repository.ts';
import { CsvSyntaxError, parseCsv } from '../common/csv.ts';
import { EXCUSED, gradeCell, IDENTITY_COLUMNS, POINTS_POSSIBLE } from '../gradebook-csvs/gradebook-csv.ts';
import { checkGradeRequest, type GradeRequest } from '../submissions/grade-change.ts';
import type { BulkEntry, GradingService } from '../submissions/grading.service.ts';
import { MANAGE_GRADES, type SubmissionScopes } from '../submissions/submission-scope.ts';

/** The `(id)` at the end of an assignment's column title (`Essay (12)`), as Canvas's importer finds it. */
const ASSIGNMENT_ID = /\((\d{1,19})\)\s*$/;

type Column = { index: number; assignment: Stored<AssignmentData> };

/** The value of a cell as the import compares it: `EX`, a grade as written, or null when blank. */
function cellValue(raw: string | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  return text.toUpperCase() === EXCUSED ? EXCUSED : text;
}

function same(old: string | null, next: string | null): boolean {
  if (old === next) return true;
  if (old === null || next === null || old === EXCUSED || next === EXCUSED) return false;
  return Number(old) === Number(next) && Number.isFinite(Number(next));
}

/** The grade request a changed cell amounts to: what a grader's PUT of that cell would send. */
export function requestFor(change: Pick<GradebookCellChange, 'old' | 'new'>): GradeRequest {
  if (change.new === EXCUSED) return { excuse: true };
  const grade = change.new ?? '';
  return change.old === EXCUSED ? { excuse: false, ...(grade === '' ? {} : { posted_grade: grade }) } : { posted_grade: grade };
}

/**
 * Gradebook uploads (decision 0110): Canvas's CSV read back, compared with the saved grades cell by cell and kept as
 * a preview; confirmed, its changes are graded by the bulk grading job, the path of `update_grades` (and of a
 * grade PUT: the same checks, posting, totals, webhooks).
 */
export class GradebookUploadsService {
  readonly #services: CoreServices;
  readonly #scopes: SubmissionScopes;
  readonly #grading: GradingService;

  constructor(services: CoreServices, scopes: SubmissionScopes, grading: GradingService) {
    this.#services = services;
    this.#scopes = scopes;
    this.#grading = grading;
  }

  async preview(principal: Principal, courseId: number, input: { csv: string; filename?: string | undefined }, stamp: WriteStamp): Promise<Stored<GradebookUploadData>> {
    let rows: string[][];
    try {
      rows = parseCsv(input.csv);
    } catch (err) {
      if (err instanceof CsvSyntaxError) throw ValidationError.field('csv', `is not a CSV file (${err.message})`, 'invalid');
      throw err;
    }
    const header = rows[0] ?? [];
    const col = (title: string) => header.findIndex((h) => h.trim() === title);
    const [nameAt, idAt, sisAt, loginAt] = IDENTITY_COLUMNS.slice(0, 4).map(col) as [number, number, number, number];
    if (idAt < 0 && sisAt < 0 && loginAt < 0) throw ValidationError.field('csv', 'has no ID, SIS User ID or SIS Login ID column to find students by', 'invalid');

    const { columns, unknownAssignments, ignored } = await this.#columns(courseId, header);
    const { byId, bySis, byLogin } = await this.#students(principal, courseId);
    const changes: GradebookCellChange[] = [];
    const invalid: GradebookInvalidCell[] = [];
    const unknownStudents: GradebookUnknownStudent[] = [];
    const seen = new Set<number>();
    let unchanged = 0;
    const current = await this.#submissions(courseId, [...byId.values()].map((s) => s.id), columns);

    rows.slice(1).forEach((cells, i) => {
      const row = i + 2;
      const at = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
      const name = at(nameAt);
      // Canvas's second rows: points possible, and a posting row with no student.
      if (name === POINTS_POSSIBLE.trim() || (name === '' && at(idAt) === '' && at(sisAt) === '' && at(loginAt) === '')) return;
      const student = byId.get(at(idAt)) ?? bySis.get(at(sisAt)) ?? byLogin.get(at(loginAt).toLowerCase());
      const described = { row, id: at(idAt), sis_user_id: at(sisAt), sis_login_id: at(loginAt), name };
      if (!student) return void unknownStudents.push({ ...described, reason: 'not_found' });
      if (seen.has(student.id)) return void unknownStudents.push({ ...described, reason: 'repeated' });
      seen.add(student.id);
      for (const { index, assignment } of columns) {
        const next = cellValue(cells[index]);
        const old = gradeCell(current.get(`${assignment.id}:${student.id}`));
        if (same(old, next)) {
          unchanged++;
          continue;
        }
        const change = { assignment_id: assignment.id, student_id: student.id, old, new: next };
        const refused = (message: string) => invalid.push({ row, assignment_id: assignment.id, student_id: student.id, value: next ?? '', message });
        if (!student.active) {
          refused('Student must be enrolled in the course as a student to be graded');
          continue;
        }
        try {
          checkGradeRequest(requestFor(change), assignment.data);
        } catch (err) {
          if (!(err instanceof InvalidError)) throw err;
          refused(err instanceof ValidationError ? `"${next ?? ''}" is not a valid grade for this assignment` : err.message);
          continue;
        }
        changes.push(change);
      }
    });

    return this.#services.repos.gradebookUploads.create(
      {
        course_id: courseId,
        user_id: principal.userId,
        filename: input.filename ?? 'gradebook.csv',
        changes,
        unchanged,
        unknown_students: unknownStudents,
        unknown_assignments: unknownAssignments,
        ignored_columns: ignored,
        invalid,
        workflow_state: 'previewed',
        progress_id: null,
      },
      stamp,
    );
  }

  async get(id: number): Promise<Stored<GradebookUploadData>> {
    const upload = await this.#services.repos.gradebookUploads.get(id);
    if (!upload) throw new NotFoundError('gradebook upload');
    return upload;
  }

  /**
   * Saves a preview's changes as one bulk grading job. Refused (409, nothing saved) when it was confirmed already or
   * when a grade it changes is no longer the one the preview showed: the grader previews again.
   */
  async confirm(principal: Principal, upload: Stored<GradebookUploadData>, stamp: WriteStamp): Promise<Stored<ProgressData>> {
    if (upload.data.workflow_state === 'confirmed') throw new ConflictError('This gradebook upload was confirmed already.');
    const courseId = upload.data.course_id;
    const ids = [...new Set(upload.data.changes.map((c) => c.assignment_id))];
    const assignments = await this.#services.repos.assignments.getMany(ids);
    const columns = [...assignments.values()].map((assignment, index) => ({ index, assignment }));
    const { byId } = await this.#students(principal, courseId);
    const students = new Map([...byId.values()].map((s) => [s.id, s]));
    const current = await this.#submissions(courseId, [...new Set(upload.data.changes.map((c) => c.student_id))], columns);
    const moved = upload.data.changes.filter((c) => {
      const assignment = assignments.get(c.assignment_id);
      return !assignment || assignment.data.workflow_state !== 'published' || !students.has(c.student_id) || gradeCell(current.get(`${c.assignment_id}:${c.student_id}`)) !== c.old;
    });
    if (moved.length > 0) {
      throw new ConflictError(`${moved.length} of the grades this upload changes changed since its preview (or can no longer be graded by you); upload the file again to see them.`);
    }
    const entries: BulkEntry[] = [];
    for (const change of upload.data.changes) {
      const assignment = assignments.get(change.assignment_id)!;
      const student = students.get(change.student_id)!;
      entries.push({ assignment, studentId: student.id, checked: await this.#grading.check(principal, assignment, student, requestFor(change)) });
    }
    const progress = await this.#grading.startBulk({ courseId }, entries, [], stamp);
    await this.#services.repos.gradebookUploads.update(upload.id, stamp, (u) => ({ ...u, workflow_state: 'confirmed', progress_id: progress.id }));
    return progress;
  }

  /** The header's columns: assignments of this course by `(id)`, ids naming none, and totals and others ignored. */
  async #columns(courseId: number, header: readonly string[]) {
    const ids = header.map((h) => ASSIGNMENT_ID.exec(h)?.[1]).filter((id): id is string => id !== undefined).map(Number);
    const found = await this.#services.repos.assignments.getMany(ids);
    const columns: Column[] = [];
    const unknownAssignments: GradebookUnknownAssignment[] = [];
    const ignored: string[] = [];
    header.forEach((title, index) => {
      if ((IDENTITY_COLUMNS as readonly string[]).includes(title.trim())) return;
      const id = ASSIGNMENT_ID.exec(title)?.[1];
      if (id === undefined) {
        ignored.push(title);
        return;
      }
      const assignment = found.get(Number(id));
      const gradeable = assignment && assignment.data.course_id === courseId && assignment.data.workflow_state === 'published' && assignment.data.grading_type !== 'not_graded';
      if (gradeable) columns.push({ index, assignment });
      else unknownAssignments.push({ column: index + 1, title });
    });
    return { columns, unknownAssignments, ignored };
  }

  /** The course's students the caller may grade, findable by ID, SIS User ID and SIS Login ID (case-insensitive). */
  async #students(principal: Principal, courseId: number) {
    const [all, reaches] = await Promise.all([this.#scopes.students({ courseId }), this.#scopes.reach(principal, MANAGE_GRADES, courseId)]);
    const ids = [...all.keys()].filter(reaches);
    const users = await this.#services.repos.users.getMany(ids);
    const byId = new Map<string, { id: number; active: boolean }>();
    const bySis = new Map<string, { id: number; active: boolean }>();
    const byLogin = new Map<string, { id: number; active: boolean }>();
    for (const id of ids) {
      const student = { id, active: all.get(id)!.active };
      byId.set(String(id), student);
      const user = users.get(id)?.data;
      if (user?.sis_user_id) bySis.set(user.sis_user_id, student);
      if (user?.login_id) byLogin.set(user.login_id.toLowerCase(), student);
    }
    bySis.delete('');
    byLogin.delete('');
    return { byId, bySis, byLogin };
  }

  async #submissions(courseId: number, studentIds: readonly number[], columns: readonly Column[]) {
    const wanted = new Set(columns.map((c) => c.assignment.id));
    const records = await this.#services.repos.submissions.ofUsersInCourse(courseId, studentIds);
    return new Map(records.filter((s) => wanted.has(s.data.assignment_id)).map((s) => [`${s.data.assignment_id}:${s.data.user_id}`, s.data]));
  }
}
