import { create } from 'zustand';
import type { AssignmentGroupWithAssignments, CourseSection, CustomColumn, EnrollmentGrades, GradebookSubmission, StudentEnrollment } from '../../../contracts/gradebook-dtos.ts';
import type { Assignment } from '../../../contracts/lms-dtos.ts';
import { STUDENTS_PER_SUBMISSIONS_CALL } from '../api/gradebook-calls.ts';
import type { Loadable } from './resource-store.ts';
import { useGraderStore, type StudentRef } from './grader-store.ts';
import { currentApi, useSessionStore } from './session-store.ts';
import { useSyncStatusStore } from './sync-status-store.ts';

/** A column: the assignment with the name of its group. */
export interface GradebookAssignment extends Assignment {
  groupName: string;
}

/** A row: one student, whatever number of sections they are enrolled in. */
export interface GradebookStudent {
  id: number;
  name: string;
  sortableName: string;
  sectionIds: number[];
}

export interface GradebookData {
  courseId: number;
  /** The assignment groups with their assignments, by position: the group columns and the totals' structure. */
  groups: AssignmentGroupWithAssignments[];
  /** In assignment-group order, then the assignment's position in its group. */
  assignments: GradebookAssignment[];
  students: GradebookStudent[];
  sections: CourseSection[];
  /** By `cellKey(userId, assignmentId)`; published assignments only (the API lists no others' submissions). */
  submissions: Partial<Record<string, GradebookSubmission>>;
  /** The stored totals, per student. */
  totals: Partial<Record<number, EnrollmentGrades>>;
  /** The custom columns the API lists (hidden ones are not), by position; they come before the assignments. */
  customColumns: CustomColumn[];
  /** Each student's entry in each custom column, by `cellKey(userId, columnId)`. */
  columnData: Partial<Record<string, string>>;
}

interface GradebookStore {
  load: Partial<Record<number, Loadable<GradebookData>>>;
  /** Grades sent and not yet answered, by cell: the cell shows them meanwhile. */
  pending: Partial<Record<string, string>>;
  /** The cell whose save the status line reports. */
  lastSaved?: StudentRef;
  gradebookNeeded: (courseId: number) => Promise<void>;
  gradebookRetried: (courseId: number) => Promise<void>;
  /** Saves a grade through the submissions API (as the grader does), then reads the student's totals again. */
  gradeEntered: (student: StudentRef, grade: string) => Promise<void>;
  /** Creates the course's `Notes` column (teacher notes) and shows it, empty. */
  notesColumnAdded: (courseId: number) => Promise<void>;
  /** Saves a student's entry in a custom column; a refusal leaves the entry as it was and says why in `columnError`. */
  columnDatumEntered: (courseId: number, columnId: number, userId: number, content: string) => Promise<void>;
  /** Why the last custom column change failed, until the next one. */
  columnError?: string;
  /** After a bulk change to an assignment's grades: its submissions and everyone's totals, read again. */
  assignmentRegraded: (courseId: number, assignmentId: number) => Promise<void>;
}

export const cellKey = (userId: number, assignmentId: number) => `${userId}:${assignmentId}`;
/** A custom column cell's key in `pending` (ids of columns and assignments may coincide). */
export const columnCellKey = (userId: number, columnId: number) => `column:${cellKey(userId, columnId)}`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const useGradebookStore = create<GradebookStore>()((set, get) => {
  async function loadGradebook(courseId: number): Promise<void> {
    set((s) => ({ load: { ...s.load, [courseId]: { status: 'loading' } } }));
    try {
      const data = await fetchGradebook(courseId);
      set((s) => ({ load: { ...s.load, [courseId]: { status: 'loaded', data } } }));
    } catch (error) {
      set((s) => ({ load: { ...s.load, [courseId]: { status: 'failed', error: error instanceof Error ? error : new Error(String(error)) } } }));
    }
  }

  function changed(courseId: number, change: (data: GradebookData) => Partial<GradebookData>): void {
    set((s) => {
      const current = s.load[courseId];
      if (current?.status !== 'loaded') return {};
      return { load: { ...s.load, [courseId]: { status: 'loaded', data: { ...current.data, ...change(current.data) } } } };
    });
  }

  return {
    load: {},
    pending: {},
    gradebookNeeded: async (courseId) => {
      if (get().load[courseId]) return;
      await loadGradebook(courseId);
    },
    gradebookRetried: loadGradebook,
    gradeEntered: async (student, grade) => {
      const { courseId, userId, assignmentId } = student;
      const key = cellKey(userId, assignmentId);
      set((s) => ({ pending: { ...s.pending, [key]: grade }, lastSaved: student }));
      const saved = await useGraderStore.getState().gradePosted(student, grade);
      set((s) => ({ pending: { ...s.pending, [key]: undefined } }));
      if (!saved) return;
      changed(courseId, (d) => ({ submissions: { ...d.submissions, [key]: saved } }));
      const [enrollment] = await currentApi().studentEnrollment(courseId, userId);
      changed(courseId, (d) => ({ totals: { ...d.totals, [userId]: enrollment?.grades } }));
      void useSyncStatusStore.getState().refreshRequested();
    },
    notesColumnAdded: async (courseId) => {
      try {
        const column = await currentApi().notesColumnCreated(courseId);
        set({ columnError: undefined });
        changed(courseId, (d) => ({ customColumns: [...d.customColumns, column] }));
      } catch (error) {
        set({ columnError: messageOf(error) });
      }
    },
    columnDatumEntered: async (courseId, columnId, userId, content) => {
      const key = columnCellKey(userId, columnId);
      set((s) => ({ pending: { ...s.pending, [key]: content }, columnError: undefined }));
      try {
        const saved = await currentApi().columnDatumSaved(courseId, columnId, userId, content);
        changed(courseId, (d) => ({ columnData: { ...d.columnData, [cellKey(userId, columnId)]: saved.content } }));
      } catch (error) {
        set({ columnError: messageOf(error) });
      } finally {
        set((s) => ({ pending: { ...s.pending, [key]: undefined } }));
      }
    },
    assignmentRegraded: async (courseId, assignmentId) => {
      const api = currentApi();
      const [submissions, enrollments] = await Promise.all([api.assignmentSubmissions(courseId, assignmentId), api.gradebookEnrollments(courseId)]);
      changed(courseId, (d) => ({
        submissions: { ...d.submissions, ...Object.fromEntries(submissions.map((s) => [cellKey(s.user_id, s.assignment_id), s])) },
        totals: { ...d.totals, ...totalsOf(enrollments) },
      }));
      void useSyncStatusStore.getState().refreshRequested();
    },
  };
});

