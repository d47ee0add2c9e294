import type { Submission } from '../../../contracts/grading-dtos.ts';
import type { GradeGroup, StudentEnrollment } from '../../../contracts/feedback-dtos.ts';
import type { Http } from './http.ts';

/** A student's released grades and feedback; `studentId` is the caller or a student they observe. */
export function feedbackCalls(http: Http) {
  const course = (courseId: number) => `/api/v1/courses/${courseId}`;
  return {
    gradeGroups: (courseId: number, studentId: number) =>
      http.getAll<GradeGroup>(`${course(courseId)}/assignment_groups`, { 'include[]': ['assignments', 'scores'], student_id: studentId }),
    studentSubmissions: (courseId: number, studentId: number) =>
      http.getAll<Submission>(`${course(courseId)}/students/submissions`, {
        'student_ids[]': [String(studentId)],
        'include[]': ['submission_comments'],
      }),
    /** One student's enrollments, or without `studentId` every student enrollment the caller may see (an observer: their students'). */
    studentEnrollments: (courseId: number, studentId?: number) =>
      http.getAll<StudentEnrollment>(`${course(courseId)}/enrollments`, { ...(studentId === undefined ? {} : { user_id: studentId }), 'type[]': ['StudentEnrollment'] }),
    /** A comment on the caller's own submission (Canvas's PUT with `comment[text_comment]`). */
    commentOnOwn: (courseId: number, assignmentId: number, text: string) =>
      http.writeJson<Submission>('PUT', `${course(courseId)}/assignments/${assignmentId}/submissions/self`, { comment: { text_comment: text } }),
  };
}
