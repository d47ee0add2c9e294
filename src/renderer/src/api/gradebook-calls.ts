import {
  GRADEBOOK_SUBMISSION_FIELDS,
  type AssignmentGroupWithAssignments,
  type ColumnDatum,
  type CourseSection,
  type CustomColumn,
  type Progress,
  type StudentEnrollment,
  type StudentSubmissions,
} from '../../../contracts/gradebook-dtos.ts';
import type { Submission } from '../../../contracts/grading-dtos.ts';
import type { Http } from './http.ts';

/** Canvas caps the students one `/students/submissions` call may name. */
export const STUDENTS_PER_SUBMISSIONS_CALL = 50;

/** The gradebook's reads: the course's structure, its students with their totals, and their submissions. */
export function gradebookCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  return {
    groupsWithAssignments: (courseId: number) =>
      http.getAll<AssignmentGroupWithAssignments>(`${course(courseId)}/assignment_groups`, { 'include[]': ['assignments'] }),
    sections: (courseId: number) => http.getAll<CourseSection>(`${course(courseId)}/sections`),
    /** Every page of the student enrollments, handed to `onPage` as it arrives so their submissions can load meanwhile. */
    gradebookEnrollments: (courseId: number, onPage?: (page: StudentEnrollment[]) => void) =>
      http.getAll<StudentEnrollment>(`${course(courseId)}/enrollments`, { 'type[]': ['StudentEnrollment'] }, onPage),
    /** One student's enrollment, for their totals after a grade changed. */
    studentEnrollment: (courseId: number, userId: number) =>
      http.getAll<StudentEnrollment>(`${course(courseId)}/enrollments`, { 'type[]': ['StudentEnrollment'], user_id: userId }),
    /** The named students' submissions (at most STUDENTS_PER_SUBMISSIONS_CALL), one entry per student, with the fields a cell needs. */
    gradebookSubmissions: (courseId: number, userIds: readonly number[]) =>
      http.getOne<StudentSubmissions[]>(`${course(courseId)}/students/submissions`, {
        'student_ids[]': userIds.map(String),
        grouped: 'true',
        'response_fields[]': [...GRADEBOOK_SUBMISSION_FIELDS],
      }),
    /** Every student's submission of one assignment, after a bulk change to them. */
    assignmentSubmissions: (courseId: number, assignmentId: number) =>
      http.getAll<Submission>(`${course(courseId)}/assignments/${assignmentId}/submissions`),
    /** Bulk grading: one posted grade per student, answered with the Progress of the job that writes them. */
    gradesPosted: (courseId: number, assignmentId: number, grades: ReadonlyMap<number, string>) =>
      http.writeJson<Progress>('POST', `${course(courseId)}/assignments/${assignmentId}/submissions/update_grades`, {
        grade_data: Object.fromEntries([...grades].map(([userId, grade]) => [userId, { posted_grade: grade }])),
      }),
    progress: (progressId: number) => http.getOne<Progress>(`/api/v1/progress/${progressId}`),
    customColumns: (courseId: number) => http.getAll<CustomColumn>(`${course(courseId)}/custom_gradebook_columns`),
    columnData: (courseId: number, columnId: number) => http.getAll<ColumnDatum>(`${course(courseId)}/custom_gradebook_columns/${columnId}/data`),
    /** The course's teacher notes column (Canvas allows one), last among the custom columns. */
    notesColumnCreated: (courseId: number) =>
      http.writeJson<CustomColumn>('POST', `${course(courseId)}/custom_gradebook_columns`, { column: { title: 'Notes', teacher_notes: true } }),
    /** A student's entry in a column; blank content removes it. */
    columnDatumSaved: (courseId: number, columnId: number, userId: number, content: string) =>
      http.writeJson<ColumnDatum>('PUT', `${course(courseId)}/custom_gradebook_columns/${columnId}/data/${userId}`, { column_data: { content } }),
  };
}
