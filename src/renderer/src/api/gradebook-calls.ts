import type { AssignmentGroupWithAssignments, CourseSection, StudentEnrollment, StudentSubmissions } from '../../../contracts/gradebook-dtos.ts';
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
    /** The named students' submissions (at most STUDENTS_PER_SUBMISSIONS_CALL), one entry per student. */
    gradebookSubmissions: (courseId: number, userIds: readonly number[]) =>
      http.getOne<StudentSubmissions[]>(`${course(courseId)}/students/submissions`, {
        'student_ids[]': userIds.map(String),
        grouped: 'true',
      }),
  };
}