/** Each student's stored totals, from their first enrollment (a student in two sections has the same totals in both). */
function totalsOf(enrollments: readonly StudentEnrollment[]): Record<number, EnrollmentGrades | undefined> {
  const totals: Record<number, EnrollmentGrades | undefined> = {};
  for (const e of enrollments) totals[e.user_id] ??= e.grades;
  return totals;
}

/**
 * The groups, sections and enrollment pages load side by side; each page of students starts the calls for their
 * submissions at once, so the submissions of the first students arrive while later pages are still on their way.
 */
async function fetchGradebook(courseId: number): Promise<GradebookData> {
  const api = currentApi();
  const submissionCalls: Promise<void>[] = [];
  const submissions: Record<string, GradebookSubmission> = {};
  const onPage = (page: StudentEnrollment[]) => {
    const ids = [...new Set(page.map((e) => e.user_id))];
    for (let i = 0; i < ids.length; i += STUDENTS_PER_SUBMISSIONS_CALL) {
      const call = api.gradebookSubmissions(courseId, ids.slice(i, i + STUDENTS_PER_SUBMISSIONS_CALL)).then((students) => {
        for (const student of students) for (const s of student.submissions) submissions[cellKey(s.user_id, s.assignment_id)] = s;
      });
      // Awaited below with the others; caught here so a failure before then is not an unhandled rejection.
      call.catch(() => undefined);
      submissionCalls.push(call);
    }
  };
  const [groups, sections, enrollments, customColumns] = await Promise.all([
    api.groupsWithAssignments(courseId),
    api.sections(courseId),
    api.gradebookEnrollments(courseId, onPage),
    api.customColumns(courseId),
  ]);
  const columnData: Record<string, string> = {};
  const data = await Promise.all(customColumns.map(async (column) => ({ column, entries: await api.columnData(courseId, column.id) })));
  for (const { column, entries } of data) for (const entry of entries) columnData[cellKey(entry.user_id, column.id)] = entry.content;
  await Promise.all(submissionCalls);
  const ordered = [...groups].sort((a, b) => a.position - b.position || a.id - b.id);
  const assignments = ordered.flatMap((g) => [...g.assignments].sort((a, b) => a.position - b.position || a.id - b.id).map((a) => ({ ...a, groupName: g.name })));
  const students = new Map<number, GradebookStudent>();
  for (const e of enrollments) {
    const known = students.get(e.user_id);
    if (known) known.sectionIds.push(e.course_section_id);
    else students.set(e.user_id, { id: e.user_id, name: e.user.name, sortableName: e.user.sortable_name, sectionIds: [e.course_section_id] });
  }
  return { courseId, groups: ordered, assignments, students: [...students.values()], sections, submissions, totals: totalsOf(enrollments), customColumns, columnData };
}

useSessionStore.subscribe((state, previous) => {
  // One person's gradebook must not show to the next person signed in.
  if (previous.session.phase === 'signed-in' && state.session.phase !== 'signed-in') useGradebookStore.setState({ load: {}, pending: {}, lastSaved: undefined, columnError: undefined });
});
